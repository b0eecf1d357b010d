import FoundationEssentials

/// Every transaction of the ledger as a store's transaction manager lists them: the recorded
/// ones and the renewals that follow from them (which are never stored), in the order they
/// happened, each with what later events did to it (refunded, replaced by a plan change).
///
/// A renewal's ID is its grant's followed by a dot and its number: `T0123456789ABCDEF.3` is
/// the third renewal after that purchase.
public struct TransactionListing: Sendable {
    /// The most periods listed for one grant, and rows in all: a clock run for centuries, or a
    /// hand-written ledger of purchases dated in year 1, stops listing there rather than take
    /// minutes.
    public static let periodLimit = 2_000
    public static let rowLimit = 10_000

    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case purchase, renewal, upgrade, crossgrade
        case askToBuy = "ask-to-buy"
        case approval, decline, refund, revocation, cancellation, resumption
        case planChangeScheduled = "plan-change-scheduled"
        case planChangeCancelled = "plan-change-cancelled"
        case billingIssue = "billing-issue"
        case billingResolved = "billing-resolved"
        case priceIncrease = "price-increase"
        case priceIncreaseAgreed = "price-increase-agreed"
        case priceIncreaseDeclined = "price-increase-declined"
        case offerScheduled = "offer-scheduled"
    }

    public struct Row: Hashable, Sendable {
        public var id: String
        public var originalID: String
        public var productID: String
        public var kind: Kind
        public var date: Date
        public var expiresDate: Date?
        /// What the payment cost (payments only), in `currencyCode`.
        public var price: Decimal?
        public var currencyCode: String?
        /// The offer a payment was made under: `freeTrial`, `payAsYouGo`, `payUpFront`.
        public var offer: String?
        public var offerKind: String?
        public var offerID: String?
        public var refundedAt: Date?
        /// True when the withdrawal was a revocation rather than a refund.
        public var revoked = false
        public var reason: String?
        /// The plan change that replaced this payment's period before it ran out.
        public var replacedBy: String?
        public var proratedRefund: String?
        public var pendingProductID: String?
        public var newPrice: String?
        public var requiresConsent: Bool?
        /// The event or request this one acts on.
        public var appliesTo: String?

        /// True for the rows a refund can name: purchases, renewals, plan changes and approvals.
        public var isPayment: Bool {
            switch kind {
            case .purchase, .renewal, .upgrade, .crossgrade, .approval: return true
            default: return false
            }
        }

        public var withdrawalWord: String { revoked ? "revoked" : "refunded" }

        /// "a purchase", "a cancellation": for messages.
        public var kindText: String {
            let words = String(kind.rawValue.map { $0 == "-" ? " " : $0 })
            let article = "aeiou".contains(words.first ?? "x") ? "an" : "a"
            return "\(article) \(words)"
        }
    }

    public let catalog: Catalog
    public let calendar: Calendar

    public init(catalog: Catalog, calendar: Calendar) {
        self.catalog = catalog
        self.calendar = calendar
    }

    /// The rows of `ledger` that have happened by `now`, oldest first, a row that names another
    /// after it (`ordered`).
    public func rows(of ledger: Ledger, at now: Date) -> [Row] {
        let records = PurchaseRecords(ledger, at: now, catalog: catalog)
        var rows: [(row: Row, order: Int)] = []
        var order = 0
        var budget = Self.rowLimit
        func add(_ row: Row) {
            rows.append((row, order))
            order += 1
        }
        for purchase in records.purchases where budget > 0 {
            let transactions = purchase.transactions
            let grantIndices = transactions.indices.filter { transactions[$0].grantsAccess }
            for transaction in transactions where !transaction.grantsAccess {
                add(eventRow(transaction, originalID: purchase.originalID))
            }
            for (number, grantIndex) in grantIndices.enumerated() {
                let grant = transactions[grantIndex]
                let nextIndex = number + 1 < grantIndices.count ? grantIndices[number + 1] : transactions.endIndex
                let nextGrant = nextIndex < transactions.endIndex ? transactions[nextIndex] : nil
                let events = transactions[(grantIndex + 1)..<nextIndex]
                for row in paymentRows(
                    grant, events: events, nextGrant: nextGrant, purchase: purchase, now: now,
                    limit: min(Self.periodLimit, max(1, budget)))
                {
                    add(row)
                }
                budget = Self.rowLimit - rows.count
            }
        }
        // Withdrawals name the payment they withdraw.
        var withdrawn: [String: Row] = [:]
        for (row, _) in rows where row.kind == .refund || row.kind == .revocation {
            if let target = row.appliesTo, withdrawn[target] == nil { withdrawn[target] = row }
        }
        return Self.ordered(rows).map { row in
            var row = row
            if row.isPayment, let withdrawal = withdrawn[row.id] {
                row.refundedAt = withdrawal.date
                row.revoked = withdrawal.kind == .revocation
                row.reason = withdrawal.reason
            }
            return row
        }
    }

    private func paymentRows(
        _ grant: LedgerTransaction, events: ArraySlice<LedgerTransaction>, nextGrant: LedgerTransaction?,
        purchase: PurchaseRecords.Purchase, now: Date, limit: Int
    ) -> [Row] {
        let product = catalog.products[grant.productID]
        let kind: Kind =
            switch (grant.state, grant.planChange) {
            case (.approved, _): .approval
            case (_, "upgrade"?): .upgrade
            case (_, "crossgrade"?): .crossgrade
            default: .purchase
            }
        var first = Row(
            id: grant.id, originalID: purchase.originalID, productID: grant.productID, kind: kind,
            date: grant.purchaseDate, expiresDate: grant.expiresDate, price: product?.price,
            currencyCode: product?.currencyCode, offer: grant.offer?.rawValue, offerKind: grant.offerKind,
            offerID: grant.offerID, proratedRefund: grant.proratedRefund, appliesTo: grant.appliesTo)
        let replacement = nextGrant.flatMap { $0.planChange != nil ? $0 : nil }
        guard product?.type == .autoRenewable else {
            return [first]
        }
        var rows: [Row] = []
        let stop = nextGrant?.purchaseDate
        _ = SubscriptionTimeline(catalog: catalog, calendar: calendar).standing(
            grant: grant, events: events, originalID: purchase.originalID, now: stop.map { min($0, now) } ?? now
        ) { period in
            if let stop, period.start >= stop, period.renewal > 0 { return false }
            var row = first
            if period.renewal > 0 {
                row.id = "\(grant.id).\(period.renewal)"
                row.kind = .renewal
                row.offer = nil
                row.proratedRefund = nil
                row.appliesTo = nil
            }
            row.productID = period.productID
            row.date = period.start
            row.expiresDate = period.end
            row.price = period.price
            row.currencyCode = catalog.products[period.productID]?.currencyCode
            row.offerKind = period.offerKind
            row.offerID = period.offerID
            if let replacement, period.end > replacement.purchaseDate {
                row.replacedBy = replacement.id
                row.expiresDate = replacement.purchaseDate
            }
            rows.append(row)
            return rows.count < limit && period.end <= now
        }
        if rows.isEmpty {
            first.replacedBy = replacement?.id
            rows.append(first)
        }
        return rows
    }

    private func eventRow(_ event: LedgerTransaction, originalID: String) -> Row {
        let kind: Kind =
            switch event.state {
            case .pending: .askToBuy
            case .declined: .decline
            case .refunded: .refund
            case .revoked: .revocation
            case .renewalCancelled: .cancellation
            case .renewalResumed: .resumption
            case .planChangeScheduled: .planChangeScheduled
            case .planChangeCancelled: .planChangeCancelled
            case .billingIssue: .billingIssue
            case .billingResolved: .billingResolved
            case .priceIncrease: .priceIncrease
            case .priceIncreaseAgreed: .priceIncreaseAgreed
            case .priceIncreaseDeclined: .priceIncreaseDeclined
            case .offerScheduled: .offerScheduled
            case .purchased, .approved: .purchase
            }
        return Row(
            id: event.id, originalID: originalID, productID: event.productID, kind: kind, date: event.purchaseDate,
            offer: event.offer?.rawValue, offerKind: event.offerKind, offerID: event.offerID, reason: event.reason,
            pendingProductID: event.pendingProductID, newPrice: event.newPrice,
            requiresConsent: event.requiresConsent, appliesTo: event.appliesTo)
    }
}
