import FoundationEssentials
import OnboardBase

/// What the report needs from one line of an event file (docs/events.md): which event, the
/// run, the run's assignments, and the members of the events a funnel counts. Other events
/// keep only their run and assignments; members the report does not read are not checked.
public struct EventLine: Sendable, Equatable {
    /// The events a funnel counts; `other` is any other event, known or not (a reader skips
    /// events it does not know, as the format asks).
    public enum Kind: String, Sendable, CaseIterable {
        case tourStarted, pageViewed, questionAnswered, paywallShown, exitOfferShown, purchaseFinished
        case other
    }

    /// A finished purchase: `completed` for the state `purchased` (a `pending` ask-to-buy
    /// request is not one yet); price and currency are absent in files written before they were.
    public struct Purchase: Sendable, Equatable {
        public var isCompleted: Bool
        public var price: Decimal?
        public var currency: String?
        public var startsTrial: Bool

        public init(isCompleted: Bool, price: Decimal?, currency: String?, startsTrial: Bool) {
            self.isCompleted = isCompleted
            self.price = price
            self.currency = currency
            self.startsTrial = startsTrial
        }
    }

    public var kind: Kind
    public var run: String
    /// Experiment id and variant id, in the line's order; none for a line without the member.
    public var assignments: [Assignment]
    /// `pageViewed`'s deck index (nil: a page the deck does not have), or null.
    public var pageIndex: Int?
    /// `pageViewed`'s page id, or `questionAnswered`'s question id.
    public var id: String?
    public var purchase: Purchase?

    public init(
        kind: Kind, run: String, assignments: [Assignment] = [], pageIndex: Int? = nil, id: String? = nil,
        purchase: Purchase? = nil
    ) {
        self.kind = kind
        self.run = run
        self.assignments = assignments
        self.pageIndex = pageIndex
        self.id = id
        self.purchase = purchase
    }
}

/// One experiment's variant, as a line's `assignments` member names it.
public struct Assignment: Hashable, Sendable {
    public var experiment: String
    public var variant: String

    public init(experiment: String, variant: String) {
        self.experiment = experiment
        self.variant = variant
    }
}
