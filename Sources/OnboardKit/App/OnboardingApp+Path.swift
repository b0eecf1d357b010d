/// The pages the reader's conditions show (`Deck.path`): the carousel follows the path as
/// answers and entitlements change it, so the dots and N/M always count the pages ahead on it.
extension OnboardingApp {
    /// What the pages' conditions are tested against now: every answer the question pages
    /// hold (`Deck.path` drops those of pages left out), the entitlements active now, and the
    /// reader's variant of each experiment, as the deck was read for them.
    public var conditionContext: ConditionContext {
        var held: [String: Answer] = [:]
        for state in questions.values {
            if let answer = state.answer { held[state.question.id] = answer }
        }
        return ConditionContext(answers: held, entitled: entitledNow, variants: deck.assignments)
    }

    /// The entitlements that grant access now: the paywall's, once it is built (it follows
    /// purchases and licenses), else those the host found active at the start.
    var entitledNow: Set<String> {
        guard let paywall else { return settings.entitled }
        return Set(paywall.currentStatuses.filter(\.grantsAccess).map(\.entitlement.id))
    }

    /// Takes the path the conditions give now; the page on screen stays on screen, at its new
    /// position, and the slide jumps there rather than sweep across pages that came or went.
    mutating func followPath() {
        guard deck.hasConditions else { return }
        let positionBefore = carousel.position
        guard carousel.follow(deck.path(in: conditionContext, keeping: carousel.currentIndex)) else { return }
        if carousel.position != positionBefore { slide.resize(pageWidth: width, index: carousel.position) }
    }
}
