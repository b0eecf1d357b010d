import FoundationEssentials

/// What the customer has, worked out once from a ledger at one moment, with the moment until
/// which it holds: the paywall draws from it on every frame and works it out again only when
/// the ledger changes or the simulated clock passes `validUntil`.
public struct EntitlementSnapshot: Hashable, Sendable {
    /// One status per catalog entitlement, in catalog order.
    public let statuses: [EntitlementStatus]
    /// Products that are active or bought (a non-consumable owned, a subscription or pass running).
    public let ownedProductIDs: Set<String>
    /// Products not owned whose subscription group is active through another plan, so the store
    /// refuses them while that lasts.
    public let blockedProductIDs: Set<String>
    /// Products a purchase of which would start with their introductory offer.
    public let introEligibleProductIDs: Set<String>
    /// For the other plans of a group the customer is subscribed in: what choosing them does.
    public let planChanges: [String: PlanChangeOffer]
    /// Plans a waiting downgrade or crossgrade changes to: chosen already.
    public let scheduledProductIDs: Set<String>
    /// Current plans whose renewal choosing them again restores: auto-renew is off, or a plan
    /// change waits.
    public let resumableProductIDs: Set<String>
    /// The win-back offer a lapsed subscriber gets on each product, if any.
    public let winBackOffers: [String: SubscriptionOffer]
    /// Non-consumables not owned whose entitlements are active already through another
    /// purchase, with the end of that access (nil: for good): buying one asks first.
    public let alreadyEntitled: [String: Date?]
    /// The simulated date the snapshot was worked out at.
    public let computedAt: Date
    /// The first simulated date at which it may no longer hold; nil while only a change of the
    /// ledger can change it.
    public let validUntil: Date?

    /// Works everything out from `context`, reading the ledger once.
    public init(_ context: StoreContext) {
        let records = PurchaseRecords(context.ledger, at: context.now, catalog: context.catalog)
        let products = context.catalog.products.values
        statuses = context.catalog.entitlements.map {
            EntitlementResolver.status(of: $0, records: records, in: context)
        }
        let owned = Set(
            products.filter { product in
                let state = EntitlementResolver.access(toProduct: product.id, records: records, in: context)?.state
                return (product.type == .nonConsumable && state == .lifetime) || state?.isActive == true
            }.map(\.id))
        ownedProductIDs = owned
        blockedProductIDs = Set(
            products.filter { product in
                !owned.contains(product.id)
                    && EntitlementResolver.activeSubscription(for: product, records: records, in: context) != nil
            }.map(\.id))
        introEligibleProductIDs = Set(
            products.filter {
                EntitlementResolver.isEligibleForIntroductoryOffer($0, catalog: context.catalog, ledger: context.ledger)
            }.map(\.id))
        var changes: [String: PlanChangeOffer] = [:]
        var resumable = Set<String>()
        var scheduled = Set<String>()
        var winBacks: [String: SubscriptionOffer] = [:]
        let lifecycle = StoreLifecycle(catalog: context.catalog, calendar: context.calendar)
        // One standing per subscription group, from the records read once above.
        var standings: [String: GroupStanding] = [:]
        for product in products where product.type == .autoRenewable {
            let group = product.subscriptionGroup ?? product.id
            let standing =
                standings[group] ?? GroupStanding(groupOf: product, records: records, in: context)
            standings[group] = standing
            if let current = standing.current, current.state.isActive {
                if current.productID == product.id {
                    if current.details.unsubscribeDetectedAt != nil || current.details.pendingProductID != nil {
                        resumable.insert(product.id)
                    }
                } else if current.details.pendingProductID == product.id {
                    scheduled.insert(product.id)
                    changes[product.id] = PlanChangeOffer(
                        change: .downgrade, isImmediate: false,
                        effectiveDate: current.state.upcomingRenewal(after: context.now).flatMap { _ in
                            current.details.pendingChangeDate
                        },
                        currentProductID: current.productID)
                } else if let (change, immediate) = lifecycle.planChange(to: product, standing: standing) {
                    changes[product.id] = PlanChangeOffer(
                        change: change, isImmediate: immediate,
                        effectiveDate: current.state.upcomingRenewal(after: context.now),
                        currentProductID: current.productID)
                }
            } else if let offer = lifecycle.winBackOffer(for: product, standing: standing, in: context) {
                winBacks[product.id] = offer
            }
        }
        planChanges = changes
        resumableProductIDs = resumable
        scheduledProductIDs = scheduled
        winBackOffers = winBacks
        var entitled: [String: Date?] = [:]
        for product in products where product.type == .nonConsumable && !owned.contains(product.id) {
            let granted = context.catalog.entitlements(grantedBy: product.id).map(\.id)
            let active = statuses.filter { granted.contains($0.entitlement.id) && $0.isActive }
            guard !active.isEmpty else { continue }
            entitled[product.id] =
                active.contains { $0.state == .lifetime } ? nil : active.compactMap(\.state.accessEnd).max()
        }
        alreadyEntitled = entitled
        computedAt = context.now
        validUntil = EntitlementResolver.nextBoundary(records: records, in: context)
    }

    /// True when the answers worked out at `computedAt` are still those at `now`, the ledger
    /// being the same.
    public func holds(at now: Date) -> Bool {
        now >= computedAt && validUntil.map { now < $0 } ?? true
    }
}
