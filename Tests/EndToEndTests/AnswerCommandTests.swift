import Foundation
import Testing

/// `answer` and `answers` as a host's script calls them: names that do not exist are usage
/// errors that say what does (2), and what a state file edited by hand holds reaches stdout
/// only as safe text or escaped JSON.
@Suite("answer and answers")
struct AnswerCommandTests {
    static func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    /// A state directory where the deck of `QuestionPagesEndToEndTests` was answered in text.
    static func answered() throws -> (files: TemporaryDirectory, deck: String, state: String) {
        let files = try TemporaryDirectory()
        let deck = try files.write(QuestionPagesEndToEndTests.deck, to: "deck.json")
        let state = files.path("state")
        let plain = try run([
            "--plain", "--deck", deck, "--state-dir", state, "--answer", "shell=zsh", "--answer", "tools=git",
            "--answer", "name=Ada", "--answer", "telemetry=no",
        ])
        #expect(plain.status == 0, "\(plain)")
        return (files, deck, state)
    }

    /// What is asked, how: the exit code, and what stderr must say.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var status: Int32
        var stderr: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a question the deck does not ask, by --deck", arguments: ["answer", "shel", "--deck", "DECK"],
            status: 2,
            stderr: [
                "has no question \"shel\"; its questions are shell, tools, name, telemetry; did you mean \"shell\"?"
            ]),
        Case(
            name: "a question the built-in tour does not ask", arguments: ["answer", "gaol"], status: 2,
            stderr: ["the built-in tour has no question \"gaol\"", "did you mean \"goal\"?"]),
        Case(
            name: "a question of the deck nobody answered yet", arguments: ["answer", "goal"], status: 1, stderr: []),
        Case(
            name: "an app the state does not know, for answer",
            arguments: ["answer", "shell", "--app", "com.example.ask"],
            status: 2, stderr: ["no app \"com.example.ask\"", "did you mean \"com.example.asks\"?", "--deck FILE"]),
        Case(
            name: "an app the state does not know, for answers",
            arguments: ["answers", "--json", "--app", "com.example.ask"], status: 2,
            stderr: ["no app \"com.example.ask\"", "it knows \"com.example.asks\""]),
        Case(
            name: "an app the state knows, unanswered question",
            arguments: ["answer", "colour", "--app", "com.example.asks"],
            status: 1, stderr: []),
        Case(
            name: "the built-in tour's app by --app, never run",
            arguments: ["answers", "--app", "dev.tui-onboard.demo"],
            status: 0, stderr: []),
        Case(
            name: "another app by --app with a --deck of another app",
            arguments: ["answers", "--deck", "DECK", "--app", "com.example.other"], status: 2,
            stderr: ["no app \"com.example.other\""]),
    ]

    @Test(arguments: cases)
    func namesThatDoNotExist(_ test: Case) throws {
        let (files, deck, state) = try Self.answered()
        defer { files.remove() }
        let output = try Self.run(test.arguments.map { $0 == "DECK" ? deck : $0 } + ["--state-dir", state])
        #expect(output.status == test.status, "\(output)")
        for words in test.stderr { #expect(output.standardError.contains(words), "\(output.standardError)") }
        if test.status != 0 { #expect(output.standardOutput.isEmpty, "\(output)") }
        if test.stderr.isEmpty { #expect(output.standardError.isEmpty, "\(output)") }
    }

    /// Every scalar no answer given in a tour can hold: C0 controls, DEL, C1 controls, the line
    /// and paragraph separators.
    static let hostile = "a\u{1B}[31m\n\u{7F}\u{85}\u{9B}2J\u{2028}\u{2029}b"

    @Test("a state file edited by hand reaches stdout as safe text and escaped JSON")
    func handEditedAnswersAreMadeSafe() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let state = files.path("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let answers: [String: Any] = ["name": Self.hostile, "tools": ["git\nk8s", "doc\u{9B}ker"], "id\u{85}": "x"]
        let record: [String: Any] = [
            "lastSeenVersion": "1.0.0", "completion": "finished", "date": 0, "answers": answers,
        ]
        let data = try JSONSerialization.data(withJSONObject: ["apps": ["com.example.asks": record]])
        try data.write(to: URL(fileURLWithPath: state + "/state.json"))
        let common = ["--app", "com.example.asks", "--state-dir", state]
        let unsafe: (Unicode.Scalar) -> Bool = { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        // Text: one line per answer, and no control reaches it.
        let name = try Self.run(["answer", "name"] + common)
        #expect(name.status == 0 && name.standardOutput.split(separator: "\n").count == 1, "\(name)")
        let tools = try Self.run(["answer", "tools"] + common)
        #expect(tools.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count == 3, "\(tools)")
        let all = try Self.run(["answers"] + common)
        #expect(all.standardOutput.split(separator: "\n").count == 3, "\(all)")
        for output in [name, tools, all] {
            #expect(
                !output.standardOutput.unicodeScalars.contains(where: unsafe),
                "\(output.standardOutput.debugDescription)")
        }
        // JSON: escaped, never raw, and the same text to a parser.
        for arguments in [["answers", "--json"], ["answer", "name", "--json"], ["status", "--json"]] {
            let output = try Self.run(arguments + common)
            #expect(output.status == 0, "\(output)")
            let raw = output.standardOutput.unicodeScalars.filter { $0 != "\n" }
            #expect(!raw.contains(where: unsafe), "\(arguments): \(output.standardOutput.debugDescription)")
            let parsed = try JSONSerialization.jsonObject(
                with: Data(output.standardOutput.utf8), options: .fragmentsAllowed)
            let object = parsed as? [String: Any]
            let onboarding = object?["onboarding"] as? [String: Any]
            let text: Any? =
                switch arguments[0] {
                case "status": (onboarding?["answers"] as? [String: Any])?["name"]
                case "answer": parsed
                default: object?["name"]
                }
            #expect(text as? String == Self.hostile, "\(arguments)")
        }
    }
}
