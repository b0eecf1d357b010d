import FoundationEssentials
import FoundationInternationalization

/// Turns exact prices into the texts a paywall shows, in a given locale: "$39.99",
/// "39,99 €", "$39.99/yr ($3.33/mo)", "7-day free trial", "33% off".
///
/// All arithmetic is on `Decimal`; only the final text comes from Foundation's currency format.
/// Unit words ("yr", "month", "free trial") are English; the locale shapes the numbers.
public struct PriceFormatter: Hashable, Sendable {
    public var locale: Locale

    public init(locale: Locale) { self.locale = locale }

    /// `amount` as a currency text in this formatter's locale: `$39.99` (en_US, USD),
    /// `39,99 €` (de_DE, EUR), `¥2,800` (ja_JP, JPY).
    public func string(for amount: Decimal, currencyCode: String) -> String {
        amount.formatted(.currency(code: currencyCode).locale(locale))
    }

    /// The product's price: "$39.99".
    public func price(of product: Product) -> String { string(for: product.price, currencyCode: product.currencyCode) }

    /// The price per period: "$39.99/yr", "$14.99/3 mo"; just the price without a period. A
    /// non-renewing pass is paid once for its period, so it reads "$1.99 for 1 week".
    public func pricePerPeriod(of product: Product) -> String {
        guard let period = product.subscriptionPeriod else { return price(of: product) }
        if product.type == .nonRenewing {
            return Messages.tr(
                "{{ price }} for {{ duration }}", ["price": price(of: product), "duration": period.description])
        }
        return Messages.tr(
            "{{ price }}/{{ period }}", ["price": price(of: product), "period": period.abbreviatedUnitDescription])
    }

    /// The price per period in words: "$39.99/year", "$14.99/3 months"; "$1.99 for 1 week" for a
    /// non-renewing pass.
    public func pricePerPeriodFull(of product: Product) -> String {
        guard let period = product.subscriptionPeriod else { return price(of: product) }
        if product.type == .nonRenewing {
            return Messages.tr(
                "{{ price }} for {{ duration }}", ["price": price(of: product), "duration": period.description])
        }
        return Messages.tr("{{ price }}/{{ period }}", ["price": price(of: product), "period": period.unitDescription])
    }

    /// The truncated price of one `unit` ("$3.33" a month for $39.99 a year); nil without a period.
    public func price(of product: Product, per unit: SubscriptionPeriod.Unit) -> String? {
        product.price(per: unit).map { string(for: $0, currencyCode: product.currencyCode) }
    }

    /// "$39.99/yr ($3.33/mo)"; for monthly products, products without a period and passes that
    /// do not renew, the same as `pricePerPeriod`, as RevenueCat shows it.
    public func totalPriceAndPerMonth(of product: Product) -> String {
        let monthly = SubscriptionPeriod(value: 1, unit: .month)
        guard product.type == .autoRenewable, let period = product.subscriptionPeriod, period != monthly,
            let perMonth = price(of: product, per: .month)
        else { return pricePerPeriod(of: product) }
        return Messages.tr(
            "{{ price }} ({{ monthly_price }}/{{ period }})",
            [
                "price": pricePerPeriod(of: product), "monthly_price": perMonth,
                "period": monthly.abbreviatedUnitDescription,
            ])
    }

    /// The offer's price text: "$0.99"; "$0.00" for a free trial.
    public func introductoryOfferPrice(of product: Product) -> String? {
        product.introductoryOffer.map { string(for: $0.price, currencyCode: product.currencyCode) }
    }

    /// The offer in words: "7-day free trial", "1 month for $0.99", "$0.99/mo for 3 months",
    /// "$2.99 for 3 months"; nil without an offer.
    public func introductoryOfferText(for product: Product) -> String? {
        guard let offer = product.introductoryOffer else { return nil }
        let price = string(for: offer.price, currencyCode: product.currencyCode)
        let duration = offer.totalDuration
        switch offer.paymentMode {
        case .freeTrial:
            return duration.freeTrialDescription
        case .payAsYouGo where offer.periodCount == 1:
            return Messages.tr("{{ duration }} for {{ price }}", ["duration": duration.description, "price": price])
        case .payAsYouGo:
            return Messages.tr(
                "{{ price }}/{{ period }} for {{ duration }}",
                ["price": price, "period": offer.period.abbreviatedUnitDescription, "duration": duration.description])
        case .payUpFront:
            return Messages.tr("{{ price }} for {{ duration }}", ["price": price, "duration": duration.description])
        }
    }

    /// The highest price per month among the offering's packages with a period, in the given
    /// currency: the yardstick of RevenueCat's `relative_discount`.
    public static func mostExpensivePricePerMonth(in offering: Offering, currencyCode: String) -> Decimal? {
        offering.packages
            .filter { $0.product.currencyCode == currencyCode }
            .compactMap(\.product.pricePerMonth)
            .max()
    }

    /// How much cheaper per month `package` is than the offering's most expensive package per
    /// month, in whole percent (rounded, halves up); nil when it is not cheaper or has no period.
    public static func relativeDiscount(of package: Package, in offering: Offering) -> Int? {
        guard let perMonth = package.product.pricePerMonth,
            let highest = mostExpensivePricePerMonth(in: offering, currencyCode: package.product.currencyCode),
            highest > 0, perMonth < highest
        else { return nil }
        let percent = ((highest - perMonth) * 100 / highest).roundedToInteger()
        // A whole number, so its description is its digits.
        return Int(percent.description)
    }

    /// "33% off", RevenueCat's wording for `{{ sub_relative_discount }}`; nil without a discount.
    public func relativeDiscountText(of package: Package, in offering: Offering) -> String? {
        Self.relativeDiscount(of: package, in: offering).map {
            Messages.tr("{{ percent }} off", ["percent": percent($0)])
        }
    }

    /// "Save 33%", for a badge next to a package; nil without a discount.
    public func savingsText(of package: Package, in offering: Offering) -> String? {
        Self.relativeDiscount(of: package, in: offering).map {
            Messages.tr("Save {{ percent }}", ["percent": percent($0)])
        }
    }

    /// "33 %", "33%": a whole percent in the locale's form.
    func percent(_ value: Int) -> String {
        (Decimal(value) / 100).formatted(.percent.locale(locale))
    }
}
