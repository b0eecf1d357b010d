import FoundationEssentials
import FoundationInternationalization

/// How an entitlement's standing reads to a person: the status line and the dates in it.
extension EntitlementStatus {
    /// One line for a status screen: "Active until Dec 3, 2026 (renews)", "Expired on
    /// Dec 3, 2026", "Lifetime", "Not purchased", "Awaiting approval".
    ///
    /// Dates use the locale's medium date style without a time (en_US "Dec 3, 2026", en_GB
    /// "3 Dec 2026"), in `timeZone`; the words are the messages' (`Messages.current`).
    ///
    /// A free trial says so, and what follows it: "Free trial until Dec 3, 2026, then
    /// $39.99/yr" when `renewalPrice` is known, "Free trial until Dec 3, 2026 (won't renew)".
    public func statusLine(locale: Locale, timeZone: TimeZone, renewalPrice: String? = nil) -> String {
        switch state {
        case .notPurchased: return Messages.tr("Not purchased")
        case .lifetime: return Messages.tr("Lifetime")
        case .awaitingApproval: return Messages.tr("Awaiting approval")
        case .active(let until, let willRenew) where periodType == .trial:
            let day = Self.day(until, locale: locale, timeZone: timeZone)
            guard willRenew else { return Messages.tr("Free trial until {{ date }} (won't renew)", ["date": day]) }
            return renewalPrice.map {
                Messages.tr("Free trial until {{ date }}, then {{ price }}", ["date": day, "price": $0])
            } ?? Messages.tr("Free trial until {{ date }} (renews)", ["date": day])
        case .active(let until, _) where license != nil:
            // A license neither renews nor lapses by itself: its end is all there is to say.
            return Messages.tr("Active until {{ date }}", ["date": Self.day(until, locale: locale, timeZone: timeZone)])
        case .active(let until, let willRenew):
            let day = Self.day(until, locale: locale, timeZone: timeZone)
            if willRenew, let pending = pendingProductName {
                return Messages.tr(
                    "Active until {{ date }}, then changes to {{ name }}", ["date": day, "name": pending])
            }
            if subscription?.priceIncrease?.status == .awaitingConsent {
                return Messages.tr("Active until {{ date }} (renews only if you accept the new price)", ["date": day])
            }
            return willRenew
                ? Messages.tr("Active until {{ date }} (renews)", ["date": day])
                : Messages.tr("Active until {{ date }} (won't renew)", ["date": day])
        case .expired(let date):
            return Messages.tr("Expired on {{ date }}", ["date": Self.day(date, locale: locale, timeZone: timeZone)])
        case .inGracePeriod(let until):
            return Messages.tr(
                "Payment failed: access until {{ date }} (grace period)",
                ["date": Self.day(until, locale: locale, timeZone: timeZone)])
        case .inBillingRetry(let since):
            return Messages.tr(
                "Payment failed on {{ date }}: update billing to restore access",
                ["date": Self.day(since, locale: locale, timeZone: timeZone)])
        case .refunded(let date):
            return Messages.tr("Refunded on {{ date }}", ["date": Self.day(date, locale: locale, timeZone: timeZone)])
        case .revoked(let date):
            return Messages.tr(
                "Access revoked on {{ date }}", ["date": Self.day(date, locale: locale, timeZone: timeZone)])
        case .licenseFileExpired(let date):
            return Messages.tr(
                "License file expired on {{ date }}", ["date": Self.day(date, locale: locale, timeZone: timeZone)])
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
