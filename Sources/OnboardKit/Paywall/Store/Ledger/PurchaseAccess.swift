import FoundationEssentials

/// What one purchase (a first transaction and everything recorded for it since) gives at one
/// moment. Derived from the transactions every time, never stored, so a ledger written by
/// another run or by hand always reads the same way.
struct PurchaseAccess: Hashable {
    var state: EntitlementStatus.State
    /// The product the access is of now: for a subscription, the plan it is on after any
    /// plan change.
    var productID: String
    var periodType: EntitlementStatus.PeriodType?
    var subscription: SubscriptionDetails?
    /// The first moment after the one asked about at which the access changes with time alone.
    var nextChange: Date?

    /// The access `purchase` gives at `now`; nil when it gives nothing at all (a consumable,
    /// a declined request, a product the catalog no longer lists).
    ///
    /// The most recently recorded grant (purchase, renewal, approval or immediate plan change)
    /// decides. Events recorded after it act on it: a refund or revocation ends access on its
    /// date; for a subscription, `SubscriptionTimeline` plays the rest of its lifecycle.
    static func derive(_ purchase: PurchaseRecords.Purchase, catalog: Catalog, now: Date, calendar: Calendar)
        -> PurchaseAccess?
    {
        let transactions = purchase.transactions
        guard let grantIndex = transactions.lastIndex(where: \.grantsAccess) else {
            guard let product = catalog.products[purchase.productID], product.type != .consumable,
                hasUnsettledRequest(transactions)
            else { return nil }
            return PurchaseAccess(state: .awaitingApproval, productID: product.id)
        }
        let grant = transactions[grantIndex]
        // A product the catalog no longer lists has no known type or period, so it grants nothing.
        guard let product = catalog.products[grant.productID] else { return nil }
        let later = transactions[(grantIndex + 1)...]
        let withdrawal = later.filter(\.withdrawsAccess).min { $0.purchaseDate < $1.purchaseDate }
        switch product.type {
        case .consumable:
            return nil
        case .nonConsumable:
            return oneTime(product, withdrawal: withdrawal)
        case .nonRenewing:
            // A pass of unknown length is treated as lasting, as RevenueCat does without a duration.
            guard
                let end = grant.expiresDate
                    ?? product.subscriptionPeriod?.adding(to: grant.purchaseDate, calendar: calendar)
            else { return oneTime(product, withdrawal: withdrawal) }
            if let withdrawal, withdrawal.purchaseDate < end {
                return PurchaseAccess(
                    state: withdrawn(withdrawal, on: withdrawal.purchaseDate), productID: product.id,
                    periodType: .normal)
            }
            let state: EntitlementStatus.State =
                now < end ? .active(until: end, willRenew: false) : .expired(on: end)
            return PurchaseAccess(
                state: state, productID: product.id, periodType: .normal, nextChange: now < end ? end : nil)
        case .autoRenewable:
            let timeline = SubscriptionTimeline(catalog: catalog, calendar: calendar)
            guard
                let standing = timeline.standing(
                    grant: grant, events: later, originalID: purchase.originalID, now: now)
            else { return oneTime(product, withdrawal: withdrawal) }
            return PurchaseAccess(
                state: standing.state, productID: standing.productID, periodType: standing.periodType,
                subscription: standing.details, nextChange: standing.nextChange)
        }
    }

    private static func oneTime(_ product: Product, withdrawal: LedgerTransaction?) -> PurchaseAccess {
        let state = withdrawal.map { withdrawn($0, on: $0.purchaseDate) } ?? .lifetime
        return PurchaseAccess(state: state, productID: product.id)
    }

    private static func withdrawn(_ event: LedgerTransaction, on date: Date) -> EntitlementStatus.State {
        event.state == .revoked ? .revoked(on: date) : .refunded(on: date)
    }

    /// True when an ask-to-buy request has no approval or decline recorded after it.
    private static func hasUnsettledRequest(_ transactions: [LedgerTransaction]) -> Bool {
        transactions.indices.contains { index in
            let request = transactions[index]
            guard request.state == .pending else { return false }
            return !transactions[(index + 1)...].contains {
                $0.resolvesPending && ($0.appliesTo == request.id || $0.appliesTo == nil)
            }
        }
    }

    /// How strongly a state speaks for an entitlement: access beats a pending request, which
    /// beats a past access, which beats nothing.
    private var rank: Int {
        switch state {
        case .lifetime: return 4
        case .active, .inGracePeriod: return 3
        case .awaitingApproval: return 2
        case .expired, .inBillingRetry, .refunded, .revoked, .licenseFileExpired: return 1
        case .notPurchased: return 0
        }
    }

    /// True when this access, rather than `other`, should speak for an entitlement both grant:
    /// lifetime first, then the subscription that lasts longest (a renewing one on a tie), as
    /// RevenueCat picks the latest expiration; among ended ones the latest, a subscription
    /// whose payment is being retried first, since it can still come back.
    func outranks(_ other: PurchaseAccess) -> Bool {
        guard rank == other.rank else { return rank > other.rank }
        switch (state, other.state) {
        case (.active(let until, let renews), .active(let otherUntil, let otherRenews)):
            return until != otherUntil ? until > otherUntil : renews && !otherRenews
        case (.inBillingRetry, .inBillingRetry):
            return (state.accessEnd ?? .distantPast) > (other.state.accessEnd ?? .distantPast)
        case (.inBillingRetry, _):
            return true
        case (_, .inBillingRetry):
            return false
        default:
            return (state.accessEnd ?? .distantPast) > (other.state.accessEnd ?? .distantPast)
        }
    }
}
