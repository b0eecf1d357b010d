import Testing

@testable import OnboardKit

/// What `validate` says about question pages, at the line and column of the problem.
@Suite struct QuestionDeckTests {
    static func load(_ pages: String) -> DeckLoadResult {
        let json = "{\"app\": {\"id\": \"a\", \"name\": \"A\"},\n\"pages\": [\n\(pages)\n]}"
        return DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]), checksLayout: true)
    }

    @Test func aGoodDeckDecodesEveryKind() throws {
        let result = Self.load(
            """
            {"kind": "question", "id": "shell", "heading": "Shell?", "choices": [{"id": "bash", "title": "Bash"}, {"id": "zsh", "title": {"default": "Zsh", "de": "Z-Shell"}}], "default": "zsh"},
            {"kind": "question", "id": "tools", "heading": "Tools?", "multiple": true, "min": 1, "max": 2, "choices": [{"id": "git", "title": "Git"}, {"id": "docker", "title": "Docker"}], "default": ["git"]},
            {"kind": "question", "id": "name", "heading": "Name?", "required": false, "input": {"placeholder": "Ada", "pattern": "^[a-z]+$", "maxLength": 12, "default": "ada"}},
            {"kind": "question", "id": "telemetry", "heading": "Telemetry?", "confirm": {"default": true}}
            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let questions = try #require(result.deck).pages.compactMap(\.question)
        #expect(questions.map(\.id) == ["shell", "tools", "name", "telemetry"])
        #expect(questions.map(\.defaultAnswer) == [.text("zsh"), .choices(["git"]), .text("ada"), .yesNo(true)])
        #expect(questions[2].isRequired == false)
    }

    @Test(arguments: [
        (
            #"{"kind": "question", "id": "9lives", "heading": "H", "confirm": {}}"#,
            "3:28: error: pages[0].id: \"9lives\" is not a question id"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H"}"#,
            "error: pages[0]: a question needs one of \"choices\", \"input\" or \"confirm\""
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "confirm": {}, "input": {}}"#,
            "not \"input\" and \"confirm\""
        ),
        (#"{"kind": "question", "id": "a", "heading": "H", "choices": []}"#, "a question needs at least one choice"),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "choices": [{"id": "x", "title": "X"}, {"id": "x", "title": "Y"}]}"#,
            "choice \"x\" is given twice"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "choices": [{"id": "x y", "title": "X"}]}"#,
            "is not a choice id"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "choices": [{"id": "x", "title": "X"}], "min": 1}"#,
            "\"min\" and \"max\" count the choices of a question with \"multiple\": true"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "multiple": true, "choices": [{"id": "x", "title": "X"}], "max": 3}"#,
            "pages[0].max"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "choices": [{"id": "x", "title": "X"}], "default": "y"}"#,
            "the default is no answer to this question: \"y\" is not one of the choices"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "input": {"pattern": "^(a*)\\1$"}}"#,
            "3:70: error: pages[0].input.pattern: pattern \"^(a*)\\1$\": back-references"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "input": {"pattern": "[a-"}}"#,
            "not a POSIX extended regular expression"
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "input": {"pattern": "^[0-9]+$", "default": "x"}}"#,
            "the default is no answer to this question: does not match ^[0-9]+$"
        ),
        (#"{"kind": "question", "id": "a", "heading": "H", "input": {"maxLength": 5000}}"#, "pages[0].input.maxLength"),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "confirm": {}, "default": true}"#,
            "\"default\" belongs to a question with \"choices\""
        ),
        (
            #"{"kind": "question", "id": "a", "heading": "H", "confirm": {}}, {"kind": "question", "id": "a", "heading": "I", "confirm": {}}"#,
            "question id \"a\" is used by page 1 already"
        ),
    ])
    func problemsAreNamedWhereTheyAre(pages: String, expected: String) {
        let result = Self.load(pages)
        let messages = result.errors.map(\.description)
        #expect(messages.contains { $0.contains(expected) }, "\(messages)")
        #expect(result.deck == nil)
    }

    @Test func answersKeepTheirKindThroughTheStateFile() throws {
        var state = FirstRunState()
        state.record(appID: "a", version: "1.0.0", completion: .finished, date: .init(timeIntervalSince1970: 0))
        var visit = FirstRunVisit(
            appID: "a", version: "1.0.0", outcome: .completed, date: .init(timeIntervalSince1970: 1))
        visit.answers = ["shell": .text("zsh"), "tools": .choices(["git", "k8s"]), "telemetry": .yesNo(false)]
        state.apply(visit)
        // A later run's answer replaces one, and keeps the others.
        visit.answers = ["shell": .text("fish"), "name": .text("Ada \"the\" first\u{1B}")]
        state.apply(visit)
        let read = try FirstRunState(json: JSONParser.parse(Array(state.jsonText().utf8)))
        #expect(
            read.apps["a"]?.answers == [
                "shell": .text("fish"), "tools": .choices(["git", "k8s"]), "telemetry": .yesNo(false),
                "name": .text("Ada \"the\" first\u{1B}"),
            ])
        // An interrupted run leaves the answers as they were.
        var interrupted = visit
        interrupted.outcome = .interrupted
        interrupted.answers = ["shell": .text("bash")]
        state.apply(interrupted)
        #expect(state.apps["a"]?.answers?["shell"] == .text("fish"))
    }

    @Test func aStateFileWithAnAnswerOfAnotherTypeIsDamaged() throws {
        let text =
            #"{"apps": {"a": {"completion": "finished", "date": 0, "lastSeenVersion": "1", "answers": {"x": 3}}}}"#
        #expect(throws: FirstRunState.FormatError.self) { try FirstRunState(json: JSONParser.parse(Array(text.utf8))) }
    }
}
