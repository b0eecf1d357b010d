import FoundationEssentials

/// What one purchase (a first transaction and everything recorded for it since) gives at one
/// moment. Derived from the transactions every time, never stored, so a ledger written by
/// another run or by hand always reads the same way.
struct PurchaseAccess: Hashable {
    var state: EntitlementStatus.State
    var productID: String
    var periodType: EntitlementStatus.PeriodType?

    /// The access `purchase` gives at `now`; nil when it gives nothing at all (a consumable,
    /// a declined request, a refunded one-time purchase).
    ///
    /// The most recently recorded grant (purchase, renewal or approval) decides. Events recorded
    /// after it act on it: a refund or revocation ends access on its date, turning auto-renew
    /// off ends the subscription at the end of the period in which that happened.
    static func derive(_ purchase: PurchaseRecords.Purchase, product: Product, now: Date, calendar: Calendar)
        -> PurchaseAccess?
    {
        guard product.type != .consumable else { return nil }
        let transactions = purchase.transactions
        guard let grantIndex = transactions.lastIndex(where: \.grantsAccess) else {
            return hasUnsettledRequest(transactions)
                ? PurchaseAccess(state: .awaitingApproval, productID: product.id) : nil
        }
        let grant = transactions[grantIndex]
        let later = transactions[(grantIndex + 1)...]
        let withdrawal = later.filter(\.withdrawsAccess).map(\.purchaseDate).min()
        switch product.type {
        case .consumable:
            return nil
        case .nonConsumable:
            return oneTime(product, withdrawn: withdrawal != nil)
        case .nonRenewing:
            // A pass of unknown length is treated as lasting, as RevenueCat does without a duration.
            guard
                let end = grant.expiresDate
                    ?? product.subscriptionPeriod?.adding(to: grant.purchaseDate, calendar: calendar)
            else { return oneTime(product, withdrawn: withdrawal != nil) }
            let accessEnd = withdrawal.map { min($0, end) } ?? end
            let state: EntitlementStatus.State =
                now < accessEnd ? .active(until: accessEnd, willRenew: false) : .expired(on: accessEnd)
            return PurchaseAccess(state: state, productID: product.id, periodType: .normal)
        case .autoRenewable:
            let cancellation = later.filter { $0.state == .renewalCancelled }.map(\.purchaseDate).min()
            return subscription(
                grant, product: product, cancelledOn: cancellation, withdrawnOn: withdrawal, now: now,
                calendar: calendar)
        }
    }

    /// An auto-renewable subscription: the grant's period (an introductory offer's whole
    /// duration when it was bought with one), then regular periods while it renews.
    private static func subscription(
        _ grant: LedgerTransaction, product: Product, cancelledOn cancellation: Date?, withdrawnOn withdrawal: Date?,
        now: Date, calendar: Calendar
    ) -> PurchaseAccess? {
        let firstPeriodType = EntitlementResolver.periodType(of: grant.offer, product: product)
        guard
            let firstEnd = grant.expiresDate
                ?? EntitlementResolver.firstPeriodEnd(
                    of: product, offer: grant.offer, from: grant.purchaseDate, calendar: calendar)
        else { return oneTime(product, withdrawn: withdrawal != nil) }
        let period = product.subscriptionPeriod
        // Regular periods count from the purchase when the first period was a regular one (so
        // a purchase on 31 January renews on 28 February, then 31 March), else from the end of
        // the introductory offer or of a recorded period.
        let anchor =
            firstPeriodType == .normal && period?.adding(to: grant.purchaseDate, calendar: calendar) == firstEnd
            ? grant.purchaseDate : firstEnd
        /// The end of the period containing `date`.
        func periodEnd(containing date: Date) -> Date {
            guard let period, date >= firstEnd else { return firstEnd }
            return period.firstBoundary(after: date, from: anchor, calendar: calendar)
        }
        // The end of the last period; nil while the subscription renews for ever.
        var finalEnd: Date?
        if period != nil, grant.willRenew {
            finalEnd = cancellation.map(periodEnd(containing:))
        } else {
            finalEnd = firstEnd
        }
        if let withdrawal { finalEnd = min(finalEnd ?? withdrawal, withdrawal) }
        if let finalEnd, now >= finalEnd {
            let lastPeriodType = finalEnd <= firstEnd ? firstPeriodType : .normal
            return PurchaseAccess(state: .expired(on: finalEnd), productID: product.id, periodType: lastPeriodType)
        }
        let currentEnd = periodEnd(containing: now)
        let until = finalEnd.map { min($0, currentEnd) } ?? currentEnd
        let willRenew = finalEnd.map { until < $0 } ?? true
        return PurchaseAccess(
            state: .active(until: until, willRenew: willRenew), productID: product.id,
            periodType: now < firstEnd ? firstPeriodType : .normal)
    }

    private static func oneTime(_ product: Product, withdrawn: Bool) -> PurchaseAccess? {
        withdrawn ? nil : PurchaseAccess(state: .lifetime, productID: product.id)
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
        case .active: return 3
        case .awaitingApproval: return 2
        case .expired: return 1
        case .notPurchased: return 0
        }
    }

    /// True when this access, rather than `other`, should speak for an entitlement both grant:
    /// lifetime first, then the subscription that lasts longest (a renewing one on a tie), as
    /// RevenueCat picks the latest expiration.
    func outranks(_ other: PurchaseAccess) -> Bool {
        guard rank == other.rank else { return rank > other.rank }
        switch (state, other.state) {
        case (.active(let until, let renews), .active(let otherUntil, let otherRenews)):
            return until != otherUntil ? until > otherUntil : renews && !otherRenews
        case (.expired(let date), .expired(let otherDate)):
            return date > otherDate
        default:
            return false
        }
    }
}
