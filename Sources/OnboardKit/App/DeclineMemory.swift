/// The exit offers and surveys a user has been shown, by id: each shows at most once per user,
/// so the first-run state keeps them (`FirstRunState.Record`).
public struct DeclineMemory: Hashable, Sendable {
    public var exitOffers: Set<String>
    public var surveys: Set<String>

    public init(exitOffers: Set<String> = [], surveys: Set<String> = []) {
        self.exitOffers = exitOffers
        self.surveys = surveys
    }

    public var isEmpty: Bool { exitOffers.isEmpty && surveys.isEmpty }

    /// Both sets together: what one memory or the other holds.
    public func union(_ other: DeclineMemory) -> DeclineMemory {
        DeclineMemory(exitOffers: exitOffers.union(other.exitOffers), surveys: surveys.union(other.surveys))
    }
}

/// Where a user leaving a paywall page was going, carried out once its exit offer or survey is
/// done with.
public enum PaywallLeave: Hashable, Sendable {
    /// Toward a later page (Next, Esc's "not now", a swipe, a dot): the position on the path.
    case forward(to: Int)
    /// Out of the tour (Skip, `q`, Esc on the last page).
    case quit(TourEnding)
    /// Done on the last page.
    case finish
}

/// The survey on screen in a declined paywall page's place: its choices, then its "Other" line
/// when that was picked, and where the user was going.
public struct SurveyPrompt: Hashable, Sendable {
    /// The paywall page's index in the deck.
    public let pageIndex: Int
    public let survey: PaywallSurvey
    /// The question being answered: the survey's, then the "Other" line's.
    public internal(set) var state: QuestionState
    public let leave: PaywallLeave

    init(pageIndex: Int, survey: PaywallSurvey, leave: PaywallLeave) {
        self.pageIndex = pageIndex
        self.survey = survey
        self.state = QuestionState(question: survey.question)
        self.leave = leave
    }

    /// The keys line under the survey: Esc goes on without an answer there.
    public var keysHint: String {
        isAskingOther
            ? Messages.tr("type · ⏎ go on · Esc no answer") : Messages.tr("↑↓ move · ⏎ choose · Esc no answer")
    }

    /// True while the "Other" line is asked.
    public var isAskingOther: Bool { state.question.id == survey.otherAnswerID }

    /// True when `answer` (to the survey's choices) picks "Other".
    func picksOther(_ answer: Answer?) -> Bool {
        guard let other = survey.otherChoiceID else { return false }
        switch answer {
        case .text(let id)?: return id == other
        case .choices(let ids)?: return ids.contains(other)
        default: return false
        }
    }
}
