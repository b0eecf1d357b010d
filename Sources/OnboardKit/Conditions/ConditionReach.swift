/// Whether a page's condition can ever hold, for `validate`'s warning about pages no path
/// reaches. The condition is tried in every combination of what it mentions: each question it
/// reads unanswered or answered with each value it names (and one value it does not name),
/// a multiple choice with every set of the choices it names, each entitlement active or not,
/// each experiment on each variant it names (and one other). A question whose own page never
/// shows is only ever unanswered. Limits a question puts on its answer (min, max, required)
/// are not used, so a warning is never wrong, though a few pages that cannot show go unwarned.
public enum ConditionReach {
    /// Conditions with more combinations than this are not tried (nil: unknown).
    public static let combinationLimit = 4096

    /// False when no combination makes `condition` hold; true when one does; nil when there
    /// are more than `combinationLimit` to try.
    public static func canHold(
        _ condition: PageCondition, questions: [String: QuestionPage], neverAsked: Set<String> = []
    ) -> Bool? {
        var mentions = Mentions()
        mentions.collect(condition)
        var dimensions: [[(inout ConditionContext) -> Void]] = []
        for id in mentions.questionOrder {
            let options = neverAsked.contains(id) ? [] : answers(to: questions[id], naming: mentions.values[id] ?? [])
            dimensions.append([{ $0.answers[id] = nil }] + options.map { answer in { $0.answers[id] = answer } })
        }
        for id in mentions.entitlements {
            dimensions.append([{ $0.entitled.remove(id) }, { $0.entitled.insert(id) }])
        }
        for (experiment, variants) in mentions.variants {
            dimensions.append(([nil] + variants).map { variant in { $0.variants[experiment] = variant } })
        }
        var count = 1
        for dimension in dimensions {
            count *= dimension.count
            if count > combinationLimit { return nil }
        }
        var counters = Array(repeating: 0, count: dimensions.count)
        for _ in 0..<count {
            var context = ConditionContext()
            for (dimension, counter) in zip(dimensions, counters) { dimension[counter](&context) }
            if condition.holds(in: context) { return true }
            for place in counters.indices {
                counters[place] += 1
                if counters[place] < dimensions[place].count { break }
                counters[place] = 0
            }
        }
        return false
    }

    /// The answers worth trying for `question`: each value named, and one other.
    static func answers(to question: QuestionPage?, naming values: [String]) -> [Answer] {
        guard let question else { return values.map(Answer.text) }
        switch question.kind {
        case .confirm:
            return [.yesNo(true), .yesNo(false)]
        case .input:
            return (values + ["\u{FFFF}other"]).map(Answer.text)
        case .choices(let choices):
            let ids = choices.choices.map(\.id)
            let named = ids.filter(values.contains)
            let other = ids.first { !values.contains($0) }
            guard choices.allowsSeveral else { return (named + (other.map { [$0] } ?? [])).map(Answer.text) }
            // Every set of the named choices, with one unnamed choice beside each when there is one.
            var sets: [[String]] = [[]]
            for id in named { sets += sets.map { $0 + [id] } }
            if let other { sets += sets.map { $0 + [other] } }
            return sets.map(Answer.choices)
        }
    }

    /// What a condition names: questions (with the values it compares them to),
    /// entitlements and experiments (with their variants).
    struct Mentions {
        var questionOrder: [String] = []
        var values: [String: [String]] = [:]
        var entitlements: [String] = []
        var variants: [(String, [String])] = []

        mutating func collect(_ condition: PageCondition) {
            switch condition {
            case .answerIs(let id, let value), .answerIncludes(let id, let value): note(id, [value])
            case .answerIn(let id, let values): note(id, values)
            case .answered(let id): note(id, [])
            case .entitled(let id): if !entitlements.contains(id) { entitlements.append(id) }
            case .variant(let experiment, let variant):
                if let index = variants.firstIndex(where: { $0.0 == experiment }) {
                    if !variants[index].1.contains(variant) { variants[index].1.append(variant) }
                } else {
                    variants.append((experiment, [variant]))
                }
            case .all(let conditions), .any(let conditions): conditions.forEach { collect($0) }
            case .not(let inner): collect(inner)
            }
        }

        private mutating func note(_ id: String, _ named: [String]) {
            if values[id] == nil { questionOrder.append(id) }
            values[id, default: []] += named.filter { !(values[id] ?? []).contains($0) }
        }
    }
}
