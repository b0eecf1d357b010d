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

    public init(
        id: String, originalID: String? = nil, productID: String, purchaseDate: Date, expiresDate: Date? = nil,
        offer: LedgerOffer? = nil, state: State = .purchased, willRenew: Bool = false, appliesTo: String? = nil
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
    }

    /// True for the states that give the user the product.
    public var grantsAccess: Bool { state == .purchased || state == .approved }

    /// True for the states that take access away from an earlier transaction.
    public var withdrawsAccess: Bool { state == .refunded || state == .revoked }

    /// True when this transaction settles an ask-to-buy request.
    public var resolvesPending: Bool { state == .approved || state == .declined }
}
