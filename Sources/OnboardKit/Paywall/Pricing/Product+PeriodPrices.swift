import FoundationEssentials

extension Product {
    /// The price of one day of this product's period, truncated to the currency's smallest
    /// unit; nil when the product has no period.
    public var pricePerDay: Decimal? { price(per: .day) }
    /// The price of one week, truncated (9.99 a month is 2.29 a week); nil without a period.
    public var pricePerWeek: Decimal? { price(per: .week) }
    /// The price of one month, truncated (39.99 a year is 3.33 a month); nil without a period.
    public var pricePerMonth: Decimal? { price(per: .month) }
    /// The price of one year, truncated; nil without a period.
    public var pricePerYear: Decimal? { price(per: .year) }

    /// The price of one `unit`, truncated like RevenueCat's `pricePerMonth`, except that the cut
    /// is made at the currency's own smallest unit (whole yen, thousandths of a dinar), so the
    /// formatted text never rounds a truncated price back up.
    public func price(per unit: SubscriptionPeriod.Unit) -> Decimal? {
        guard let period = subscriptionPeriod else { return nil }
        return period.price(
            per: unit, totalPrice: price, fractionDigits: CurrencyCode.fractionDigits(for: currencyCode))
    }
}
