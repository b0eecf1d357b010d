import Foundation
import Testing

/// Question pages as a person answers them in a terminal, and as a host reads the answers:
/// the result JSON, `answer` and `answers`, `reset`, and `--plain` with `--answer`.
@Suite("Question pages")
struct QuestionPagesEndToEndTests {
    static let deck = """
        {
          "app": { "id": "com.example.asks", "name": "Asks", "version": "1.0.0" },
          "pages": [
            { "kind": "step", "heading": "Welcome aboard", "text": "Three questions follow." },
            { "kind": "question", "id": "shell", "heading": "Which shell do you use?",
              "choices": [ { "id": "bash", "title": "Bash" }, { "id": "zsh", "title": "Zsh" }, { "id": "fish", "title": "fish" } ] },
            { "kind": "question", "id": "tools", "heading": "What do you work with?", "multiple": true, "min": 1, "max": 2,
              "choices": [ { "id": "git", "title": "Git" }, { "id": "docker", "title": "Docker" }, { "id": "k8s", "title": "Kubernetes" } ] },
            { "kind": "question", "id": "name", "heading": "What should we call you?",
              "input": { "placeholder": "Ada Lovelace", "pattern": "^[[:alpha:] ]+$", "maxLength": 40 } },
            { "kind": "question", "id": "telemetry", "heading": "Send anonymous usage data?", "confirm": { "default": false } },
            { "kind": "step", "heading": "All set now", "text": "Enjoy." }
          ]
        }
        """

