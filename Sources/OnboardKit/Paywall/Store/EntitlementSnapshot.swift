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
    /// The simulated date the snapshot was worked out at.
    public let computedAt: Date
    /// The first simulated date at which it may no longer hold; nil while only a change of the
    /// ledger can change it.
    public let validUntil: Date?

    /// Works everything out from `context`, reading the ledger once.
    public init(_ context: StoreContext) {
        let records = PurchaseRecords(context.ledger, at: context.now)
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
        computedAt = context.now
        validUntil = EntitlementResolver.nextBoundary(records: records, in: context)
    }

    /// True when the answers worked out at `computedAt` are still those at `now`, the ledger
    /// being the same.
    public func holds(at now: Date) -> Bool {
        now >= computedAt && validUntil.map { now < $0 } ?? true
    }
}
