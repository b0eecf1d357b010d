/// A question page as the user is answering it: the highlighted choice, what is picked or
/// typed, the answer given, and what is wrong with the last try. Pure state; the app keeps one
/// per question page, so going back finds the page as it was left.
public struct QuestionState: Hashable, Sendable {
    public let question: QuestionPage
    /// The highlighted choice; for yes or no, 0 is Yes and 1 is No.
    public private(set) var cursor = 0
    /// The ids picked, in the order of the choices.
    public private(set) var picked: [String] = []
    public private(set) var editor: LineEditor
    /// The answer given with Enter or Next, which the result and the state keep; nil until then.
    public private(set) var answer: Answer?
    /// What is wrong, shown under the field until the next key: the last answer tried, or a
    /// key or paste refused.
    public private(set) var problem: String?

    public init(question: QuestionPage) {
        self.question = question
        var editor = LineEditor(maximumLength: InputQuestion.lengthLimit)
        switch question.kind {
        case .choices(let choices):
            let defaults = choices.choices.map(\.id).filter { choices.defaultIDs.contains($0) }
            picked = defaults
            cursor = choices.choices.firstIndex { defaults.contains($0.id) } ?? 0
        case .input(let input):
            editor = LineEditor(text: input.defaultText ?? "", maximumLength: input.maximumLength)
        case .confirm(let confirm):
            cursor = confirm.defaultValue == true ? 0 : 1
        }
        self.editor = editor
    }

    /// The state a page starts in: with its answer in `answers` (by question id) given
    /// already, else as the deck sets it up.
    public init(question: QuestionPage, startingWith answers: [String: Answer]) {
        if let answer = answers[question.id] {
            self.init(question: question, answered: answer)
        } else {
            self.init(question: question)
        }
    }

    /// The state with `answer` given already (`--answer`, or the answer kept from a run before).
    public init(question: QuestionPage, answered answer: Answer) {
        self.init(question: question)
        switch (question.kind, answer) {
        case (.choices(let choices), .text(let id)):
            picked = [id]
            cursor = choices.choices.firstIndex { $0.id == id } ?? 0
        case (.choices(let choices), .choices(let ids)):
            picked = choices.choices.map(\.id).filter(ids.contains)
            cursor = choices.choices.firstIndex { picked.contains($0.id) } ?? 0
        case (.input, .text(let text)):
            editor.replace(with: text)
        case (.confirm, .yesNo(let value)):
            cursor = value ? 0 : 1
        default:
            return
        }
        // Kept as the page holds it: several ids in the choices' order.
        if question.problem(with: answer) == nil { self.answer = currentAnswer.map(question.normalized) }
    }

    /// The key context of the page (`KeyBindings`).
    public var keyContext: KeyContext {
        switch question.kind {
        case .choices: return .choiceQuestion
        case .input: return .inputQuestion
        case .confirm: return .confirmQuestion
        }
    }

    /// What the page holds now, as an answer; nil for nothing picked or typed.
    public var currentAnswer: Answer? {
        switch question.kind {
        case .choices(let choices):
            if choices.allowsSeveral { return .choices(picked) }
            return picked.first.map(Answer.text)
        case .input:
            return editor.characters.isEmpty ? nil : .text(editor.text)
        case .confirm:
            return .yesNo(cursor == 0)
        }
    }

    /// True once the page may be left forward: answered, or optional and untouched.
    public var allowsLeaving: Bool { answer != nil || !question.isRequired }

    /// Answers with what the page holds: true when that is an answer (kept), false when not
    /// (the reason shows under the field).
    @discardableResult
    public mutating func submit() -> Bool {
        let current = currentAnswer
        if let found = question.problem(with: current) {
            problem = found.screenText
            return false
        }
        problem = nil
        // An optional question left empty is no answer, and forgets an earlier one.
        answer = current.map(question.normalized)
        if case .choices(let ids)? = answer, ids.isEmpty, !question.isRequired { answer = nil }
        return true
    }

    /// What a key did on the page.
    public enum KeyResult: Hashable, Sendable {
        /// The page took the key (it may have changed).
        case handled
        /// The page was answered: go on to the next page.
        case answered
        /// The key is not the page's: the carousel's keys get it.
        case ignored
    }

