import FoundationEssentials

/// What choosing another plan of the group the customer is subscribed in would do, as the
/// paywall's row and its confirmation say it.
public struct PlanChangeOffer: Hashable, Sendable {
    public var change: StoreLifecycle.PlanChange
    /// True when it takes effect at once; else at `effectiveDate`, the current period's end while
    /// that is ahead (nil in a grace period or billing retry: at the next renewal, whenever).
    public var isImmediate: Bool
    public var effectiveDate: Date?
    /// The plan changed from.
    public var currentProductID: String

    /// "upgrade now", "from Feb 10": the row's tag.
    public func tag(day: (Date) -> String) -> String {
        if isImmediate { return change == .upgrade ? Messages.tr("upgrade now") : Messages.tr("switch now") }
        return effectiveDate.map { Messages.tr("from {{ date }}", ["date": day($0)]) } ?? Messages.tr("at renewal")
    }
}
