import Foundation
import Testing

/// `--autoplay` turning pages in a real terminal, and `--record` checked with real players:
/// asciinema's `cat` and the pyte terminal emulator.
@Suite("Autoplay and recording in a terminal", .serialized)
struct AutoplayRecordingTests {
    let headings = DeckFixtures.headings

    @Test("autoplay shows page 2 by itself; a key pauses, p resumes")
    func autoplayTurnsPagesByItself() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages, arguments: ["--autoplay", "0.5"])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText(headings[0]) != nil, "page 1 never appeared:\n\(terminal.screen())")
        // No key was sent: the slide to page 2 is autoplay's.
        #expect(terminal.waitForText(headings[1]) != nil, "page 2 never came by itself:\n\(terminal.screen())")
        try terminal.sendKeys("x")
        let paused = terminal.waitForText("paused · p resumes")
        #expect(paused != nil, "no pause hint:\n\(terminal.screen())")
        try terminal.sendKeys("p")
        #expect(terminal.waitForText(headings[2]) != nil, "page 3 never came after p:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("a recording is every byte the terminal got, and replays to the same screen")
    func recordingReplaysToTheSameScreen() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let cast = files.path("session.cast")
        // Page 2 stays 1.5 s, long enough for a capture to see it on a loaded machine (at 0.3 s
        // a poll could miss it and the test then paused on page 3).
        let recorded = try TmuxTerminal(
            deck: DeckFixtures.threePages,
            arguments: ["--autoplay", "1.5", "--reduce-motion", "--seed", "1", "--record", cast],
            environment: ["SHELL": "/bin/sh"])
        defer { recorded.close() }
        try recorded.start(recordingOutput: true)
        #expect(recorded.waitForText(headings[1]) != nil, "page 2 never came:\n\(recorded.screen())")
        try recorded.sendKeys("x")
        #expect(recorded.waitForText("paused · p resumes") != nil, "no pause hint:\n\(recorded.screen())")
        try recorded.resize(width: 70, height: 20)
        let resized = recorded.waitForScreen { screen in
            screen.lines.count == 20 && screen.row(19).hasSuffix("Next >") && screen.contains("paused · p resumes")
        }
        let lastScreen = try #require(resized, "no redraw at 70x20:\n\(recorded.screen())")
        try recorded.sendKeys("q")
        #expect(recorded.waitForExit() == 0)

        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        let firstLine = try #require(lines.first)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(firstLine.utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect((header["timestamp"] as? Int ?? 0) > 1_700_000_000)
        let env = try #require(header["env"] as? [String: String])
        #expect(env["SHELL"] == "/bin/sh")
        #expect(env["TERM"]?.isEmpty == false)
        var output = ""
        var resizes: [String] = []
        var lastTime = 0.0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            let time = try #require(event[0] as? Double)
            #expect(time >= lastTime, "events go back in time at \(line)")
            lastTime = time
            let data = try #require(event[2] as? String)
            switch event[1] as? String {
            case "o": output += data
            case "r": resizes.append(data)
            default: Issue.record("unknown event \(line)")
            }
        }
        #expect(resizes == ["70x20"])
        // Exactly what tmux received from the app, from its first byte to the restore at exit.
        let received = String(decoding: recorded.recordedOutput(), as: UTF8.self)
        #expect(output == received, "the recording differs from what the terminal got")
        #expect(received.contains("\u{1B}[?1049l"), "the restore at exit was not received")

        // asciinema plays it: `cat` prints the output events (it needs a terminal: script gives one).
        let played = files.path("played")
        let cat = try CommandRunner.run(
            "/usr/bin/script", ["-qec", "asciinema cat \(cast) > \(played)", "/dev/null"], timeout: .seconds(30))
        #expect(cat.status == 0, "asciinema cat failed: \(cat.standardOutput)\(cat.standardError)")
        #expect(FileManager.default.contents(atPath: played).map { [UInt8]($0) } == recorded.recordedOutput())

        // pyte, fed the events at the recorded sizes, ends on the screen tmux showed last (the app
        // leaves the alternate screen at exit, which pyte does not keep apart).
        let script = BuiltBinary.repositoryRoot.appendingPathComponent("scripts/replay-cast.py").path
        let replay = try CommandRunner.run(try Self.python(), [script, cast], timeout: .seconds(30))
        #expect(replay.status == 0, "\(replay.standardError)")
        var replayed = replay.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if replayed.last == "" { replayed.removeLast() }
        var shown = lastScreen.lines
        while shown.count < 20 { shown.append("") }
        #expect(
            replayed == shown, "pyte:\n\(replayed.joined(separator: "\n"))\ntmux:\n\(shown.joined(separator: "\n"))")
    }

    @Test("a killed run keeps what it recorded, every line whole")
    func killedRunKeepsItsRecording() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let cast = files.path("killed.cast")
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages, arguments: ["--record", cast])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText(headings[0]) != nil, "page 1 never appeared:\n\(terminal.screen())")
        let pid = try #require(terminal.appProcessID())
        kill(pid, SIGKILL)
        #expect(terminal.waitForExit() == 128 + SIGKILL)
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        var output = ""
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            output += event[2] as? String ?? ""
        }
        #expect(output.contains(headings[0]), "the first page is not in the recording")
    }

    @Test("a recording file that cannot be written stops the run before the terminal is touched")
    func unwritableRecording() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(DeckFixtures.threePages, to: "deck.json")
        let path = directory.path("no-such-directory/session.cast")
        let run = try CommandRunner.run(try BuiltBinary.path(), ["--deck", deck, "--record", path])
        // Not a terminal: the run stops at that check first (2), and so never opens the file.
        #expect(run.status == 2)
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages, arguments: ["--record", path], capturingStandardError: true)
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        #expect(terminal.waitForExit() == 74)
        #expect(terminal.standardError().contains("cannot record to \(path): No such file or directory"))
        #expect(terminal.recordedOutput().isEmpty, "the terminal was written to")
    }

    @Test(
        "a recording cut by a full disk ends on a whole event, plays, and the tour goes on",
        .enabled(if: FullFileSystem.isAvailable, "needs root to mount a small tmpfs"))
    func recordingOnAFullDisk() throws {
        let disk = try FullFileSystem(kilobytes: 64)
        defer { disk.remove() }
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let cast = disk.path("session.cast")
        try disk.fill()
        // One page of room: the header and a few frames, not a round of three pages of slides
        // (about 6 KB).
        try disk.makeRoom(bytes: 4_096)
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages,
            arguments: ["--autoplay", "0.3", "--loop", "--state-dir", state.path("state"), "--record", cast],
            capturingStandardError: true)
        defer { terminal.close() }
        try terminal.start()
        // The tour keeps turning pages after the disk filled up: round to page 3 and back to 1.
        #expect(terminal.waitForText(headings[2]) != nil, "page 3 never came:\n\(terminal.screen())")
        #expect(terminal.waitForText(headings[0]) != nil, "page 1 never came again:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 74, "a recording that stopped early is an I/O error")
        let message = terminal.standardError()
        #expect(message.components(separatedBy: "the recording stopped early").count == 2, "\(message)")
        #expect(message.contains("No space left on device"), "\(message)")

        let bytes = try #require(FileManager.default.contents(atPath: cast))
        #expect(bytes.last == UInt8(ascii: "\n"), "the recording ends inside an event")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count > 1, "not even one event was kept")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line.suffix(80))")
        }
        let cat = try CommandRunner.run(
            "/usr/bin/script", ["-qec", "asciinema cat \(cast) > /dev/null", "/dev/null"], timeout: .seconds(30))
        #expect(cat.status == 0, "asciinema cat failed: \(cat.standardOutput)\(cat.standardError)")
    }

    /// The first `python3` (on PATH, then Debian's) that can import pyte.
    static func python() throws -> String {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3"]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if try CommandRunner.run(candidate, ["-c", "import pyte"]).status == 0 { return candidate }
        }
        throw EndToEndError(
            "no python3 with pyte: install it with `sudo apt-get install -y python3-pyte` (or run `make deps`)")
    }
}
