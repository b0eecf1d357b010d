import Foundation
import Glibc
import Testing

/// `--result-json` and `--record` treat the files they are given alike, as a shell's `>` does:
/// a new file is 0666 less the umask, an existing one is written in place and keeps its inode,
/// mode and hard links, through a symbolic link too.
@Suite("Modes of output files", .serialized)
struct OutputFileModeTests {
    /// Runs the tour in a terminal with both outputs, quits on the first page, and waits for 0.
    private func runTour(result: String, recording: String, state: String, shellSetup: [String] = []) throws {
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages,
            arguments: ["--state-dir", state, "--result-json", result, "--record", recording],
            shellSetup: shellSetup)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText(DeckFixtures.headings[0]) != nil, "page 1 never appeared:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    private static func info(_ path: String) throws -> stat {
        var info = stat()
        try #require(stat(path, &info) == 0, "\(path) is missing")
        return info
    }

    @Test(arguments: [("022", mode_t(0o644)), ("077", mode_t(0o600))])
    func newOutputsAre0666LessTheUmask(umask: String, mode: mode_t) throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let result = files.path("result.json")
        let recording = files.path("session.cast")
        try runTour(result: result, recording: recording, state: files.path("state"), shellSetup: ["umask \(umask)"])
        #expect(try Self.info(result).st_mode & 0o7777 == mode)
        #expect(try Self.info(recording).st_mode & 0o7777 == mode)
    }

    @Test("an existing output keeps its inode, mode and hard links, named directly or through a link")
    func existingOutputsAreWrittenInPlace() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        var targets: [(path: String, inode: ino_t)] = []
        for name in ["result.json", "session.cast"] {
            let path = files.path(name)
            try Data("an older file, longer than a result would be, to see it cut\n".utf8)
                .write(to: URL(fileURLWithPath: path))
            try #require(chmod(path, 0o640) == 0 && link(path, files.path("other-\(name)")) == 0)
            targets.append((path, try Self.info(path).st_ino))
        }
        // The result by its own name, the recording through a symbolic link to it.
        try #require(symlink(files.path("session.cast"), files.path("link.cast")) == 0)
        try runTour(
            result: files.path("result.json"), recording: files.path("link.cast"), state: files.path("state"),
            shellSetup: ["umask 077"])
        for target in targets {
            let info = try Self.info(target.path)
            #expect(info.st_ino == target.inode, "\(target.path) was replaced by a new file")
            #expect(info.st_mode & 0o7777 == 0o640, "\(target.path)")
            #expect(info.st_nlink == 2, "\(target.path) lost its other name")
            let name = URL(fileURLWithPath: target.path).lastPathComponent
            let other = FileManager.default.contents(atPath: files.path("other-\(name)"))
            #expect(other == FileManager.default.contents(atPath: target.path))
        }
        let result = try #require(FileManager.default.contents(atPath: files.path("result.json")))
        let object = try JSONSerialization.jsonObject(with: result) as? [String: Any]
        #expect(object?["outcome"] as? String == "quit", "\(String(decoding: result, as: UTF8.self))")
        let recording = try String(contentsOfFile: files.path("session.cast"), encoding: .utf8)
        #expect(recording.hasPrefix("{\"version\": 2"), "the old bytes were not cut")
        var link = stat()
        #expect(lstat(files.path("link.cast"), &link) == 0 && link.st_mode & S_IFMT == S_IFLNK)
    }
}
