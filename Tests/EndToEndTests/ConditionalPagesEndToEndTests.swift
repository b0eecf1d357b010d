import Foundation
import Testing

/// A deck that branches on an answer, as a person pages through it in a terminal and as
/// `--plain` and `dump` print it.
@Suite("Conditional pages")
struct ConditionalPagesEndToEndTests {
    static let deck = """
        {
          "app": { "id": "com.example.branches", "name": "Branches", "version": "1.0.0" },
          "pages": [
            { "kind": "step", "heading": "Welcome aboard", "text": "One question decides what follows." },
            { "kind": "question", "id": "role", "heading": "What brings you here?",
              "choices": [ { "id": "study", "title": "Studying" }, { "id": "work", "title": "Work" } ] },
            { "kind": "step", "heading": "Campus perks", "text": "Free while you study.",
              "when": { "answer": "role", "is": "study" } },
            { "kind": "step", "heading": "Team seats", "text": "Invite your team.",
              "when": { "answer": "role", "is": "work" } },
            { "kind": "step", "heading": "All set now", "text": "Enjoy." }
          ]
        }
        """

    /// The progress dots' row, with the current dot and the others only.
    static func dots(_ screen: ScreenCapture) -> String {
        String(screen.row(22).filter { $0 == "●" || $0 == "○" })
    }

    @Test("answer A shows its page; back, answer B shows the other, and the dots recount")
    func branching() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let result = state.path("result.json")
        let terminal = try TmuxTerminal(
            deck: Self.deck,
            arguments: ["--state-dir", state.path("state"), "--reduce-motion", "--result-json", result])
        defer { terminal.close() }
        try terminal.start()
        let first = try #require(terminal.waitForText("Welcome aboard"))
        // Neither branch is on the path before the question is answered: three pages.
        #expect(Self.dots(first) == "●○○", "\(first)")
        try terminal.sendKeys("Right")
        #expect(terminal.waitForText("What brings you here?") != nil)
        try terminal.sendKeys("Enter")
        let study = try #require(terminal.waitForText("Campus perks"), "\(terminal.screen())")
        #expect(Self.dots(study) == "○○●○", "\(study)")
        #expect(!study.contains("Team seats"))
        try terminal.sendKeys("Left")
        let back = try #require(terminal.waitForText("What brings you here?"))
        #expect(Self.dots(back) == "○●○○", "\(back)")
        try terminal.sendKeys("Down", "Enter")
        let work = try #require(terminal.waitForText("Team seats"), "\(terminal.screen())")
        #expect(Self.dots(work) == "○○●○", "\(work)")
        try terminal.sendKeys("Right")
        #expect(terminal.waitForText("All set now") != nil)
        // Back retraces the path taken: the work page, not the study one.
        try terminal.sendKeys("Left")
        #expect(terminal.waitForText("Team seats") != nil, "\(terminal.screen())")
        try terminal.sendKeys("End", "Enter")
        #expect(terminal.waitForExit() == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: result))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((json["answers"] as? [String: Any])?["role"] as? String == "work")
        #expect(json["lastPage"] as? Int == 4)
    }

    /// `--plain` of the deck (a run), or `dump` of it.
    static func run(_ arguments: [String], in state: TemporaryDirectory) throws -> CommandRunner.Output {
        let deck = try state.write(Self.deck, to: "deck.json")
        let command =
            arguments.first == "dump"
            ? arguments + [deck] : ["--deck", deck, "--state-dir", state.path("state")] + arguments
        return try CommandRunner.run(try BuiltBinary.path(), command)
    }

    @Test(
        "--plain and dump print only the pages on the answer's path",
        arguments: [
            ("study", "Campus perks", "Team seats"), ("work", "Team seats", "Campus perks"),
        ])
    func plainAndDump(answer: String, shown: String, hidden: String) throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let plain = try Self.run(["--plain", "--answer", "role=\(answer)"], in: state)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput.contains("[3/4] \(shown)"), "\(plain.standardOutput)")
        #expect(!plain.standardOutput.contains(hidden))
        let dump = try Self.run(["dump", "--answer", "role=\(answer)"], in: state)
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(dump.standardOutput.contains("--- page 3/4: \(shown) ---"), "\(dump.standardOutput)")
        #expect(!dump.standardOutput.contains(hidden))
    }

    @Test("without an answer or a default, --plain stops at the required question; dump leaves out both branches")
    func unanswered() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let plain = try Self.run(["--plain"], in: state)
        #expect(plain.status == 65)
        #expect(plain.standardError.contains("question \"role\" needs an answer"), "\(plain.standardError)")
        let dump = try Self.run(["dump"], in: state)
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(dump.standardOutput.contains("--- page 3/3: All set now ---"), "\(dump.standardOutput)")
        #expect(!dump.standardOutput.contains("Campus perks") && !dump.standardOutput.contains("Team seats"))
    }
}
