/// What a paywall page offers once, to a user leaving it without buying: another offering and
/// its own words (RevenueCat's exit offers, Superwall's `paywall_decline`). It shows in the
/// page's place, at most once per user (`id`, kept in the first-run state).
public struct ExitOffer: Hashable, Sendable {
    /// The name the state remembers it by: the deck's `"id"`, else `defaultID`, so that two
    /// paywall pages chosen by the answers share one "once".
    public var id: String
    /// An array only so that a page can hold the page it turns into: a struct cannot hold a
    /// value of its own type, and an array keeps its elements out of line.
    private var pages: [PaywallPage]

    public static let defaultID = "exit-offer"

    public init(id: String = ExitOffer.defaultID, page: PaywallPage) {
        self.id = id
        self.pages = [page]
    }

    /// The paywall shown in the page's place: its offering (nil: the catalog's current one) and
    /// words, with no exit offer or survey of its own.
    public var page: PaywallPage { pages[0] }
}

/// The one question a paywall page asks of a user who declined it ("What held you back?"), with
/// choices and, optionally, an "Other" choice that asks for a line of text. Shown at most once per
/// user; its answer is kept and sent like any question page's.
public struct PaywallSurvey: Hashable, Sendable {
    /// The question, with the "Other" choice last when there is one.
    public var question: QuestionPage
    /// The "Other" choice's id, when the survey has one: picking it asks for a line of text.
    public var otherChoiceID: String?

    public static let otherChoice = "other"

    public init(question: QuestionPage, otherTitle: String? = nil) {
        var question = question
        if let otherTitle, case .choices(var choices) = question.kind {
            choices.choices.append(ChoiceQuestion.Choice(id: Self.otherChoice, title: otherTitle))
            question.kind = .choices(choices)
            otherChoiceID = Self.otherChoice
        }
        self.question = question
    }

    /// The id the "Other" line's text is kept under: the survey's own with `-other`.
    public var otherAnswerID: String { question.id + "-other" }

    /// The question asking for the "Other" line: optional, one line of text.
    public func otherQuestion(heading: String) -> QuestionPage {
        QuestionPage(
            id: otherAnswerID, heading: heading, text: question.heading, isRequired: false,
            kind: .input(InputQuestion(maximumLength: 200)))
    }
}
