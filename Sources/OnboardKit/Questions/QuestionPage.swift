/// A page that asks something: one or several of a list of choices, a line of text, or yes or
/// no. Its answer goes to the result JSON and the state under `id`.
public struct QuestionPage: Hashable, Sendable {
    /// The key the answer is kept under: letters, digits, `_` and `-`, starting with a letter.
    public var id: String
    public var heading: String
    public var text: String
    /// A required question keeps its page until it is answered (the default).
    public var isRequired: Bool
    public var kind: QuestionKind

    public init(id: String, heading: String, text: String = "", isRequired: Bool = true, kind: QuestionKind) {
        self.id = id
        self.heading = heading
        self.text = text
        self.isRequired = isRequired
        self.kind = kind
    }

    /// What the question asks for.
    public enum QuestionKind: Hashable, Sendable {
        case choices(ChoiceQuestion)
        case input(InputQuestion)
        case confirm(ConfirmQuestion)

        /// "choices", "input" or "confirm", as the deck names them.
        public var name: String {
            switch self {
            case .choices: return "choices"
            case .input: return "input"
            case .confirm: return "confirm"
            }
        }
    }

    /// The answer the page starts with: the deck's default, if it gives one.
    public var defaultAnswer: Answer? {
        switch kind {
        case .choices(let choices):
            if choices.allowsSeveral { return choices.defaultIDs.isEmpty ? nil : .choices(choices.defaultIDs) }
            return choices.defaultIDs.first.map(Answer.text)
        case .input(let input): return input.defaultText.map(Answer.text)
        case .confirm(let confirm): return confirm.defaultValue.map(Answer.yesNo)
        }
    }

    /// Why `answer` is no answer to this question; nil when it is one. A nil `answer` is no
    /// answer at all, which only an optional question takes.
    public func problem(with answer: Answer?) -> AnswerProblem? {
        guard let answer else { return isRequired ? .missing : nil }
        switch (kind, answer) {
        case (.choices(let choices), .text(let id)) where !choices.allowsSeveral:
            return choices.choices.contains { $0.id == id } ? nil : .notAChoice(id)
        case (.choices(let choices), .choices(let ids)) where choices.allowsSeveral:
            return choices.problem(with: ids)
        case (.choices(let choices), .text(let id)) where choices.allowsSeveral:
            return choices.problem(with: [id])
        case (.input(let input), .text(let text)):
            return input.problem(with: text, isRequired: isRequired)
        case (.confirm, .yesNo):
            return nil
        default:
            return .wrongKind
        }
    }

    /// `answer` in the form this question keeps: one id for a multiple choice becomes a list.
    public func normalized(_ answer: Answer) -> Answer {
        if case .choices(let choices) = kind, choices.allowsSeveral, case .text(let id) = answer {
            return .choices([id])
        }
        return answer
    }

    /// Reads an answer given on the command line (`--answer id=value`): a choice's id, ids
    /// joined by commas for a multiple choice, the text itself, or yes and no (`yes`, `no`,
    /// `true`, `false`, `y`, `n`).
    public func answer(fromArgument text: String) -> Answer? {
        switch kind {
        case .choices(let choices):
            if choices.allowsSeveral {
                return .choices(
                    text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            }
            return .text(text)
        case .input: return .text(text)
        case .confirm:
            switch text.lowercased() {
            case "yes", "y", "true": return .yesNo(true)
            case "no", "n", "false": return .yesNo(false)
            default: return nil
            }
        }
    }

    /// What this question takes, in words for an error on the command line.
    public var allowedDescription: String {
        switch kind {
        case .choices(let choices):
            let ids = choices.choices.map(\.id).joined(separator: ", ")
            guard choices.allowsSeveral else { return "one of: \(ids)" }
            return "from \(choices.minimum) to \(choices.maximum) of \(ids), joined by commas"
        case .input(let input):
            var parts = ["a line of text of at most \(input.maximumLength) characters"]
            if let pattern = input.pattern { parts.append("matching \(pattern.source)") }
            return parts.joined(separator: " ")
        case .confirm:
            return "yes or no"
        }
    }
}
