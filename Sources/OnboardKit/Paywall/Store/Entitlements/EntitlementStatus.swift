import FoundationEssentials
import FoundationInternationalization

/// Where the customer stands with one entitlement at one moment, derived from the ledger (never
/// stored), in the spirit of RevenueCat's `EntitlementInfo` (`isActive`, `willRenew`,
/// `expirationDate`, `periodType`).
public struct EntitlementStatus: Hashable, Sendable {
    /// The access the entitlement gives.
    public enum State: Hashable, Sendable {
        /// No purchase grants it (nothing bought, declined, or a one-time purchase refunded).
        case notPurchased
        /// A one-time purchase grants it for good.
        case lifetime
        /// A subscription or pass grants it until `until`; `willRenew` tells whether a new
        /// period starts then.
        case active(until: Date, willRenew: Bool)
        /// Access ended on that date (expired or not renewed).
        case expired(on: Date)
        /// An ask-to-buy request waits for a parent's approval.
        case awaitingApproval
        /// A renewal failed; the store keeps access on until the grace period ends at `until`.
        case inGracePeriod(until: Date)
        /// A renewal failed on `since` and the grace period (if any) is over: no access while the
        /// store retries the payment.
        case inBillingRetry(since: Date)
        /// The money was returned on that date; access ended then.
        case refunded(on: Date)
        /// Access was withdrawn without a refund on that date.
        case revoked(on: Date)
        /// A license still grants it, but the license file expired on that date: no access
        /// until a new file is checked out.
        case licenseFileExpired(on: Date)

        /// True when the customer has access now, like RevenueCat's `isActive`.
        public var isActive: Bool {
            switch self {
            case .lifetime, .active, .inGracePeriod: return true
            case .notPurchased, .expired, .awaitingApproval, .inBillingRetry, .refunded, .revoked, .licenseFileExpired:
                return false
            }
        }

        /// The end of the access it gives or gave, when it has one.
        public var accessEnd: Date? {
            switch self {
            case .active(let until, _), .inGracePeriod(let until): return until
            case .expired(let date), .refunded(let date), .revoked(let date), .licenseFileExpired(let date): return date
            case .inBillingRetry(let since): return since
            case .notPurchased, .lifetime, .awaitingApproval: return nil
            }
        }

        /// The renewal still ahead at `now`, the only date "renews from", "changes on" or "applies
        /// from" may name: the end of an active period. In a grace period or billing retry the
        /// renewal due is the failed one, already past, and the next charge comes whenever the
        /// billing is resolved: there is no date to name, and the words say "at the next renewal".
        public func upcomingRenewal(after now: Date) -> Date? {
            guard case .active(let until, _) = self, until > now else { return nil }
            return until
        }

        /// The end of access when it is still ahead at `now` ("access lasts until"); nil once
        /// access has ended, as in billing retry, or for access without an end.
        public func upcomingAccessEnd(after now: Date) -> Date? {
            guard isActive, let end = accessEnd, end > now else { return nil }
            return end
        }
    }

    /// The kind of period a subscription is (or last was) in, like RevenueCat's `periodType`.
    public enum PeriodType: String, Hashable, Sendable, CaseIterable {
        /// A regular, fully paid period.
        case normal
        /// A discounted introductory period (pay as you go, pay up front).
        case intro
        /// A free trial.
        case trial
    }

    public var entitlement: Entitlement
    public var state: State
    /// The product whose purchase decides the state; nil when nothing was bought.
    public var productID: String?
    /// For subscriptions, the kind of the current (or, once expired, the last) period; nil for
    /// one-time purchases and when nothing was bought.
    public var periodType: PeriodType?
    /// The signed license the state comes from; nil when it comes from the simulated store.
    public var license: LicenseReference?
    /// False for a simulated purchase under signed licensing: the paywall's simulation shows
    /// it, but `has` and `status` do not count it.
    public var counts: Bool
    /// For an auto-renewable subscription: its lifecycle (auto-renew, billing trouble, refund,
    /// a pending plan change); nil otherwise.
    public var subscription: SubscriptionDetails?

    public init(
        entitlement: Entitlement, state: State, productID: String? = nil, periodType: PeriodType? = nil,
        license: LicenseReference? = nil, counts: Bool = true, subscription: SubscriptionDetails? = nil
    ) {
        self.entitlement = entitlement
        self.state = state
        self.productID = productID
        self.periodType = periodType
        self.license = license
        self.counts = counts
        self.subscription = subscription
    }

    /// What `has` answers: active, and from a source that counts.
    public var grantsAccess: Bool { state.isActive && counts }

    public var isActive: Bool { state.isActive }

    /// The name of the product a pending downgrade or crossgrade changes to, set by whoever
    /// knows the catalog; the product ID when no name is known.
    public var pendingProductName: String? {
        get { pendingName ?? subscription?.pendingProductID }
        set { pendingName = newValue }
    }
    private var pendingName: String?
}
