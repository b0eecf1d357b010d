import Testing

@testable import OnboardKit

/// Each kind of question, key by key: what is picked or typed, what is refused and why, and
/// when the page may be left.
@Suite struct QuestionStateTests {
    /// Presses `keys` on a question's state as its key context reads them.
    @discardableResult
    static func press(_ keys: [Key], _ state: inout QuestionState) -> [QuestionState.KeyResult] {
        keys.map { key in state.handle(KeyBindings.action(for: key, in: state.keyContext), key: key) }
    }

    struct ChoiceCase: CustomTestStringConvertible, Sendable {
        var keys: [Key]
        var picked: [String]
        var answer: Answer?
        var problem: String?
        var testDescription: String { "\(keys) → \(picked)" }
    }

    static let singleCases: [ChoiceCase] = [
        ChoiceCase(keys: [], picked: [], answer: nil),
        ChoiceCase(keys: [.enter], picked: ["bash"], answer: .text("bash")),
        ChoiceCase(keys: [.down, .enter], picked: ["zsh"], answer: .text("zsh")),
        ChoiceCase(
            keys: [.character("j"), .character("j"), .character("j"), .enter], picked: ["fish"], answer: .text("fish")),
        ChoiceCase(keys: [.down, .character(" "), .up, .character("k")], picked: ["zsh"], answer: nil),
        ChoiceCase(keys: [.down, .character(" "), .down, .character("x")], picked: ["fish"], answer: nil),
        ChoiceCase(keys: [.tab], picked: ["bash"], answer: .text("bash")),
    ]

    @Test(arguments: singleCases)
    func oneChoice(_ example: ChoiceCase) {
        var state = QuestionState(question: QuestionDecks.shell)
        Self.press(example.keys, &state)
        #expect(state.picked == example.picked)
        #expect(state.answer == example.answer)
    }

    static let severalCases: [ChoiceCase] = [
        // min 1: Enter with nothing picked is refused, and says why.
        ChoiceCase(keys: [.enter], picked: [], answer: nil, problem: "Pick at least 1"),
        ChoiceCase(keys: [.character(" "), .enter], picked: ["git"], answer: .choices(["git"])),
        // Picked in any order, kept in the choices' order.
        ChoiceCase(
            keys: [.down, .down, .character(" "), .up, .up, .character(" "), .enter], picked: ["git", "k8s"],
            answer: .choices(["git", "k8s"])),
        // max 2: a third is refused, and says why.
        ChoiceCase(
            keys: [.character(" "), .down, .character(" "), .down, .character(" ")], picked: ["git", "docker"],
            answer: nil, problem: "Pick at most 2"),
        // Space again unpicks.
        ChoiceCase(
            keys: [.character(" "), .character(" "), .enter], picked: [], answer: nil, problem: "Pick at least 1"),
    ]

    @Test(arguments: severalCases)
    func severalChoices(_ example: ChoiceCase) {
        var state = QuestionState(question: QuestionDecks.tools)
        Self.press(example.keys, &state)
        #expect(state.picked == example.picked)
        #expect(state.answer == example.answer)
        #expect(state.problem == example.problem)
    }

    @Test func aChoiceDefaultIsPickedAndHighlightedAtTheStart() {
        var question = QuestionDecks.tools
        question.kind = .choices(
            ChoiceQuestion(
                choices: [.init(id: "a", title: "A"), .init(id: "b", title: "B"), .init(id: "c", title: "C")],
                allowsSeveral: true, defaultIDs: ["c", "b"]))
        var state = QuestionState(question: question)
        #expect(state.picked == ["b", "c"])
        #expect(state.cursor == 1)
        #expect(Self.press([.enter], &state) == [.answered])
        #expect(state.answer == .choices(["b", "c"]))
    }

    struct InputCase: CustomTestStringConvertible, Sendable {
        var keys: [Key]
        var text: String
        var cursor: Int
        var testDescription: String { "\(keys) → \(text)" }
    }

    static func typing(_ text: String) -> [Key] { text.map { Key.character($0) } }

    static let editingCases: [InputCase] = [
        InputCase(keys: typing("Ada"), text: "Ada", cursor: 3),
        // q, digits, Space and ? are typed, not the tour's keys.
        InputCase(keys: typing("q 1?s"), text: "q 1?s", cursor: 5),
        InputCase(keys: typing("Ada") + [.left, .left, .backspace], text: "da", cursor: 0),
        InputCase(keys: typing("Ada") + [.home, .delete], text: "da", cursor: 0),
        InputCase(
            keys: typing("Ada") + [.control("a"), .character("M"), .control("e"), .character("!")], text: "MAda!",
            cursor: 5),
        InputCase(keys: typing("Ada Lovelace") + [.left, .left, .control("u")], text: "ce", cursor: 0),
        InputCase(keys: typing("Ada Lovelace") + [.home, .right, .control("k")], text: "A", cursor: 1),
        InputCase(keys: typing("Ada Lovelace  ") + [.control("w")], text: "Ada ", cursor: 4),
        InputCase(keys: typing("Ada") + [.control("h"), .control("d")], text: "Ad", cursor: 2),
        InputCase(keys: typing("Ab") + [.end, .right, .right, .home, .left], text: "Ab", cursor: 0),
        // Emoji and combining marks are one character each.
        InputCase(keys: typing("e\u{301}👍🏽") + [.backspace], text: "e\u{301}", cursor: 1),
    ]

