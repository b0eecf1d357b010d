import FoundationEssentials

/// Derives what the customer has from the purchase ledger at a given moment: entitlement
/// statuses, whether a product can be bought, and introductory-offer eligibility.
///
/// Nothing here is stored: renewals of an auto-renewable subscription are worked out from its
/// purchase, its period and `now`, the way StoreKit testing renews on its own clock.
public enum EntitlementResolver {
    /// One status per catalog entitlement, in catalog order.
    public static func statuses(in context: StoreContext) -> [EntitlementStatus] {
        let records = PurchaseRecords(context.ledger, at: context.now, catalog: context.catalog)
        return context.catalog.entitlements.map {
            status(of: $0, records: records, in: context)
        }
    }

    /// The status of one entitlement: the strongest access any of its products gives.
    public static func status(of entitlement: Entitlement, in context: StoreContext) -> EntitlementStatus {
        status(
            of: entitlement, records: PurchaseRecords(context.ledger, at: context.now, catalog: context.catalog),
            in: context)
    }

    /// What the purchases of one product give at `now`; `.notPurchased` for consumables and for
    /// products the catalog does not know.
    public static func state(ofProduct productID: String, in context: StoreContext) -> EntitlementStatus.State {
        access(
            toProduct: productID, records: PurchaseRecords(context.ledger, at: context.now, catalog: context.catalog),
            in: context)?.state
            ?? .notPurchased
    }

    /// The active subscription that stops `product` from being bought ("You're currently
    /// subscribed"): for an auto-renewable product, its own active subscription or that of any
    /// product in the same subscription group, as a customer holds one subscription per group.
    /// Nil when there is none, and always for products that are not auto-renewable.
    public static func activeSubscription(for product: Product, in context: StoreContext)
        -> EntitlementStatus.State?
    {
        activeSubscription(
            for: product, records: PurchaseRecords(context.ledger, at: context.now, catalog: context.catalog),
            in: context)
    }

    static func activeSubscription(for product: Product, records: PurchaseRecords, in context: StoreContext)
        -> EntitlementStatus.State?
    {
        guard product.type == .autoRenewable else { return nil }
        var best: PurchaseAccess?
        for productID in subscriptionGroupMembers(of: product, catalog: context.catalog) {
            guard let access = access(toProduct: productID, records: records, in: context), access.state.isActive
            else { continue }
            if best.map(access.outranks) ?? true { best = access }
        }
        return best?.state
    }

    /// True when `product` is a non-consumable the customer already owns.
    public static func isOwned(_ product: Product, in context: StoreContext) -> Bool {
        product.type == .nonConsumable && state(ofProduct: product.id, in: context) == .lifetime
    }

    /// True when an ask-to-buy request for `product` (or, for a subscription, for any product of
    /// its group) still waits for an answer.
    public static func hasPendingRequest(for product: Product, catalog: Catalog, ledger: Ledger) -> Bool {
        let members = Set(subscriptionGroupMembers(of: product, catalog: catalog))
        return ledger.pendingTransactions.contains { members.contains($0.productID) }
    }

    /// True when buying `product` now would start with its introductory offer: it has one, and
    /// the customer never held a subscription of its group (a used trial counts, even if it
    /// was refunded; a declined request does not).
    public static func isEligibleForIntroductoryOffer(_ product: Product, catalog: Catalog, ledger: Ledger) -> Bool {
        guard product.type == .autoRenewable, product.introductoryOffer != nil else { return false }
        let members = Set(subscriptionGroupMembers(of: product, catalog: catalog))
        return !ledger.transactions.contains { $0.grantsAccess && members.contains($0.productID) }
    }

    /// The first moment after `context.now` at which any answer above may change with time
    /// alone: the earliest end of a period any purchase is active in (where it renews, moves
    /// from its introductory offer to regular periods, or runs out), or the date of a
    /// transaction recorded for later. Nil when nothing changes until the ledger does. Every
    /// derived state is constant between such moments, and an ended or expired access stays
    /// as it is.
    static func nextBoundary(records: PurchaseRecords, in context: StoreContext) -> Date? {
        var earliest = records.nextTransactionDate
        for position in records.purchases.indices {
            guard let change = records.access(ofPurchaseAt: position, in: context)?.nextChange else { continue }
            earliest = min(earliest ?? change, change)
        }
        return earliest
    }

    /// The end of the first period of a purchase starting at `start`: the whole introductory
    /// offer when the purchase was made under one, else one regular period. Nil for products
    /// without a period.
    public static func firstPeriodEnd(of product: Product, offer: LedgerOffer?, from start: Date, calendar: Calendar)
        -> Date?
    {
        if offer != nil, product.type == .autoRenewable, let introductory = product.introductoryOffer {
            return introductory.totalDuration.adding(to: start, calendar: calendar)
        }
        return product.subscriptionPeriod?.adding(to: start, calendar: calendar)
    }

    /// The ledger's name for the introductory offer a purchase of `product` would use.
    public static func ledgerOffer(for offer: IntroductoryOffer) -> LedgerOffer {
        switch offer.paymentMode {
        case .freeTrial: return .freeTrial
        case .payAsYouGo: return .payAsYouGo
        case .payUpFront: return .payUpFront
        }
    }

    /// The kind of the first period of a grant: a free trial, another offer, or a regular period.
    static func periodType(of grant: LedgerTransaction, product: Product) -> EntitlementStatus.PeriodType {
        guard let offer = grant.offer, grant.offerKind != nil || product.introductoryOffer != nil else {
            return .normal
        }
        return offer == .freeTrial ? .trial : .intro
    }

    /// The products of `product`'s subscription group, itself first; just itself outside a group.
    static func subscriptionGroupMembers(of product: Product, catalog: Catalog) -> [String] {
        guard product.type == .autoRenewable, let group = product.subscriptionGroup else { return [product.id] }
        let others = catalog.products.values
            .filter { $0.id != product.id && $0.type == .autoRenewable && $0.subscriptionGroup == group }
            .map(\.id)
            .sorted()
        return [product.id] + others
    }

    static func status(of entitlement: Entitlement, records: PurchaseRecords, in context: StoreContext)
        -> EntitlementStatus
    {
        var best: PurchaseAccess?
        for productID in entitlement.productIDs {
            guard let access = access(toProduct: productID, records: records, in: context) else { continue }
            if best.map(access.outranks) ?? true { best = access }
        }
        guard let best else { return EntitlementStatus(entitlement: entitlement, state: .notPurchased) }
        var status = EntitlementStatus(
            entitlement: entitlement, state: best.state, productID: best.productID, periodType: best.periodType,
            subscription: best.subscription)
        if let pending = best.subscription?.pendingProductID {
            status.pendingProductName = context.catalog.products[pending]?.localizedTitle
        }
        return status
    }

    /// The strongest access the purchases of one product give; nil when none gives any.
    static func access(toProduct productID: String, records: PurchaseRecords, in context: StoreContext)
        -> PurchaseAccess?
    {
        var best: PurchaseAccess?
        for position in records.positions(of: productID) {
            // A subscription counts for the plan it is on now, not for those it changed from.
            guard let access = records.access(ofPurchaseAt: position, in: context), access.productID == productID
            else { continue }
            if best.map(access.outranks) ?? true { best = access }
        }
        return best
    }
}
