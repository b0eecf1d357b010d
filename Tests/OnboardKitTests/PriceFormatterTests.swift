import Foundation
import Testing

@testable import OnboardKit

@Suite struct PriceFormatterTests {
    static func product(
        _ id: String, _ type: ProductType = .autoRenewable, price: String, currency: String = "USD",
        period: String? = nil,
        offer: IntroductoryOffer? = nil
    ) -> Product {
        Product(
            id: id, type: type, price: Decimal(string: price)!, currencyCode: currency,
            subscriptionPeriod: period.map { try! SubscriptionPeriod(iso8601: $0) },
            subscriptionGroup: type == .autoRenewable ? "pro" : nil,
            subscriptionGroupLevel: type == .autoRenewable ? 1 : nil,
            introductoryOffer: offer, localizedTitle: id.capitalized)
    }

    static let us = PriceFormatter(locale: Locale(identifier: "en_US"))

    /// What Foundation on Linux (ICU) gives; the spaces are no-break spaces as ICU writes them.
    @Test(arguments: [
        ("en_US", "USD", "39.99", "$39.99"),
        ("de_DE", "EUR", "39.99", "39,99\u{A0}€"),
        ("ja_JP", "JPY", "2800", "¥2,800"),
        ("zh_CN", "CNY", "20", "¥20.00"),
        ("zh_Hans", "CNY", "1.99", "¥1.99"),
        ("en_US", "CNY", "20", "CN¥20.00"),
        ("en_US", "JPY", "2800", "¥2,800"),
        ("fr_FR", "EUR", "1234.5", "1\u{202F}234,50\u{A0}€"),
        ("en_GB", "GBP", "4.99", "£4.99"),
        ("pt_BR", "BRL", "9.9", "R$\u{A0}9,90"),
        ("de_CH", "CHF", "12.5", "CHF\u{A0}12.50"),
        ("ko_KR", "KRW", "5500", "₩5,500"),
        ("en_IN", "INR", "123456.78", "₹1,23,456.78"),
        ("es_MX", "MXN", "19", "$19.00"),
        ("en_US", "EUR", "3.33", "€3.33"),
    ])
    func formatsCurrencyForTheLocale(locale: String, currency: String, amount: String, expected: String) {
        let formatter = PriceFormatter(locale: Locale(identifier: locale))
        #expect(formatter.string(for: Decimal(string: amount)!, currencyCode: currency) == expected)
    }

    @Test func largePricesKeepEveryDigit() {
        // Beyond Double's 15–17 significant digits: only Decimal keeps the cents.
        let amount = Decimal(string: "12345678901234567.89")!
        #expect(Self.us.string(for: amount, currencyCode: "USD") == "$12,345,678,901,234,567.89")
    }

    @Test func pricesPerPeriod() {
        let annual = Self.product("annual", price: "39.99", period: "P1Y")
        let monthly = Self.product("monthly", price: "4.99", period: "P1M")
        let quarterly = Self.product("quarterly", price: "14.99", period: "P3M")
        let lifetime = Self.product("lifetime", .nonConsumable, price: "99.99")
        #expect(Self.us.pricePerPeriod(of: annual) == "$39.99/yr")
        #expect(Self.us.pricePerPeriod(of: quarterly) == "$14.99/3 mo")
        #expect(Self.us.pricePerPeriod(of: lifetime) == "$99.99")
        #expect(Self.us.pricePerPeriodFull(of: annual) == "$39.99/year")
        #expect(Self.us.pricePerPeriodFull(of: quarterly) == "$14.99/3 months")
        #expect(Self.us.totalPriceAndPerMonth(of: annual) == "$39.99/yr ($3.33/mo)")
        #expect(Self.us.totalPriceAndPerMonth(of: quarterly) == "$14.99/3 mo ($4.99/mo)")
        #expect(Self.us.totalPriceAndPerMonth(of: monthly) == "$4.99/mo")
        #expect(Self.us.totalPriceAndPerMonth(of: lifetime) == "$99.99")
        #expect(Self.us.price(of: annual, per: .month) == "$3.33")
        // 4.99 × 84 / 365 = 1.148…
        #expect(Self.us.price(of: monthly, per: .week) == "$1.14")
        #expect(Self.us.price(of: lifetime, per: .month) == nil)
    }