    @Test(arguments: editingCases)
    func aTextFieldEditsAsALineEditor(_ example: InputCase) {
        var question = QuestionDecks.name
        question.kind = .input(InputQuestion(maximumLength: 40))
        var state = QuestionState(question: question)
        Self.press(example.keys, &state)
        #expect(state.editor.text == example.text)
        #expect(state.editor.cursor == example.cursor)
    }

    @Test func aTextThatDoesNotMatchThePatternStaysAndSaysWhy() {
        var state = QuestionState(question: QuestionDecks.name)
        #expect(Self.press(Self.typing("Ada99") + [.enter], &state).last == .handled)
        #expect(state.answer == nil)
        #expect(state.problem == "Not in the expected form (^[[:alpha:] ]+$)")
        // The next key clears it; a text that matches answers.
        #expect(Self.press([.backspace, .backspace, .enter], &state).last == .answered)
        #expect(state.answer == .text("Ada"))
        #expect(state.problem == nil)
    }

    @Test func aRequiredFieldLeftEmptyIsRefused() {
        var state = QuestionState(question: QuestionDecks.name)
        #expect(Self.press([.enter], &state) == [.handled])
        #expect(state.problem == "An answer is needed to go on")
        #expect(!state.allowsLeaving)
    }

    @Test func anOptionalFieldLeftEmptyIsNoAnswerAndMayBeLeft() {
        var question = QuestionDecks.name
        question.isRequired = false
        var state = QuestionState(question: question)
        #expect(state.allowsLeaving)
        #expect(Self.press([.enter], &state) == [.answered])
        #expect(state.answer == nil)
        // Its pattern still holds for a text that is typed.
        #expect(Self.press(Self.typing("R2D2") + [.enter], &state).last == .handled)
    }

    @Test func theFieldStopsAtMaxLengthAndSaysSo() {
        var state = QuestionState(question: QuestionDecks.name)
        Self.press(Self.typing(String(repeating: "a", count: 25)), &state)
        #expect(state.editor.text.count == 20)
        #expect(state.problem == "Full: 1 character left out")
    }

    @Test func aDefaultTextStartsInTheFieldWithTheCursorAtItsEnd() {
        var question = QuestionDecks.name
        question.kind = .input(InputQuestion(maximumLength: 20, defaultText: "Grace"))
        var state = QuestionState(question: question)
        #expect(state.editor.cursor == 5)
        #expect(Self.press([.enter], &state) == [.answered])
        #expect(state.answer == .text("Grace"))
    }

    @Test func keysThatAreNotTheFieldsGoToTheTour() {
        var state = QuestionState(question: QuestionDecks.name)
        #expect(Self.press([.escape, .up, .down, .pageDown, .function(5)], &state).allSatisfy { $0 == .ignored })
        #expect(state.editor.text.isEmpty)
    }

    struct ConfirmCase: CustomTestStringConvertible, Sendable {
        var start: Bool?
        var keys: [Key]
        var answer: Answer?
        var results: [QuestionState.KeyResult]
        var testDescription: String { "\(String(describing: start)) \(keys)" }
    }

    static let confirmCases: [ConfirmCase] = [
        ConfirmCase(start: false, keys: [.enter], answer: .yesNo(false), results: [.answered]),
        ConfirmCase(start: true, keys: [.enter], answer: .yesNo(true), results: [.answered]),
        ConfirmCase(start: nil, keys: [.character(" ")], answer: .yesNo(false), results: [.answered]),
        ConfirmCase(start: false, keys: [.left, .enter], answer: .yesNo(true), results: [.handled, .answered]),
        ConfirmCase(
            start: true, keys: [.character("l"), .tab], answer: .yesNo(false), results: [.handled, .answered]),
        ConfirmCase(start: false, keys: [.character("y")], answer: .yesNo(true), results: [.answered]),
        ConfirmCase(start: true, keys: [.character("n")], answer: .yesNo(false), results: [.answered]),
        ConfirmCase(
            start: true, keys: [.right, .right, .left, .left], answer: nil,
            results: [.handled, .handled, .handled, .handled]),
        // Back is the tour's (Backspace, PgUp); Shift-Tab is the page's previous page.
        ConfirmCase(start: true, keys: [.backspace], answer: nil, results: [.ignored]),
    ]

    @Test(arguments: confirmCases)
    func yesOrNo(_ example: ConfirmCase) {
        var question = QuestionDecks.telemetry
        question.kind = .confirm(ConfirmQuestion(defaultValue: example.start))
        var state = QuestionState(question: question)
        #expect(Self.press(example.keys, &state) == example.results)
        #expect(state.answer == example.answer)
    }

    @Test func anAnswerGivenOnTheCommandLineShowsAndCounts() {
        let tools = QuestionState(question: QuestionDecks.tools, answered: .choices(["k8s", "git"]))
        #expect(tools.picked == ["git", "k8s"])
        #expect(tools.answer == .choices(["git", "k8s"]))
        let name = QuestionState(question: QuestionDecks.name, answered: .text("Ada"))
        #expect(name.editor.text == "Ada")
        #expect(name.allowsLeaving)
        // One that is no answer shows but does not count.
        let wrong = QuestionState(question: QuestionDecks.name, answered: .text("R2D2"))
        #expect(wrong.editor.text == "R2D2")
        #expect(!wrong.allowsLeaving)
    }
}
