import FoundationEssentials

/// One recorded event in the purchase ledger: a purchase or renewal, an ask-to-buy request and
/// its outcome, a refund or revocation, or the user turning auto-renew off.
///
/// Transactions are never edited once recorded; later events are new transactions. A
/// subscription's renewals share the `originalID` of its first purchase, and an event that
/// acts on an earlier transaction (approving a pending one, refunding one) names it in
/// `appliesTo`; follow-up events also carry the `originalID` of the purchase they belong to, so
/// an approved request shows up in that purchase's history.
public struct LedgerTransaction: Codable, Hashable, Sendable {
    /// What a transaction records.
    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        /// A completed purchase or renewal: grants the product.
        case purchased
        /// An ask-to-buy request waiting for a parent: grants nothing yet.
        case pending
        /// A pending request was approved: grants the product from now on.
        case approved
        /// A pending request was declined: grants nothing.
        case declined
        /// The money was returned: access through the refunded transaction ends.
        case refunded
        /// Access was withdrawn without a refund (for example, family sharing ended).
        case revoked
        /// The user turned auto-renew off: access continues until the current period expires.
        case renewalCancelled
        /// The user turned auto-renew back on before the period ran out.
        case renewalResumed
        /// From the next renewal on the subscription continues as `pendingProductID` (a
        /// downgrade, or a crossgrade to another duration).
        case planChangeScheduled
        /// A scheduled plan change was called off: the current plan renews.
        case planChangeCancelled
        /// The next renewal's payment fails (a billing issue), until it is resolved.
        case billingIssue
        /// The billing issue was fixed: a renewal waiting for payment goes through.
        case billingResolved
        /// The renewal price rises to `newPrice` from the next renewal on; with
        /// `requiresConsent` it renews only once the customer agrees.
        case priceIncrease
        /// The customer agreed to the price increase.
        case priceIncreaseAgreed
        /// The customer declined the price increase: the subscription ends with its period.
        case priceIncreaseDeclined
        /// A promotional offer or offer code (`offerID`, `offerKind`) applies to the next
        /// renewal of a current subscription.
        case offerScheduled
    }

    /// Unique identifier of this transaction.
    public var id: String
    /// The first transaction of the purchase this belongs to; equals `id` for a first purchase.
    public var originalID: String
    public var productID: String
    /// When this transaction happened: the purchase or renewal, or for a follow-up event
    /// (approval, refund, cancellation) the moment of that event.
    public var purchaseDate: Date
    /// The end of the period this transaction pays for; nil for non-expiring products.
    public var expiresDate: Date?
    /// The offer the purchase was made under; nil for the regular price.
    public var offer: LedgerOffer?
    public var state: State
    /// For subscriptions: whether the period will renew automatically when it ends.
    public var willRenew: Bool
    /// The earlier transaction this event acts on: the pending request an approval or decline
    /// resolves, the transaction a refund or revocation withdraws. Nil for plain purchases.
    public var appliesTo: String?
    /// For offers other than the introductory one: which (`SubscriptionOffer.Kind`'s raw value)
    /// and its identifier or code.
    public var offerKind: String?
    public var offerID: String?
    /// For a scheduled plan change: the product the subscription continues as.
    public var pendingProductID: String?
    /// For a grant that replaces a running plan at once (an upgrade, or a crossgrade of the same
    /// duration): "upgrade" or "crossgrade", and the unused part of the replaced period that was
    /// refunded, as a decimal string in the product's currency.
    public var planChange: String?
    public var proratedRefund: String?
    /// For a price increase: the new renewal price (a decimal string) and whether the customer
    /// must agree to it.
    public var newPrice: String?
    public var requiresConsent: Bool?
    /// Why access was refunded or revoked, as the seller or the store put it.
    public var reason: String?

    public init(
        id: String, originalID: String? = nil, productID: String, purchaseDate: Date, expiresDate: Date? = nil,
        offer: LedgerOffer? = nil, state: State = .purchased, willRenew: Bool = false, appliesTo: String? = nil,
        offerKind: String? = nil, offerID: String? = nil, pendingProductID: String? = nil, planChange: String? = nil,
        proratedRefund: String? = nil, newPrice: String? = nil, requiresConsent: Bool? = nil, reason: String? = nil
    ) {
        self.id = id
        self.originalID = originalID ?? id
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.offer = offer
        self.state = state
        self.willRenew = willRenew
        self.appliesTo = appliesTo
        self.offerKind = offerKind
        self.offerID = offerID
        self.pendingProductID = pendingProductID
        self.planChange = planChange
        self.proratedRefund = proratedRefund
        self.newPrice = newPrice
        self.requiresConsent = requiresConsent
        self.reason = reason
    }

    /// True for the states that give the user the product.
    public var grantsAccess: Bool { state == .purchased || state == .approved }

    /// True for the states that take access away from an earlier transaction.
    public var withdrawsAccess: Bool { state == .refunded || state == .revoked }

    /// True when this transaction settles an ask-to-buy request.
    public var resolvesPending: Bool { state == .approved || state == .declined }

    /// The dates a transaction can carry and still mean something: the years 1 to 9999, which
    /// a calendar can count periods in and ISO 8601 can write. A ledger line outside them
    /// (hand-written or forged, like a purchase date of 1e300 seconds) decodes, since its
    /// checksum holds, but never grants, withdraws or changes anything.
    public static let meaningfulDates =
        Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

    /// True when the purchase date, and the expiry date if there is one, are meaningful dates.
    public var hasMeaningfulDates: Bool {
        Self.isMeaningful(purchaseDate) && expiresDate.map(Self.isMeaningful) ?? true
    }

    /// NaN is checked on its own: `Date`'s `<=` is "not greater than", which NaN passes.
    private static func isMeaningful(_ date: Date) -> Bool {
        date.timeIntervalSince1970.isFinite && meaningfulDates.contains(date)
    }

    /// True when the transaction has happened by `now`: it is dated at or before it and its
    /// dates are meaningful. Only such transactions say what the customer has at `now`; a
    /// purchase dated later (made under a simulated clock) is not an entitlement yet.
    public func hasHappened(by now: Date) -> Bool {
        hasMeaningfulDates && purchaseDate <= now
    }
}