    @Test func perMonthYenIsWholeAndCutDown() {
        let formatter = PriceFormatter(locale: Locale(identifier: "ja_JP"))
        // 3000 / 12 = 250 exactly; 2990 / 12 = 249.16… shows ¥249, not ¥249.17 or ¥250.
        #expect(
            formatter.price(of: Self.product("a", price: "3000", currency: "JPY", period: "P1Y"), per: .month) == "¥250"
        )
        #expect(
            formatter.price(of: Self.product("b", price: "2990", currency: "JPY", period: "P1Y"), per: .month) == "¥249"
        )
    }

    @Test func germanPerPeriodKeepsGermanNumbers() {
        let formatter = PriceFormatter(locale: Locale(identifier: "de_DE"))
        let annual = Self.product("annual", price: "39.99", currency: "EUR", period: "P1Y")
        #expect(formatter.totalPriceAndPerMonth(of: annual) == "39,99\u{A0}€/yr (3,33\u{A0}€/mo)")
    }

    @Test func introductoryOfferTexts() throws {
        func text(_ mode: IntroductoryOffer.PaymentMode, _ period: String, count: Int = 1, price: Decimal = 0) throws
            -> String?
        {
            let offer = IntroductoryOffer(
                paymentMode: mode, period: try SubscriptionPeriod(iso8601: period), periodCount: count, price: price)
            return Self.us.introductoryOfferText(for: Self.product("p", price: "9.99", period: "P1M", offer: offer))
        }
        #expect(try text(.freeTrial, "P1W") == "1-week free trial")
        #expect(try text(.freeTrial, "P7D") == "7-day free trial")
        #expect(try text(.freeTrial, "P1W", count: 2) == "2-week free trial")
        #expect(try text(.payAsYouGo, "P1M", price: Decimal(string: "0.99")!) == "1 month for $0.99")
        #expect(try text(.payAsYouGo, "P1M", count: 3, price: Decimal(string: "0.99")!) == "$0.99/mo for 3 months")
        #expect(try text(.payUpFront, "P3M", price: Decimal(string: "2.99")!) == "$2.99 for 3 months")
        #expect(Self.us.introductoryOfferText(for: Self.product("p", price: "9.99", period: "P1M")) == nil)
    }

    static func offering(_ products: [(String, Product)]) -> Offering {
        Offering(
            id: "o", packages: products.map { Package(identifier: $0.0, product: $0.1) }, copy: PaywallCopy(title: "t"))
    }

    @Test func relativeDiscountIsAgainstTheMostExpensivePerMonth() throws {
        let offering = Self.offering([
            ("$rc_annual", Self.product("annual", price: "39.99", period: "P1Y")),
            ("$rc_monthly", Self.product("monthly", price: "4.99", period: "P1M")),
            ("$rc_weekly", Self.product("weekly", price: "1.99", period: "P1W")),
            ("$rc_lifetime", Self.product("lifetime", .nonConsumable, price: "99.99")),
        ])
        // Per month: annual 3.33, monthly 4.99, weekly 1.99 × 365 / 84 = 8.64 (the most).
        // annual: (8.64 − 3.33) / 8.64 = 61.46 % → 61; monthly: (8.64 − 4.99) / 8.64 = 42.24 % → 42.
        let annual = try #require(offering.package(ofType: .annual))
        let monthly = try #require(offering.package(ofType: .monthly))
        let weekly = try #require(offering.package(ofType: .weekly))
        let lifetime = try #require(offering.package(ofType: .lifetime))
        #expect(PriceFormatter.relativeDiscount(of: annual, in: offering) == 61)
        #expect(PriceFormatter.relativeDiscount(of: monthly, in: offering) == 42)
        #expect(PriceFormatter.relativeDiscount(of: weekly, in: offering) == nil)
        #expect(PriceFormatter.relativeDiscount(of: lifetime, in: offering) == nil)
        #expect(Self.us.relativeDiscountText(of: annual, in: offering) == "61% off")
        #expect(Self.us.savingsText(of: monthly, in: offering) == "Save 42%")
        #expect(Self.us.savingsText(of: weekly, in: offering) == nil)
    }

    @Test func percentagesFollowTheLocale() throws {
        let offering = Self.offering([
            ("$rc_annual", Self.product("annual", price: "39.99", period: "P1Y")),
            ("$rc_monthly", Self.product("monthly", price: "4.99", period: "P1M")),
        ])
        let annual = try #require(offering.package(ofType: .annual))
        // ICU's percent patterns: a no-break space in German, the sign first in Turkish.
        #expect(
            PriceFormatter(locale: Locale(identifier: "de_DE")).savingsText(of: annual, in: offering)
                == "Save 33\u{A0}%")
        #expect(PriceFormatter(locale: Locale(identifier: "tr_TR")).savingsText(of: annual, in: offering) == "Save %33")
    }

    @Test func relativeDiscountRoundsHalvesUp() throws {
        // (8.00 − 7.96) / 8.00 = 0.5 % → 1; (8.00 − 7.00) / 8.00 = 12.5 % → 13.
        let offering = Self.offering([
            ("a", Self.product("a", price: "8.00", period: "P1M")),
            ("b", Self.product("b", price: "7.96", period: "P1M")),
            ("c", Self.product("c", price: "7.00", period: "P1M")),
        ])
        #expect(PriceFormatter.relativeDiscount(of: try #require(offering.package(identifier: "b")), in: offering) == 1)
        #expect(
            PriceFormatter.relativeDiscount(of: try #require(offering.package(identifier: "c")), in: offering) == 13)
    }

    @Test func relativeDiscountComparesOnlyOneCurrency() throws {
        let offering = Self.offering([
            ("usd", Self.product("usd", price: "4.99", period: "P1M")),
            ("eur", Self.product("eur", price: "99.99", currency: "EUR", period: "P1M")),
        ])
        #expect(
            PriceFormatter.relativeDiscount(of: try #require(offering.package(identifier: "usd")), in: offering) == nil)
    }
}