    static func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    /// The tour of `deck` in tmux on its first page, its state in `state`, its result to `result`
    /// and its events, if asked, to `events`.
    static func startTour(in state: TemporaryDirectory, result: String, events: String? = nil) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(
            deck: Self.deck,
            arguments: ["--state-dir", state.path("state"), "--reduce-motion", "--result-json", result]
                + (events.map { ["--events", $0] } ?? []))
        try terminal.start()
        #expect(terminal.waitForText("Welcome aboard") != nil)
        return terminal
    }

    static func answers(in resultPath: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: resultPath))
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(result["answers"] as? [String: Any])
    }

    @Test("all three kinds answered with keys and a paste reach the result, answer and answers; reset forgets them")
    func answeringEveryKind() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let result = state.path("result.json")
        let events = state.path("events.jsonl")
        let terminal = try Self.startTour(in: state, result: result, events: events)
        defer { terminal.close() }
        try terminal.sendKeys("Right")
        #expect(terminal.waitForText("Which shell do you use?") != nil)
        // Next without an answer stays and says why.
        try terminal.sendKeys("Right")
        #expect(terminal.waitForText("An answer is needed to go on") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Down", "Enter")
        #expect(terminal.waitForText("What do you work with?") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Space", "Down", "Down", "Space", "Enter")
        #expect(terminal.waitForText("What should we call you?") != nil, "\(terminal.screen())")
        // q, s and digits are typed here, not the tour's keys; a wrong answer says why.
        try terminal.sendKeys("q", "s", "1", "Enter")
        #expect(terminal.waitForText("Not in the expected form") != nil, "\(terminal.screen())")
        try terminal.sendKeys("C-u")
        try terminal.paste("Ada\u{07} \u{1B}Lovelace")
        #expect(terminal.waitForText("2 control characters left out") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("Send anonymous usage data?") != nil, "\(terminal.screen())")
        try terminal.sendKeys("y")
        #expect(terminal.waitForText("All set now") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForExit() == 0)
        let answers = try Self.answers(in: result)
        #expect(answers["shell"] as? String == "zsh")
        #expect(answers["tools"] as? [String] == ["git", "k8s"])
        #expect(answers["name"] as? String == "Ada Lovelace")
        #expect(answers["telemetry"] as? Bool == true)
        // The event stream tells each answer as it is given, before the page it leads to.
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let told = lines.compactMap { line -> String? in
            switch line["event"] as? String {
            case "pageViewed": return "page \(line["index"] ?? "?")"
            case "questionAnswered":
                let answer = try? JSONSerialization.data(
                    withJSONObject: line["answer"] ?? NSNull(), options: .fragmentsAllowed)
                return "\(line["id"] ?? "?")=" + String(decoding: answer ?? Data(), as: UTF8.self)
            case let other: return other
            }
        }
        #expect(
            told == [
                "tourStarted", "page 0", "page 1", #"shell="zsh""#, "page 2", #"tools=["git","k8s"]"#, "page 3",
                #"name="Ada Lovelace""#, "page 4", "telemetry=true", "page 5", "tourFinished",
            ], "\(told)")
        let common = ["--app", "com.example.asks", "--state-dir", state.path("state")]
        let shell = try Self.run(["answer", "shell"] + common)
        #expect(shell.status == 0 && shell.standardOutput == "zsh\n", "\(shell)")
        let tools = try Self.run(["answer", "tools"] + common)
        #expect(tools.standardOutput == "git\nk8s\n")
        let json = try Self.run(["answer", "telemetry", "--json"] + common)
        #expect(json.standardOutput == "true\n")
        let all = try Self.run(["answers"] + common)
        #expect(all.standardOutput == "name=Ada Lovelace\nshell=zsh\ntelemetry=true\ntools=git,k8s\n")
        let status = try Self.run(["status"] + common)
        #expect(
            status.standardOutput.contains("  answers: name=Ada Lovelace, shell=zsh, telemetry=true, tools=git,k8s\n"),
            "\(status)")
        let missing = try Self.run(["answer", "colour"] + common)
        #expect(missing.status == 1 && missing.standardOutput.isEmpty)
        #expect(try Self.run(["reset"] + common).status == 0)
        // After a reset the deck still names the app: nothing answered.
        let deck = try state.write(Self.deck, to: "deck.json")
        let byDeck = ["--deck", deck, "--state-dir", state.path("state")]
        #expect(try Self.run(["answer", "shell"] + byDeck).status == 1)
        #expect(try Self.run(["answers", "--json"] + byDeck).standardOutput == "{}\n")
        // --app alone: the state no longer knows the app (its deck names no catalog to keep).
        let forgotten = try Self.run(["answers", "--json"] + common)
        #expect(forgotten.status == 2 && forgotten.standardOutput.isEmpty, "\(forgotten)")
        #expect(forgotten.standardError.contains("no app \"com.example.asks\""), "\(forgotten)")
    }

    @Test("a later tour starts with the answers kept, and the paste of a megabyte fills the field and no more")
    func keptAnswersAndAHugePaste() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let deck = try state.write(Self.deck, to: "deck.json")
        let given = try Self.run([
            "--plain", "--deck", deck, "--state-dir", state.path("state"), "--answer", "shell=fish",
            "--answer", "tools=docker", "--answer", "name=Grace", "--answer", "telemetry=no",
        ])
        #expect(given.status == 0, "\(given.standardError)")
        let result = state.path("result.json")
        let terminal = try Self.startTour(in: state, result: result)
        defer { terminal.close() }
        // Every question is answered already: a digit goes straight to the text field.
        try terminal.sendKeys("4")
        #expect(terminal.waitForText("› Grace") != nil, "\(terminal.screen())")
        try terminal.sendKeys("C-u")
        try terminal.paste(String(repeating: "é\u{1B}", count: 1024 * 1024 / 3))
        #expect(terminal.waitForText("40/40", timeout: .seconds(60)) != nil, "\(terminal.screen())")
        #expect(terminal.screen().contains("Full:"), "\(terminal.screen())")
        // PgDn leaves the field (answered with what it holds), End goes to the last page.
        try terminal.sendKeys("PgDn")
        #expect(terminal.waitForText("Send anonymous usage data?") != nil, "\(terminal.screen())")
        try terminal.sendKeys("End")
        #expect(terminal.waitForText("All set now") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForExit() == 0)
        let answers = try Self.answers(in: result)
        let name = try #require(answers["name"] as? String)
        #expect(name.count == 40 && !name.unicodeScalars.contains { $0.value < 0x20 }, "\(name)")
        #expect(answers["shell"] as? String == "fish")
    }

    @Test("--plain needs every required question answered, and says which and what it takes")
    func plainRunsTakeAnswersOnTheCommandLine() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let deck = try state.write(Self.deck, to: "deck.json")
        let base = ["--plain", "--deck", deck, "--state-dir", state.path("state")]
        let none = try Self.run(base)
        #expect(none.status == 65)
        #expect(none.standardError.contains("question \"shell\" needs an answer: one of: bash, zsh, fish"))
        #expect(none.standardOutput.isEmpty)
        let wrong = try Self.run(base + ["--answer", "shell=tcsh"])
        #expect(wrong.status == 65)
        #expect(wrong.standardError.contains("\"tcsh\" is not one of the choices; it takes one of: bash, zsh, fish"))
        let tooMany = try Self.run(base + ["--answer", "tools=git,docker,k8s"])
        #expect(tooMany.standardError.contains("at most 2 may be picked"), "\(tooMany.standardError)")
        let pattern = try Self.run(base + ["--answer", "name=R2D2"])
        #expect(pattern.standardError.contains("does not match ^[[:alpha:] ]+$"), "\(pattern.standardError)")
        let unknown = try Self.run(base + ["--answer", "colour=red"])
        #expect(
            unknown.standardError.contains(
                "the deck has no question \"colour\"; its questions are shell, tools, name, telemetry"))
        let file = try state.write(
            #"{"shell": "bash", "tools": ["git"], "name": "Ada", "telemetry": "yes"}"#, to: "answers.json")
        let fromFile = try Self.run(base + ["--answers", file, "--answer", "shell=zsh", "--result-json", "-"])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(fromFile.standardOutput.contains("Answer: zsh"))
        #expect(fromFile.standardOutput.contains(#""telemetry" : true"#), "\(fromFile.standardOutput)")
        let broken = try state.write("{\"shell\": ", to: "broken.json")
        let bad = try Self.run(base + ["--answers", broken])
        #expect(bad.status == 65 && bad.standardError.contains("broken.json:1:"), "\(bad.standardError)")
        // Nothing was saved by the runs that failed.
        let stored = try Self.run(["answers", "--app", "com.example.asks", "--state-dir", state.path("state")])
        #expect(stored.standardOutput == "name=Ada\nshell=zsh\ntelemetry=true\ntools=git\n")
    }

    @Test("--autoplay refuses a required question that starts with no answer; given one, the kiosk turns past it")
    func autoplayNeverWaitsOnAQuestion() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let deck = try state.write(Self.deck, to: "deck.json")
        let refused = try Self.run(["--deck", deck, "--state-dir", state.path("state"), "--autoplay", "1", "--loop"])
        #expect(refused.status == 65)
        #expect(
            refused.standardError.contains(
                "question \"shell\" needs an answer for --autoplay to turn past it: one of: bash, zsh, fish; give it with --answer shell=VALUE"
            ), "\(refused.standardError)")
        let terminal = try TmuxTerminal(
            deck: Self.deck,
            arguments: [
                "--state-dir", state.path("state"), "--reduce-motion", "--autoplay", "0.2", "--loop",
                "--answer", "shell=zsh", "--answer", "tools=git", "--answer", "name=Ada",
            ])
        try terminal.start()
        defer { terminal.close() }
        #expect(terminal.waitForText("All set now") != nil, "\(terminal.screen())")
        #expect(terminal.waitForText("Welcome aboard") != nil, "looped: \(terminal.screen())")
    }

    @Test("dump draws every page past an unanswered question, with --answer and --theme as a tour takes them")
    func dumpTakesAnswers() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let deck = try state.write(Self.deck, to: "deck.json")
        let result = try Self.run(["dump", deck, "--answer", "name=Grace", "--theme", "light"])
        #expect(result.status == 0, "\(result.standardError)")
        let pages = result.standardOutput.components(separatedBy: "--- page ").dropFirst()
        #expect(pages.count == 6)
        for (page, heading) in zip(
            pages,
            [
                "Welcome aboard", "Which shell", "What do you work with", "What should we call you", "Send anonymous",
                "All set now",
            ]
        ) {
            #expect(page.contains(heading), "\(page)")
            #expect(!page.contains("An answer is needed to go on"), "\(page)")
        }
        #expect(pages.dropFirst(3).first?.contains("Grace") == true)
        let unknown = try Self.run(["dump", deck, "--answer", "colour=red"])
        #expect(unknown.status == 65 && unknown.standardError.contains("the deck has no question \"colour\""))
    }
}
