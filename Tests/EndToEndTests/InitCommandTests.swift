import Foundation
import Testing

/// `tui-onboard init [DIR]`: a starter deck that validates and runs, and never a file overwritten.
@Suite("init")
struct InitCommandTests {
    static let written = ["deck.json", "art/welcome.txt", "catalog.json"]

    @Test("init writes a deck, its art and a catalog that validate with no warning")
    func initWritesAValidDeck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path("new/tour")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["init", target])
        #expect(result.status == 0, "\(result)")
        for file in Self.written {
            #expect(FileManager.default.fileExists(atPath: "\(target)/\(file)"), "\(file) missing")
            #expect(result.standardOutput.contains("\(target)/\(file)"))
        }
        let validated = try CommandRunner.run(
            try BuiltBinary.path(), ["validate", "\(target)/deck.json", "\(target)/catalog.json"])
        #expect(validated.status == 0, "\(validated)")
        #expect(validated.standardError.isEmpty, "warnings: \(validated.standardError)")
        #expect(validated.standardOutput.contains("deck.json: valid (4 pages)"))
        #expect(validated.standardOutput.contains("catalog.json: valid (catalog)"))
        // Each "$schema" names a file that is there, beside the deck, so an editor can read it.
        for file in ["deck.json", "catalog.json"] {
            let text = try String(contentsOfFile: "\(target)/\(file)", encoding: .utf8)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let schema = try #require(object["$schema"] as? String, "\(file) names no schema")
            #expect(!schema.contains("://"), "\(schema) must be fetched")
            let schemaText = try String(contentsOfFile: "\(target)/\(schema)", encoding: .utf8)
            #expect(schemaText.contains("2020-12"))
        }
    }

    @Test("init without DIR writes into the current directory")
    func initWritesHere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandRunner.run(
            "/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" init", "sh", directory.path(""), try BuiltBinary.path()])
        #expect(result.status == 0, "\(result)")
        for file in Self.written {
            #expect(FileManager.default.fileExists(atPath: directory.path(file)), "\(file) missing")
        }
    }

    @Test("init refuses to overwrite: exit 73, a message naming the file, nothing written")
    func initNeverOverwrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mine = try directory.write("{\"mine\": true}", to: "catalog.json")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["init", directory.path("")])
        #expect(result.status == 73)
        #expect(result.standardError.contains("catalog.json exists already"), "\(result.standardError)")
        #expect(result.standardError.contains("nothing was written"))
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "{\"mine\": true}")
        #expect(!FileManager.default.fileExists(atPath: directory.path("deck.json")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("art")))
    }

    @Test("the starter deck runs: its first page in a terminal, every page with --plain")
    func theStarterDeckRuns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = try CommandRunner.run(try BuiltBinary.path(), ["init", directory.path("tour")])
        #expect(made.status == 0)
        let deck = directory.path("tour/deck.json")
        let state = directory.path("state")
        let plain = try CommandRunner.run(try BuiltBinary.path(), ["--deck", deck, "--plain", "--state-dir", state])
        #expect(plain.status == 0, "\(plain)")
        for heading in [
            "[1/4] Welcome to My Tool", "[2/4] One thing it does well", "[3/4] Which shell do you use?", "[4/4]",
            "Pro Annual",
        ] {
            #expect(plain.standardOutput.contains(heading), "\(heading)")
        }
        // Its question has a default, which a page of text takes as Enter would, and keeps.
        let answer = try CommandRunner.run(
            try BuiltBinary.path(), ["answer", "shell", "--deck", deck, "--state-dir", state])
        #expect(answer.status == 0 && answer.standardOutput == "bash\n", "\(answer)")
        let terminal = try TmuxTerminal(arguments: ["--deck", deck, "--state-dir", state])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText("Welcome to My Tool") != nil, "\(terminal.screen())")
        #expect(terminal.waitForText("a first run worth a second") != nil, "the art is drawn: \(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }
    /// What the starter paywall shows at 80x24 in each layout, which the list never shows.
    static let layoutSigns: [(layout: String, signs: [String])] = [
        ("list", ["Pro Annual", "Pro Monthly", "Pro Lifetime"]),
        ("cards", ["╭", "Pro Annual", "Pro Lifetime"]),
        ("tiers", ["Pro", "Lifetime", "Monthly", "Yearly"]),
        ("comparison", ["✓", "✗", "once"]),
    ]

    @Test(
        "init --layout writes that layout, which validates with no warning and draws as itself", arguments: layoutSigns)
    func initWritesTheChosenLayout(layout: String, signs: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path("tour")
        let made = try CommandRunner.run(try BuiltBinary.path(), ["init", target, "--layout", layout])
        #expect(made.status == 0, "\(made)")
        #expect(made.standardOutput.contains("its paywall's \"layout\" is \(layout);"), "\(made.standardOutput)")
        let deck = try String(contentsOfFile: "\(target)/deck.json", encoding: .utf8)
        #expect(deck.contains("\"layout\": \"\(layout)\""))
        let validated = try CommandRunner.run(
            try BuiltBinary.path(), ["validate", "\(target)/deck.json", "\(target)/catalog.json"])
        // All of it shows at 80x24; a designed layout is told what it leaves out at 40x12.
        let warnings = validated.standardError.split(separator: "\n")
        #expect(validated.status == 0 && warnings.count == (layout == "list" ? 0 : 1), "\(validated)")
        #expect(warnings.allSatisfy { $0.contains("at 40x12") }, "\(validated.standardError)")
        let dumped = try CommandRunner.run(try BuiltBinary.path(), ["dump", "--size", "80x24", "\(target)/deck.json"])
        #expect(dumped.status == 0, "\(dumped)")
        let paywall = try #require(dumped.standardOutput.components(separatedBy: "4/4").last)
        for sign in signs { #expect(paywall.contains(sign), "\(layout) lacks \(sign):\n\(paywall)") }
    }

    /// Runs `init` on a pseudo-terminal of script(1), `input` typed into it; what it printed.
    static func initOnATerminal(_ directory: String, typing input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "'\(try BuiltBinary.path())' init '\(directory)'", "/dev/null"]
        process.environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let keyboard = Pipe()
        let screen = Pipe()
        process.standardInput = keyboard
        process.standardOutput = screen
        try process.run()
        try keyboard.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        let output = String(decoding: screen.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try keyboard.fileHandleForWriting.close()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("on a terminal init asks for the layout, asks again for a wrong answer, and writes the one picked")
    func initAsksOnATerminal() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try Self.initOnATerminal(directory.path("tour"), typing: "grid\n3\n")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Which layout should the paywall have?"))
        #expect(run.output.contains("Type a number from 1 to 4 or a layout's name."))
        let deck = try String(contentsOfFile: directory.path("tour/deck.json"), encoding: .utf8)
        #expect(deck.contains("\"layout\": \"tiers\"") && deck.contains("\"periodSwitch\": true"))
    }

    @Test("on a terminal, the input's end before an answer writes nothing and exits 1")
    func initAskedAndLeft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try Self.initOnATerminal(directory.path("tour"), typing: "\u{4}")
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("no layout was chosen; nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("tour")))
    }

    @Test("on a terminal, a file in the way is said before anything is asked")
    func initRefusesBeforeAsking() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mine = try directory.write("{}", to: "catalog.json")
        let run = try Self.initOnATerminal(directory.path(""), typing: "3\n")
        #expect(run.status == 73, "\(run.output)")
        #expect(!run.output.contains("Which layout"), "\(run.output)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "{}")
    }

    @Test("without a terminal init asks nothing and writes the list")
    func initWithoutATerminalTakesTheList() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try CommandRunner.run(
            "/bin/sh", ["-c", "echo 3 | exec \"$0\" init \"$1\"", try BuiltBinary.path(), directory.path("tour")])
        #expect(run.status == 0 && !run.standardError.contains("Which layout"), "\(run)")
        let deck = try String(contentsOfFile: directory.path("tour/deck.json"), encoding: .utf8)
        #expect(deck.contains("\"layout\": \"list\""))
    }
}