    /// Carries out `action`, the key context's action for `key`.
    public mutating func handle(_ action: KeyAction?, key: Key) -> KeyResult {
        // A refusal or a failed answer is said until the next key.
        let shownProblem = problem
        problem = nil
        switch action {
        case .previousOption: moveCursor(by: -1)
        case .nextOption: moveCursor(by: 1)
        case .pickOption: pickHighlighted(toggling: true)
        case .answerQuestion:
            if case .choices(let choices) = question.kind, !choices.allowsSeveral { pickHighlighted(toggling: false) }
            return submit() ? .answered : .handled
        case .answerYes, .answerNo:
            cursor = action == .answerYes ? 0 : 1
            return submit() ? .answered : .handled
        case .typeText:
            guard case .character(let character) = key else {
                problem = shownProblem
                return .ignored
            }
            noteRefusal(editor.insert(character))
        case .cursorLeft: editor.moveLeft()
        case .cursorRight: editor.moveRight()
        case .lineStart: editor.moveToStart()
        case .lineEnd: editor.moveToEnd()
        case .deleteBackward: editor.deleteBackward()
        case .deleteForward: editor.deleteForward()
        case .deleteToStart: editor.deleteToStart()
        case .deleteToEnd: editor.deleteToEnd()
        case .deleteWordBackward: editor.deleteWordBackward()
        default:
            problem = shownProblem
            return .ignored
        }
        return .handled
    }

    /// A paste into a text field; false on a page that takes no text.
    public mutating func paste(_ text: String) -> Bool {
        guard case .input = question.kind else { return false }
        problem = nil
        noteRefusal(editor.paste(text))
        return true
    }

    /// A click on choice `index` (or on Yes, 0, and No, 1): highlights and picks it.
    /// Whether a click on `option` answers rather than only chooses: on the one choice picked
    /// already, or on yes or no.
    public func clickAnswers(option index: Int) -> Bool {
        switch question.kind {
        case .choices(let choices):
            return !choices.allowsSeveral && cursor == index && choices.choices.indices.contains(index)
                && picked.first == choices.choices[index].id
        case .confirm: return true
        case .input: return false
        }
    }

    public mutating func click(option index: Int) {
        problem = nil
        switch question.kind {
        case .choices(let choices):
            guard choices.choices.indices.contains(index) else { return }
            cursor = index
            pickHighlighted(toggling: true)
        case .confirm:
            guard index == 0 || index == 1 else { return }
            cursor = index
        case .input:
            break
        }
    }

    /// Says why the last try to leave forward did not: the answer's problem.
    mutating func refuseLeaving() {
        if !submit(), problem == nil { problem = AnswerProblem.missing.screenText }
    }

    private mutating func moveCursor(by step: Int) {
        switch question.kind {
        case .choices(let choices):
            guard !choices.choices.isEmpty else { return }
            cursor = min(max(0, cursor + step), choices.choices.count - 1)
        case .confirm:
            cursor = min(max(0, cursor + step), 1)
        case .input:
            break
        }
    }

    /// Picks the highlighted choice: with one allowed it replaces the pick; with several,
    /// `toggling` (Space, a click) unpicks one picked already, and Enter leaves it picked.
    private mutating func pickHighlighted(toggling: Bool) {
        guard case .choices(let choices) = question.kind, choices.choices.indices.contains(cursor) else { return }
        let id = choices.choices[cursor].id
        guard choices.allowsSeveral else {
            picked = [id]
            return
        }
        if picked.contains(id) {
            if toggling { picked.removeAll { $0 == id } }
            return
        }
        guard picked.count < choices.maximum else {
            problem = AnswerProblem.tooManyChoices(maximum: choices.maximum).screenText
            return
        }
        picked = choices.choices.map(\.id).filter { picked.contains($0) || $0 == id }
    }

    private mutating func noteRefusal(_ refusal: LineEditor.Refusal?) {
        switch refusal {
        case .full(let dropped)?:
            problem = Messages.trn(
                "Full: {{ count }} character left out", "Full: {{ count }} characters left out", count: dropped)
        case .controlCharacters(let dropped)?:
            problem = Messages.trn(
                "{{ count }} control character left out", "{{ count }} control characters left out",
                count: dropped)
        case nil:
            break
        }
    }
}
