import FoundationEssentials

/// Where the customer stands in one subscription group at one moment: the subscription that
/// speaks for the group now, if any, and whether they ever subscribed in it. What plan changes,
/// offers and every lifecycle command are decided by.
public struct GroupStanding: Sendable {
    /// A subscription of the group with what it gives now.
    public struct Subscription: Sendable {
        public var originalID: String
        /// The plan it is on now.
        public var productID: String
        public var state: EntitlementStatus.State
        public var details: SubscriptionDetails
    }

    /// The subscription that is active, in its grace period or in billing retry; nil when none.
    public let current: Subscription?
    /// The one that ended last, when none is current.
    public let lapsed: Subscription?
    /// True when the customer ever held a subscription of the group (a trial counts).
    public let everSubscribed: Bool

    /// The standing in the group of `product` (just the product, outside any group) at `context.now`.
    public init(groupOf product: Product, in context: StoreContext) {
        self.init(
            groupOf: product, records: PurchaseRecords(context.ledger, at: context.now, catalog: context.catalog),
            in: context)
    }

    /// The same from records already built at `context.now`.
    init(groupOf product: Product, records: PurchaseRecords, in context: StoreContext) {
        let members = Set(EntitlementResolver.subscriptionGroupMembers(of: product, catalog: context.catalog))
        var current: (Subscription, PurchaseAccess)?
        var lapsed: (Subscription, PurchaseAccess)?
        let positions = Set(members.flatMap { records.positions(of: $0) }).sorted()
        for position in positions {
            let purchase = records.purchases[position]
            guard
                let access = records.access(ofPurchaseAt: position, in: context),
                let details = access.subscription, members.contains(access.productID)
            else { continue }
            let subscription = Subscription(
                originalID: purchase.originalID, productID: access.productID, state: access.state, details: details)
            let isCurrent: Bool
            switch access.state {
            case .active, .inGracePeriod, .inBillingRetry: isCurrent = true
            default: isCurrent = false
            }
            if isCurrent {
                if current.map({ access.outranks($0.1) }) ?? true { current = (subscription, access) }
            } else if lapsed.map({ access.outranks($0.1) }) ?? true {
                lapsed = (subscription, access)
            }
        }
        self.current = current?.0
        self.lapsed = current == nil ? lapsed?.0 : nil
        everSubscribed = context.ledger.transactions.contains {
            $0.grantsAccess && $0.hasMeaningfulDates && members.contains($0.productID)
        }
    }

    /// Which of an offer's eligibility classes the customer is in.
    public var eligibility: SubscriptionOffer.Eligibility {
        if current != nil { return .existing }
        return everSubscribed ? .expired : .new
    }
}
