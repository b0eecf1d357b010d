/// Why an answer does not answer its question, said on screen under the field (translated)
/// or on the command line (English, with what is allowed).
public enum AnswerProblem: Hashable, Sendable {
    case missing
    case notAChoice(String)
    case repeatedChoice
    case tooFewChoices(minimum: Int)
    case tooManyChoices(maximum: Int)
    case tooLong(maximum: Int)
    case controlCharacter
    case doesNotMatch(pattern: String, message: String?)
    /// A yes-or-no answer to a text question, a list to a single choice.
    case wrongKind

    /// The words under the field, in the reader's language.
    public var screenText: String {
        switch self {
        case .missing: return Messages.tr("An answer is needed to go on")
        case .notAChoice: return Messages.tr("That is not one of the choices")
        case .repeatedChoice: return Messages.tr("A choice is picked twice")
        case .tooFewChoices(let minimum):
            return Messages.trn(
                "Pick at least {{ count }}", "Pick at least {{ count }}", count: minimum)
        case .tooManyChoices(let maximum):
            return Messages.trn("Pick at most {{ count }}", "Pick at most {{ count }}", count: maximum)
        case .tooLong(let maximum):
            return Messages.trn(
                "At most {{ count }} character", "At most {{ count }} characters", count: maximum)
        case .controlCharacter: return Messages.tr("Control characters are not allowed")
        case .doesNotMatch(let pattern, let message):
            return message ?? Messages.tr("Not in the expected form ({{ pattern }})", ["pattern": pattern])
        case .wrongKind: return Messages.tr("Not an answer to this question")
        }
    }

    /// The words for stderr, in English, as a host's script reads them.
    public var description: String {
        switch self {
        case .missing: return "an answer is required"
        case .notAChoice(let id): return "\"\(SafeText.excerpt(id))\" is not one of the choices"
        case .repeatedChoice: return "a choice is given twice"
        case .tooFewChoices(let minimum): return "at least \(minimum) must be picked"
        case .tooManyChoices(let maximum): return "at most \(maximum) may be picked"
        case .tooLong(let maximum): return "longer than \(maximum) characters"
        case .controlCharacter: return "holds a control character"
        case .doesNotMatch(let pattern, _): return "does not match \(pattern)"
        case .wrongKind: return "not an answer of this kind"
        }
    }
}
