/// Which pages a reader meets: those whose `"when"` holds.
extension Deck {
    /// The condition page `index` shows under; nil when it always shows.
    public func condition(ofPage index: Int) -> PageCondition? {
        index < pageConditions.count ? pageConditions[index] : nil
    }

    /// True when some page has a condition.
    public var hasConditions: Bool { pageConditions.contains { $0 != nil } }

    /// The indexes of the pages shown in `context`, in order: each page whose condition holds.
    /// Conditions read only questions before their page, so one pass decides: a question left
    /// out gives no answer to the pages after it, whatever `context` holds for it (an answer
    /// from an earlier run, or one given before the path changed). Page `keeping`, the one on
    /// screen, stays whatever its condition says: a page never vanishes under the reader.
    public func path(in context: ConditionContext, keeping kept: Int? = nil) -> [Int] {
        var known = context
        // A context that names no variants tests them against the reader's, as assigned.
        if known.variants.isEmpty { known.variants = assignments }
        var path: [Int] = []
        for (index, page) in pages.enumerated() {
            if index == kept || condition(ofPage: index)?.holds(in: known) ?? true {
                path.append(index)
            } else if let question = page.question {
                known.answers[question.id] = nil
            }
        }
        return path
    }

    /// The answers of the questions on `path`, from `answers`: a question the path leaves out
    /// was not asked, so its answer is not the reader's.
    public func answers(_ answers: [String: Answer], onPath path: [Int]) -> [String: Answer] {
        let asked = Set(path.compactMap { pages.indices.contains($0) ? pages[$0].question?.id : nil })
        return answers.filter { asked.contains($0.key) }
    }
}

extension Deck {
    /// True when some page's condition reads the entitlements, so the path follows purchases.
    public var conditionsReadEntitlements: Bool { pageConditions.contains { $0?.readsEntitlements == true } }
}

extension Deck {
    /// The path a reader takes who accepts every default, and the answers on it: `context`'s
    /// answers, and for each question on the path that has none, its default when the deck
    /// gives a valid one. What `--plain`, `dump` and autoplay show, where no one can answer:
    /// a condition on a question with neither an answer nor a default is false.
    public func pathTakingDefaults(_ context: ConditionContext) -> (path: [Int], answers: [String: Answer]) {
        var known = context
        // A context that names no variants tests them against the reader's, as assigned.
        if known.variants.isEmpty { known.variants = assignments }
        var path: [Int] = []
        for (index, page) in pages.enumerated() {
            guard condition(ofPage: index)?.holds(in: known) ?? true else {
                if let question = page.question { known.answers[question.id] = nil }
                continue
            }
            path.append(index)
            guard let question = page.question, known.answers[question.id] == nil,
                let answer = question.defaultAnswer, question.problem(with: answer) == nil
            else { continue }
            known.answers[question.id] = answer
        }
        return (path, answers(known.answers, onPath: path))
    }
}
