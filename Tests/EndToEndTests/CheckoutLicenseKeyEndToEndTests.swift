import Foundation
import Testing

/// keygen.sh's own encrypted license pasted into the checkout sheet: the sheet asks for its
/// license key, a wrong key is refused and asked again, the right one stores the file and its
/// key, and `license list` and `has` agree afterwards. The key never reaches the screen, the
/// bytes written to the terminal, the recording, the events, the result or the state.
@Suite("Checkout sheet: an encrypted license's key, end to end")
struct CheckoutLicenseKeyEndToEndTests {
    typealias L = LicenseEndToEndTests
    static let fixture = BuiltBinary.repositoryRoot.appendingPathComponent(
        "Tests/LicensingTests/Fixtures/keygen/node.lic")
    /// node.lic's key, product and entitlement (the fixtures' README), and a date inside the
    /// file's validity.
    static let licenseKey = "DC00E8-CC6DA1-2E35BF-BBDC02-E80494-V3"
    static let wrongKey = "DC00E8-CC6DA1-2E35BF-BBDC02-E80494-V4"
    static let keygenProduct = "c9544ed3-f215-4fb5-bfa7-626bb03125a0"
    static let entitlement = "OFFLINE_SUPPORT"
    static let now = "2024-05-01"

    /// The built-in catalog sold for real under keygen's key, its entitlement named as the
    /// file's.
    static func catalog(in directory: TemporaryDirectory) throws -> String {
        try SoldCatalog.write(
            in: directory,
            licensing: [
                "mode": "signed", "publicKeys": [LicenseToolEncryptionEndToEndTests.keygenPublicKey],
                "keygenProduct": keygenProduct,
            ], entitlementID: entitlement)
    }

    /// Every file under `root`, but the stored key itself, with its text.
    static func filesBesideTheKey(under root: String) -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            guard !relative.hasSuffix(".key"), let data = FileManager.default.contents(atPath: path) else { continue }
            found.append((path, String(decoding: data, as: UTF8.self)))
        }
        return found
    }

    @Test("a wrong key is refused and asked again, the right one licenses; the key is never shown or written")
    func wrongKeyThenRightKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.catalog(in: directory)
        let state = directory.path("state")
        let (events, result, cast) = (
            directory.path("events.jsonl"), directory.path("result.json"), directory.path("cast")
        )
        let terminal = try TmuxTerminal(
            width: 80, height: 24,
            arguments: [
                "--catalog", catalog, "--state-dir", state, "--reduce-motion", "--latency", "0", "--now", Self.now,
                "--events", events, "--result-json", result, "--record", cast,
            ],
            environment: ["SSH_CONNECTION": "10.0.0.1 22 10.0.0.2 22"])
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        var screens: [String] = []
        func seen(_ text: String) -> Bool {
            guard let screen = terminal.waitForText(text) else { return false }
            screens.append(screen.lines.joined(separator: "\n"))
            return true
        }
        #expect(seen("tui-onboard"))
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(seen("Not purchased"), "no paywall:\n\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(seen("Pairing code"), "no checkout sheet:\n\(terminal.screen())")
        try terminal.paste(try String(contentsOf: Self.fixture, encoding: .utf8))
        #expect(seen("This license file is encrypted."), "\(terminal.screen())")

        // Typed key by key: each shows as a bullet, never as itself.
        try terminal.sendKeys("-l", Self.wrongKey)
        #expect(seen("License key: " + String(repeating: "•", count: Self.wrongKey.count)), "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(seen("does not open this"), "\(terminal.screen())")
        #expect(seen("This license file is encrypted."))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: state + "/licenses"))?.isEmpty ?? true)

        // Pasted, with the line end a copied line brings.
        try terminal.paste(Self.licenseKey + "\n")
        #expect(seen("License key: " + String(repeating: "•", count: Self.licenseKey.count)), "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(seen("Licensed to Test User"), "\(terminal.screen())")
        #expect(try terminal.dismiss("Pairing code"))
        #expect(seen("licensed to Test User"), "no license line on the paywall:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)

        let common = ["--catalog", catalog, "--app", L.appID, "--state-dir", state, "--now", Self.now]
        let listed = try CommandRunner.run(try BuiltBinary.path(), ["license", "list"] + common)
        #expect(listed.standardOutput.contains("valid license b336e03d"), "\(listed.standardOutput)")
        let has = try CommandRunner.run(try BuiltBinary.path(), ["has", Self.entitlement] + common)
        #expect(has.status == 0, "\(has.standardError)")
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: state + "/licenses").filter {
            $0.hasSuffix(".key")
        }
        #expect(keyFiles.count == 1)
        var info = stat()
        #expect(stat(state + "/licenses/" + (keyFiles.first ?? ""), &info) == 0 && info.st_mode & 0o777 == 0o600)

        // Neither key anywhere but in the key file: not on any screen, not in what was written
        // to the terminal, the recording, the events, the result, the state or what the
        // commands printed.
        let recorded = String(decoding: terminal.recordedOutput(), as: UTF8.self)
        let written = Self.filesBesideTheKey(under: state) + Self.filesBesideTheKey(under: directory.path("."))
        let texts =
            screens + [terminal.screen().lines.joined(separator: "\n"), recorded] + written.map(\.text)
            + [listed.standardOutput, listed.standardError, has.standardError]
        #expect(FileManager.default.fileExists(atPath: events) && FileManager.default.fileExists(atPath: cast))
        // Each six-character block of the keys (the two differ only in their last).
        let blocks = Self.licenseKey.split(separator: "-").filter { $0.count == 6 }.map(String.init)
        #expect(blocks.count == 5)
        for text in texts {
            for block in blocks { #expect(!text.contains(block), "a piece of the key is shown or written: \(block)") }
        }
    }
}
