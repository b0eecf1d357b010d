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
        /// Access ended on that date (expired, not renewed, or refunded).
        case expired(on: Date)
        /// An ask-to-buy request waits for a parent's approval.
        case awaitingApproval

        /// True when the customer has access now, like RevenueCat's `isActive`.
        public var isActive: Bool {
            switch self {
            case .lifetime, .active: return true
            case .notPurchased, .expired, .awaitingApproval: return false
            }
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

    public init(
        entitlement: Entitlement, state: State, productID: String? = nil, periodType: PeriodType? = nil,
        license: LicenseReference? = nil, counts: Bool = true
    ) {
        self.entitlement = entitlement
        self.state = state
        self.productID = productID
        self.periodType = periodType
        self.license = license
        self.counts = counts
    }

    /// What `has` answers: active, and from a source that counts.
    public var grantsAccess: Bool { state.isActive && counts }

    public var isActive: Bool { state.isActive }

    /// One line for a status screen: "Active until Dec 3, 2026 (renews)", "Expired on
    /// Dec 3, 2026", "Lifetime", "Not purchased", "Awaiting approval".
    ///
    /// Dates use the locale's medium date style without a time (en_US "Dec 3, 2026", en_GB
    /// "3 Dec 2026"), in `timeZone`; the words are English, like the rest of the paywall.
    ///
    /// A free trial says so, and what follows it: "Free trial until Dec 3, 2026, then
    /// $39.99/yr" when `renewalPrice` is known, "Free trial until Dec 3, 2026 (won't renew)".
    public func statusLine(locale: Locale, timeZone: TimeZone, renewalPrice: String? = nil) -> String {
        switch state {
        case .notPurchased: return "Not purchased"
        case .lifetime: return "Lifetime"
        case .awaitingApproval: return "Awaiting approval"
        case .active(let until, let willRenew) where periodType == .trial:
            let day = Self.day(until, locale: locale, timeZone: timeZone)
            guard willRenew else { return "Free trial until \(day) (won't renew)" }
            return renewalPrice.map { "Free trial until \(day), then \($0)" } ?? "Free trial until \(day) (renews)"
        case .active(let until, let willRenew):
            let renewal = willRenew ? "renews" : "won't renew"
            return "Active until \(Self.day(until, locale: locale, timeZone: timeZone)) (\(renewal))"
        case .expired(let date):
            return "Expired on \(Self.day(date, locale: locale, timeZone: timeZone))"
        }
    }

    static func day(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        text(of: date, time: .omitted, locale: locale, timeZone: timeZone)
    }

    /// A date for a person, with the time of day or without: "Dec 1, 2026" in en_US.
    static func text(of date: Date, time: Date.FormatStyle.TimeStyle, locale: Locale, timeZone: TimeZone)
        -> String
    {
        var calendar = locale.calendar
        calendar.timeZone = timeZone
        let style = Date.FormatStyle(
            date: .abbreviated, time: time, locale: locale, calendar: calendar, timeZone: timeZone)
        return date.formatted(style)
    }
}
