/// When a page shows (the deck's `"when"`): a test of the answers given so far, of the
/// entitlements active now, or of the experiment variants assigned, and their combinations.
/// A page whose condition is false is left out of the tour as if the deck did not have it.
public indirect enum PageCondition: Hashable, Sendable {
    /// The answer to question `answer` is `value`: a single choice's id, an input's text, or
    /// `"true"` / `"false"` for a yes-or-no question.
    case answerIs(answer: String, value: String)
    /// The answer to question `answer` is one of `values` (as `answerIs`).
    case answerIn(answer: String, values: [String])
    /// The multiple-choice question `answer` has `choice` among the picked ones.
    case answerIncludes(answer: String, choice: String)
    /// Question `answer` holds an answer (any).
    case answered(String)
    /// Entitlement `id` is active now.
    case entitled(String)
    /// Experiment `experiment` assigned this reader variant `is`.
    case variant(experiment: String, is: String)
    /// Every condition holds (true when empty).
    case all([PageCondition])
    /// At least one condition holds (false when empty).
    case any([PageCondition])
    /// The condition does not hold.
    case not(PageCondition)

    /// Whether the condition holds in `context`. An unanswered question makes every test of
    /// its answer false (and `not` of one true).
    public func holds(in context: ConditionContext) -> Bool {
        switch self {
        case .answerIs(let id, let value):
            return context.answers[id].map { Self.answer($0, is: value) } ?? false
        case .answerIn(let id, let values):
            guard let answer = context.answers[id] else { return false }
            return values.contains { Self.answer(answer, is: $0) }
        case .answerIncludes(let id, let choice):
            switch context.answers[id] {
            case .choices(let ids)?: return ids.contains(choice)
            case .text(let text)?: return text == choice
            default: return false
            }
        case .answered(let id):
            return context.answers[id] != nil
        case .entitled(let id):
            return context.entitled.contains(id)
        case .variant(let experiment, let variant):
            return context.variants[experiment] == variant
        case .all(let conditions):
            return conditions.allSatisfy { $0.holds(in: context) }
        case .any(let conditions):
            return conditions.contains { $0.holds(in: context) }
        case .not(let condition):
            return !condition.holds(in: context)
        }
    }

    /// An answer compared with a value the deck wrote: a yes or no matches "true" or "false".
    static func answer(_ answer: Answer, is value: String) -> Bool {
        switch answer {
        case .text(let text): return text == value
        case .yesNo(let flag): return value == (flag ? "true" : "false")
        case .choices(let ids): return ids == [value]
        }
    }

    /// Every question id the condition reads, in the order written.
    public var questionIDs: [String] {
        switch self {
        case .answerIs(let id, _), .answerIn(let id, _), .answerIncludes(let id, _), .answered(let id): return [id]
        case .entitled, .variant: return []
        case .all(let conditions), .any(let conditions): return conditions.flatMap(\.questionIDs)
        case .not(let condition): return condition.questionIDs
        }
    }

    /// Whether the condition reads the entitlements, which change while a tour runs (a purchase).
    public var readsEntitlements: Bool {
        switch self {
        case .entitled: return true
        case .answerIs, .answerIn, .answerIncludes, .answered, .variant: return false
        case .all(let conditions), .any(let conditions): return conditions.contains(where: \.readsEntitlements)
        case .not(let condition): return condition.readsEntitlements
        }
    }
}
