import Foundation
import Testing

/// `--accessible` from the outside: the program driven by typed lines through a pipe and
/// through a pseudo-terminal, its transcript plain lines with no escape sequence at all, and
/// the same result, answers and purchases as a tour.
@Suite struct AccessibleConversationEndToEndTests {
    /// Runs the program with `lines` as its input through a pipe, and returns what it printed,
    /// its exit status and the result JSON it wrote.
    static func converse(
        _ arguments: [String], lines: [String], environment: [String: String] = [:], in directory: TemporaryDirectory
    ) throws -> (status: Int32, transcript: String, result: [String: Any]) {
        let resultPath = directory.path("result.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltBinary.path())
        process.arguments = arguments + ["--state-dir", directory.path("state"), "--result-json", resultPath]
        process.environment = ["LANG": "C.UTF-8", "HOME": directory.path("home")].merging(environment) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let data = (try? Data(contentsOf: URL(fileURLWithPath: resultPath))) ?? Data("{}".utf8)
        let result = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return (process.terminationStatus, transcript, result)
    }

    /// No escape, no carriage return: plain lines a screen reader says as they come.
    static func expectPlain(_ transcript: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = transcript.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" }
        #expect(controls.isEmpty, "control characters: \(controls.map(\.value))", sourceLocation: sourceLocation)
    }

    @Test func theBuiltInTourIsAConversationThroughAPipe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // After "3": the page it opens, the paywall, its exit offer, its survey, the last page.
        let lines = Array(repeating: "", count: 6) + ["3"] + Array(repeating: "", count: 5)
        let run = try Self.converse(["--accessible"], lines: lines, in: directory)
        #expect(run.status == 0)
        Self.expectPlain(run.transcript)
        #expect(run.transcript.hasPrefix("Welcome to tui-onboard\n"))
        #expect(run.transcript.contains("Page 1 of 9. Enter: next, s: skip, q: quit.\n"))
        #expect(run.transcript.contains("1) A first-run tour  2) A paywall for a Pro tier"))
        // The answer opens the page its condition shows: the path counts it.
        #expect(run.transcript.contains("Answers steer the tour\nOnly those who chose"))
        #expect(run.transcript.contains("\nBefore you go: a week of Pro, free\n"))
        #expect(run.transcript.contains("\nWhat held you back?\n"))
        #expect(run.transcript.contains("Page 10 of 10. Enter: finish"))
        #expect(run.result["outcome"] as? String == "completed")
        #expect(run.result["answers"] as? [String: String] == ["goal": "setup"])
    }

