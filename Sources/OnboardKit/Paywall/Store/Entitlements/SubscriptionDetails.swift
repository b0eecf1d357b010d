import FoundationEssentials

/// What a subscription's lifecycle adds to an entitlement's status, in the terms RevenueCat's
/// customer info uses: when auto-renew was turned off, when billing trouble was seen, how long
/// the grace period lasts, when access was refunded, and what the next renewal will be.
public struct SubscriptionDetails: Hashable, Sendable {
    /// Where a price increase stands.
    public enum PriceIncreaseStatus: String, Hashable, Sendable {
        /// The customer was told; the subscription renews at the new price.
        case notified
        /// The subscription renews at the new price only once the customer agrees.
        case awaitingConsent = "awaiting-consent"
        case agreed
        /// Declined: the subscription ends with its period.
        case declined
    }

    public struct PriceIncrease: Hashable, Sendable {
        public var newPrice: Decimal
        public var status: PriceIncreaseStatus
    }

    /// The first transaction of the subscription, which every renewal and plan change shares.
    public var originalTransactionID: String
    /// The grant the current periods count from (the purchase, approval or plan change).
    public var latestGrantID: String
    /// The start of the current (or, once it ended, the last) period.
    public var periodStart: Date
    /// What the current (or last) period cost, in the product's currency.
    public var periodPrice: Decimal = 0
    /// True when the next renewal's payment is set to fail (`store billing-issue`), or a failed
    /// one has not been resolved.
    public var paymentFailing = false
    /// True when the subscription will renew when its period ends (RevenueCat's `willRenew`).
    public var willRenew: Bool
    public var unsubscribeDetectedAt: Date?
    public var billingIssueDetectedAt: Date?
    public var gracePeriodExpiresDate: Date?
    public var refundedAt: Date?
    /// Why access was refunded or revoked, when the record says.
    public var withdrawalReason: String?
    /// A downgrade or crossgrade waiting for the next renewal, and when it takes effect.
    public var pendingProductID: String?
    public var pendingChangeDate: Date?
    /// What the next renewal costs, in the product's currency; nil when it will not renew.
    public var renewalPrice: Decimal?
    public var priceIncrease: PriceIncrease?
    /// A promotional offer or offer code waiting for the next renewal.
    public var renewalOfferID: String?
}
