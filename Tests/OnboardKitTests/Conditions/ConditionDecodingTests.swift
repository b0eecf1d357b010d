import Testing

@testable import OnboardKit

/// `"when"` as the deck decoder reads it: each condition kind, and each mistake with its exact
/// message, JSON path, line and column.
@Suite struct ConditionDecodingTests {
    /// A deck whose fourth page (line 8) has `when`; three questions come before it and one after.
    static func deck(when: String, experiments: [String: [String]]? = nil) -> DeckLoadResult {
        let json = """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
                {"kind": "question", "id": "role", "heading": "Role?", "choices": [{"id": "student", "title": "S"}, {"id": "pro", "title": "P"}]},
                {"kind": "question", "id": "tools", "heading": "Tools?", "multiple": true, "choices": [{"id": "git", "title": "G"}]},
                {"kind": "question", "id": "ok", "heading": "OK?", "confirm": {}},
                {"kind": "step", "heading": "X",
                 "when": \(when)},
                {"kind": "question", "id": "later", "heading": "L", "input": {}}
              ]
            }
            """
        return DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]), checksLayout: true)
    }

    @Test(arguments: [
        (#"{"answer": "role", "is": "student"}"#, PageCondition.answerIs(answer: "role", value: "student")),
        (#"{"answer": "role", "in": ["student", "pro"]}"#, .answerIn(answer: "role", values: ["student", "pro"])),
        (#"{"answer": "tools", "includes": "git"}"#, .answerIncludes(answer: "tools", choice: "git")),
        (#"{"answer": "ok", "is": false}"#, .answerIs(answer: "ok", value: "false")),
        (#"{"answered": "ok"}"#, .answered("ok")),
        (#"{"entitled": "pro"}"#, .entitled("pro")),
        (
            #"{"all": [{"answered": "role"}, {"not": {"entitled": "pro"}}]}"#,
            .all([.answered("role"), .not(.entitled("pro"))])
        ),
        (#"{"any": [{"answered": "role"}]}"#, .any([.answered("role")])),
    ])
    func decodes(when: String, expected: PageCondition) throws {
        let result = Self.deck(when: when)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let deck = try #require(result.deck)
        #expect(deck.condition(ofPage: 3) == expected)
        #expect(deck.condition(ofPage: 0) == nil && deck.condition(ofPage: 4) == nil)
    }

    @Test func aVariantDecodesAgainstTheDecksExperiments() {
        var log = DiagnosticLog(file: "deck.json")
        let node = try? JSONParser.parse(Array(#"{"variant": {"experiment": "copy", "is": "b"}}"#.utf8))
        let decoder = DeckDecoder(
            log: log, baseDirectory: "", reader: .memory([:]),
            texts: TextLanguages(preference: LanguagePreference(tags: [])))
        let scope = ConditionScope(earlier: [:], questionPages: [:], page: 0, experiments: ["copy": ["a", "b"]])
        #expect(
            decoder.decodeCondition(node!, path: .root, scope: scope, depth: 0) == .variant(experiment: "copy", is: "b")
        )
        #expect(log.diagnostics.isEmpty)
        for (experiments, message) in [
            (["copy": ["a", "b"]], #"unknown variant "c" of experiment "copy" (it has: a, b); did you mean "a"?"#),
            (["price": ["a", "b"]], #"unknown experiment "copy" (it has: price)"#),
        ] {
            log = DiagnosticLog(file: "deck.json")
            let wrong = try? JSONParser.parse(
                Array(#"{"variant": {"experiment": "copy", "is": "\#(experiments["copy"] == nil ? "b" : "c")"}}"#.utf8))
            let checking = DeckDecoder(
                log: log, baseDirectory: "", reader: .memory([:]),
                texts: TextLanguages(preference: LanguagePreference(tags: [])))
            let withExperiments = ConditionScope(earlier: [:], questionPages: [:], page: 0, experiments: experiments)
            #expect(checking.decodeCondition(wrong!, path: .root, scope: withExperiments, depth: 0) == nil)
            #expect(log.diagnostics.map(\.message) == [message])
        }
    }

    /// Each mistake, with the line and column of what is wrong (the `when` is on line 8 at column 14).
    @Test(arguments: [
        (
            #"{"answer": "later", "is": "x"}"#,
            #"deck.json:8:25: error: pages[3].when.answer: question "later" is asked on page 5, after this page (4); a condition can only read answers given before its page"#
        ),
        (
            #"{"answered": "rol"}"#,
            #"deck.json:8:27: error: pages[3].when.answered: unknown question "rol" (asked before this page: ok, role, tools); did you mean "role"?"#
        ),
        (
            #"{"answer": "role", "is": "studnet"}"#,
            #"deck.json:8:39: error: pages[3].when.is: unknown choice "studnet" of question "role" (it has: student, pro); did you mean "student"?"#
        ),
        (
            #"{"answer": "role", "in": ["pro", "teacher"]}"#,
            #"deck.json:8:47: error: pages[3].when.in[1]: unknown choice "teacher" of question "role" (it has: student, pro)"#
        ),
        (
            #"{"answer": "role", "includes": "pro"}"#,
            #"deck.json:8:45: error: pages[3].when.includes: question "role" takes one choice: test it with "is" or "in", not "includes""#
        ),
        (
            #"{"answer": "tools", "is": "git"}"#,
            #"deck.json:8:40: error: pages[3].when.is: question "tools" takes several choices: test one of them with "includes", not "is""#
        ),
        (
            #"{"answer": "ok", "is": "yes"}"#,
            #"deck.json:8:37: error: pages[3].when.is: question "ok" is answered yes or no: expected true or false, found a string"#
        ),
        (
            #"{"answer": "role"}"#,
            #"deck.json:8:14: error: pages[3].when: a test of answer "role" needs one of "is", "in" or "includes""#
        ),
        (
            #"{"answered": "role", "entitled": "pro"}"#,
            #"deck.json:8:14: error: pages[3].when: a condition has one of "answer", "answered", "entitled", "variant", "all", "any", "not", not "answered" and "entitled""#
        ),
        (
            #"{"any": []}"#,
            #"deck.json:8:22: error: pages[3].when.any: "any" needs at least one condition"#
        ),
        (
            #"{"variant": {"experiment": "copy", "is": "b"}}"#,
            #"deck.json:8:26: error: pages[3].when.variant: the deck declares no experiments; add "experiments" to test a variant"#
        ),
        (
            #"{"not": {"answered": "later"}}"#,
            #"deck.json:8:35: error: pages[3].when.not.answered: question "later" is asked on page 5, after this page (4); a condition can only read answers given before its page"#
        ),
        (
            #""role""#,
            #"deck.json:8:14: error: pages[3].when: expected an object, found a string"#
        ),
    ])
    func refuses(when: String, expected: String) {
        let result = Self.deck(when: when)
        #expect(result.deck == nil)
        #expect(result.diagnostics.map(\.description).contains(expected), "\(result.diagnostics.map(\.description))")
    }

    @Test func aPageCannotDependOnItsOwnQuestion() {
        let json = """
            {"app": {"id": "a.b", "name": "App"}, "pages": [
             {"kind": "question", "id": "me", "heading": "?", "confirm": {}, "when": {"answered": "me"}}]}
            """
        let result = DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]))
        #expect(
            result.diagnostics.map(\.description) == [
                #"deck.json:2:87: error: pages[0].when.answered: a page cannot depend on its own question "me": the answer is given on it"#
            ])
    }

    /// `validate` warns about a page no answers can show, and about the pages after it that
    /// need its question answered; a page that can show is not warned about.
    @Test(arguments: [
        (#"{"all": [{"answer": "role", "is": "student"}, {"answer": "role", "is": "pro"}]}"#, true),
        (#"{"all": [{"entitled": "pro"}, {"not": {"entitled": "pro"}}]}"#, true),
        (#"{"all": [{"answer": "ok", "is": true}, {"answer": "ok", "is": false}]}"#, true),
        (#"{"not": {"any": [{"answered": "tools"}, {"not": {"answered": "tools"}}]}}"#, true),
        (#"{"all": [{"answer": "role", "is": "student"}, {"answer": "tools", "includes": "git"}]}"#, false),
        (#"{"any": [{"answer": "role", "is": "student"}, {"answer": "role", "is": "pro"}]}"#, false),
        (#"{"not": {"answered": "role"}}"#, false),
    ])
    func warnsAboutPagesThatNeverShow(when: String, neverShows: Bool) {
        let result = Self.deck(when: when)
        let warning =
            "deck.json:8:14: warning: pages[3].when: no answers, entitlements or variants make this condition true: page 4 never shows"
        #expect(result.deck != nil)
        #expect(result.diagnostics.map(\.description).contains(warning) == neverShows, "\(result.diagnostics)")
    }

    @Test func aQuestionThatNeverShowsLeavesTheConditionsOnItFalse() {
        let json = """
            {"app": {"id": "a.b", "name": "App"}, "pages": [
             {"kind": "question", "id": "a", "heading": "?", "confirm": {}, "when": {"all": [{"entitled": "x"}, {"not": {"entitled": "x"}}]}},
             {"kind": "step", "heading": "B", "when": {"answered": "a"}},
             {"kind": "step", "heading": "C", "when": {"not": {"answered": "a"}}}]}
            """
        let result = DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]), checksLayout: true)
        #expect(
            result.diagnostics.filter { $0.message.contains("never shows") }.map(\.path) == [
                "pages[0].when", "pages[1].when",
            ])
    }
}