    @Test func aQuestionDeckIsAnsweredByNumbersNamesAndLetters() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(QuestionPagesEndToEndTests.deck, to: "deck.json")
        let lines = ["", "fish", "", "1 4", "2,3", "Ada 1", "Ada Lovelace", "y", ""]
        let run = try Self.converse(["--deck", deck], lines: lines, environment: ["ACCESSIBLE": "1"], in: directory)
        #expect(run.status == 0)
        Self.expectPlain(run.transcript)
        #expect(run.transcript.contains("That is not one of the choices\n"))
        #expect(run.transcript.contains("Not in the expected form (^[[:alpha:] ]+$)\n"))
        #expect(run.transcript.contains("Enter answers: No.\n"))
        let answers = try #require(run.result["answers"] as? [String: Any])
        #expect(answers["shell"] as? String == "fish")
        #expect(answers["tools"] as? [String] == ["docker", "k8s"])
        #expect(answers["name"] as? String == "Ada Lovelace")
        #expect(answers["telemetry"] as? Bool == true)
    }

    @Test func aPurchaseIsConfirmedThenSaidInWords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = Array(repeating: "", count: 6) + ["2", "3", "y", "q"]
        let run = try Self.converse(["--accessible", "--latency", "0"], lines: lines, in: directory)
        Self.expectPlain(run.transcript)
        #expect(run.transcript.contains("Buy Pro Lifetime for $99.99? y: yes, n: no.\nYou're all set\n"))
        #expect(run.result["outcome"] as? String == "quit")
        let purchases = try #require(run.result["purchases"] as? [[String: Any]])
        #expect(purchases.map { $0["productID"] as? String } == ["tui_onboard_pro_lifetime"])
    }

    @Test func throughAPseudoTerminalNothingEscapesAndTheModesStayAsTheyWere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let binary = try BuiltBinary.path()
        // script(1) runs the program on a pty of its own; stty -g before and after says whether
        // the terminal's modes changed.
        let command =
            "stty -g; '\(binary)' --accessible --state-dir '\(directory.path("state"))'; echo status=$?; stty -g"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.environment = ["LANG": "C.UTF-8", "HOME": directory.path("home"), "TERM": "xterm-256color"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("\n\nq\n".utf8))
        let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(!transcript.contains("\u{1B}"), "an escape sequence reached the terminal")
        #expect(transcript.contains("Page 3 of 9. Enter: next, b: back, s: skip, q: quit."))
        #expect(transcript.contains("status=0"))
        let modes = transcript.split(whereSeparator: \.isNewline).filter {
            $0.split(separator: ":").count > 30
        }
        #expect(modes.count == 2 && modes[0] == modes[1], "\(modes)")
    }

    /// Hebrew is said in its own (logical) order, as its catalog has it: a reader orders it.
    @Test func aRightToLeftLanguageIsSaidInLogicalOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try Self.converse(["--accessible", "--lang", "he"], lines: ["q"], in: directory)
        #expect(run.status == 0)
        Self.expectPlain(run.transcript)
        let prompt = try #require(run.transcript.split(separator: "\n").first { $0.hasPrefix("עמוד") })
        let isolates: Set<Unicode.Scalar> = ["\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]
        let words = String(String.UnicodeScalarView(prompt.unicodeScalars.filter { !isolates.contains($0) }))
        #expect(words == "עמוד 1 מתוך 9. Enter: הבא, s: דילוג, q: יציאה.")
    }

    /// Ctrl-C or a kill while the conversation waits for a line ends it as it ends a tour: the
    /// result says so, the state is kept, and the exit code is the signal's.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalWhileWaitingEndsTheConversationAsItEndsATour(signal: Int32, status: Int32) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A FIFO for standard input: lines are typed as the test goes, and it stays open.
        let input = directory.path("input")
        #expect(mkfifo(input, 0o600) == 0)
        // Open for writing (and reading, so it does not wait for a reader) before the program
        // opens it: the spawn would otherwise wait on the FIFO with the test.
        let typing = try #require(FileHandle(forUpdatingAtPath: input))
        defer { try? typing.close() }
        let output = directory.path("output")
        let pid = try ChildProcess.start(
            try BuiltBinary.path(),
            [
                "--accessible", "--state-dir", directory.path("state"), "--result-json", directory.path("result.json"),
            ], standardOutput: output, standardError: nil, standardInput: input)
        try typing.write(contentsOf: Data("\n".utf8))
        // The second page's prompt says the first line was read and the next is awaited.
        let waiting = Polling.until {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("Page 2 of 9.")
        }
        #expect(waiting)
        kill(pid, signal)
        #expect(try ChildProcess.wait(for: pid, executable: "tui-onboard") == status)
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path("result.json")))
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(result["outcome"] as? String == "interrupted")
        #expect(result["lastPage"] as? Int == 1)
    }

    /// A gate's paywall as a conversation: its exit code is the entitlement's answer.
    @Test(arguments: [(["1", "y"], Int32(0)), (["q"], Int32(1))] as [([String], Int32)])
    func aGatesPaywallAnswersWithItsExitCode(lines: [String], status: Int32) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try Self.converse(["paywall", "--accessible", "--latency", "0", "pro"], lines: lines, in: directory)
        Self.expectPlain(run.transcript)
        #expect(run.transcript.contains("Page 1 of 1. Enter: finish, 1 to 3: buy"))
        #expect(run.status == status)
    }

    @Test(arguments: ["--plain", "--autoplay=2", "--record=x.cast"])
    func anotherWayToShowTheTourIsAUsageError(option: String) throws {
        let run = try CommandRunner.run(try BuiltBinary.path(), ["--accessible", option])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--accessible show the tour in two different ways"))
    }
}
