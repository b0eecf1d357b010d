import FoundationEssentials

/// The first-time price of a subscription: a free trial, a few discounted periods, or one
/// discounted payment up front.
public struct IntroductoryOffer: Hashable, Sendable {
    public enum PaymentMode: String, Hashable, Sendable, CaseIterable {
        /// Nothing to pay for `periodCount` periods.
        case freeTrial
        /// `price` each period, for `periodCount` periods.
        case payAsYouGo
        /// `price` once, for `periodCount` periods together.
        case payUpFront
    }

    public var paymentMode: PaymentMode
    /// The length of one discounted period.
    public var period: SubscriptionPeriod
    /// How many discounted periods there are; at least 1.
    public var periodCount: Int
    /// The price per period (pay as you go), for the whole offer (pay up front), or 0 (free trial).
    public var price: Decimal

    public init(paymentMode: PaymentMode, period: SubscriptionPeriod, periodCount: Int = 1, price: Decimal = 0) {
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = paymentMode == .freeTrial ? 0 : price
    }

    /// How long the whole offer lasts: `periodCount` periods.
    public var totalDuration: SubscriptionPeriod {
        SubscriptionPeriod(value: period.value * periodCount, unit: period.unit)
    }

    /// The longest a whole offer may last: as long as the longest period, 999 years, so that
    /// what the store derives from a moment its clock reaches still ends by the year 9999
    /// (`StoreClock.dates`).
    public static let maximumDuration = SubscriptionPeriod(value: SubscriptionPeriod.maximumValue, unit: .year)

    /// Why `count` periods of `period` are too long for an offer, for a catalog's error; nil
    /// when they are not.
    public static func durationProblem(period: SubscriptionPeriod, count: Int) -> String? {
        guard period.approximateSeconds * Double(count) > maximumDuration.approximateSeconds else { return nil }
        return "\(count) periods of \(period.iso8601) last longer than \(maximumDuration.iso8601) (999 years) in all, "
            + "the longest an offer may last"
    }
}
