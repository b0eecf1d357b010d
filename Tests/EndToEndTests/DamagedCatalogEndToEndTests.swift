import Foundation
import Testing

/// A damaged message catalog never crashes a run: glibc follows a `.mo` file's offsets without
/// checking them (a few flipped bytes made it fault), so the binary checks the layout first and
/// reads English when the catalog does not hold.
@Suite("Damaged message catalogs")
struct DamagedCatalogEndToEndTests {
    @Test("German --plain over 40 catalogs with bytes flipped at random, and over cut ones, exits 0 every time")
    func damagedCatalogsReadAsEnglish() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = directory.path("locale/de/LC_MESSAGES/tui-onboard.mo")
        try FileManager.default.createDirectory(
            atPath: (catalog as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let po = BuiltBinary.repositoryRoot.appendingPathComponent("po/de.po").path
        let compiled = try CommandRunner.run("/usr/bin/env", ["msgfmt", "-o", catalog, po], timeout: .seconds(60))
        try #require(compiled.status == 0, "\(compiled.standardError)")
        let good = try Data(contentsOf: URL(fileURLWithPath: catalog))
        func plain() throws -> CommandRunner.Output {
            try CommandRunner.run(
                "/usr/bin/env",
                [
                    "-u", "LANGUAGE", "-u", "LC_ALL", "LANG=de_DE.UTF-8",
                    "TUI_ONBOARD_LOCALEDIR=" + directory.path("locale"),
                    try BuiltBinary.path(), "--plain", "--state-dir", directory.path("state"),
                ],
                timeout: .seconds(60))
        }
        // The intact catalog is German.
        #expect(try plain().standardOutput.contains("Willkommen"))
        var generator = SeededBytes(seed: 24)
        var damaged: [Data] = (0..<40).map { _ in
            var bytes = [UInt8](good)
            for _ in 0..<200 { bytes[generator.next(below: bytes.count)] = UInt8(generator.next(below: 256)) }
            return Data(bytes)
        }
        damaged += [1, 27, 28, good.count / 3, good.count - 1].map { good.prefix($0) }
        for (index, bytes) in damaged.enumerated() {
            try bytes.write(to: URL(fileURLWithPath: catalog))
            let run = try plain()
            #expect(run.status == 0, "damaged copy \(index): exit \(run.status), \(run.standardError)")
            #expect(run.standardOutput.contains("[1/9] "), "damaged copy \(index)")
        }
    }

    /// A small deterministic generator, so a failing copy can be made again.
    struct SeededBytes {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }
}
