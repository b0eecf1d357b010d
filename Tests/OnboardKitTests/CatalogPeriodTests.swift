import Foundation
import Testing

@testable import OnboardKit

@Suite struct CatalogPeriodTests {
    @Test(arguments: [
        ("P1W", 1, SubscriptionPeriod.Unit.week), ("P1M", 1, .month), ("P3M", 3, .month), ("P6M", 6, .month),
        ("P1Y", 1, .year), ("P3D", 3, .day), ("P2W", 2, .week), ("P2M", 2, .month), ("P14D", 14, .day),
    ])
    func parsesSingleUnitISODurations(text: String, value: Int, unit: SubscriptionPeriod.Unit) throws {
        let period = try SubscriptionPeriod(iso8601: text)
        #expect(period.value == value)
        #expect(period.unit == unit)
        #expect(period.iso8601 == text)
    }

    @Test(arguments: [
        "", "P", "P1", "1M", "p1m", "P1m", "P1Y6M", "PT1H", "P1DT2H", "P0D", "P-1M", "P1.5M", "P1000D", "P1X", " P1M",
        "PM",
    ])
    func refusesWhatIsNotASingleWholeUnit(text: String) {
        #expect(throws: SubscriptionPeriod.ParseError.self) { try SubscriptionPeriod(iso8601: text) }
    }

    @Test func parseErrorsSayWhatToWrite() {
        do {
            _ = try SubscriptionPeriod(iso8601: "P1Y6M")
            Issue.record("P1Y6M was accepted")
        } catch {
            #expect(error.message.contains("P18M"))
            #expect(error.message.contains("\"P1Y6M\""))
        }
    }

    @Test func describesPeriodsInWords() throws {
        #expect(try SubscriptionPeriod(iso8601: "P1M").description == "1 month")
        #expect(try SubscriptionPeriod(iso8601: "P3D").description == "3 days")
        #expect(try SubscriptionPeriod(iso8601: "P1Y").unitDescription == "year")
        #expect(try SubscriptionPeriod(iso8601: "P3M").unitDescription == "3 months")
        #expect(try SubscriptionPeriod(iso8601: "P1Y").abbreviatedUnitDescription == "yr")
        #expect(try SubscriptionPeriod(iso8601: "P1W").abbreviatedUnitDescription == "wk")
        #expect(try SubscriptionPeriod(iso8601: "P6M").abbreviatedUnitDescription == "6 mo")
        #expect(try SubscriptionPeriod(iso8601: "P7D").freeTrialDescription == "7-day free trial")
    }

    /// 2024-01-31T12:00:00Z, the end of a month in a leap year.
    static let endOfJanuary = Date(timeIntervalSince1970: 1_706_702_400)

    static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test func addingFollowsTheCalendar() throws {
        let calendar = Self.utcCalendar
        func day(_ date: Date) -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return "\(parts.year!)-\(parts.month!)-\(parts.day!)"
        }
        let start = Self.endOfJanuary
        #expect(day(try SubscriptionPeriod(iso8601: "P1M").adding(to: start, calendar: calendar)) == "2024-2-29")
        #expect(day(try SubscriptionPeriod(iso8601: "P1W").adding(to: start, calendar: calendar)) == "2024-2-7")
        #expect(day(try SubscriptionPeriod(iso8601: "P2W").adding(to: start, calendar: calendar)) == "2024-2-14")
        #expect(day(try SubscriptionPeriod(iso8601: "P3D").adding(to: start, calendar: calendar)) == "2024-2-3")
        #expect(day(try SubscriptionPeriod(iso8601: "P3M").adding(to: start, calendar: calendar)) == "2024-4-30")
        let leapDay = try #require(calendar.date(from: DateComponents(year: 2024, month: 2, day: 29, hour: 12)))
        #expect(day(try SubscriptionPeriod(iso8601: "P1Y").adding(to: leapDay, calendar: calendar)) == "2025-2-28")
        // The time of day is kept.
        let later = try SubscriptionPeriod(iso8601: "P1D").adding(to: start, calendar: calendar)
        #expect(later.timeIntervalSince(start) == 86_400)
    }

    @Test func monthsEquivalentUsesRevenueCatConstants() throws {
        #expect(try SubscriptionPeriod(iso8601: "P1Y").monthsEquivalent == 12)
        #expect(try SubscriptionPeriod(iso8601: "P6M").monthsEquivalent == 6)
        #expect(try SubscriptionPeriod(iso8601: "P30D").monthsEquivalent == 1)
        // A week is 84/365 of a month (a month being 365/12/7 weeks).
        let week = try SubscriptionPeriod(iso8601: "P1W").monthsEquivalent
        #expect(abs(NSDecimalNumber(decimal: week).doubleValue - 84.0 / 365.0) < 1e-12)
    }

    /// Expected values worked out by hand: 39.99 / 12 = 3.3325; 9.99 × 84 / 365 = 2.2990…;
    /// 4.99 × 365 / 84 = 21.6827…; 39.99 × 7 / 365 = 0.7669…; 14.99 / 3 = 4.9966…
    @Test(arguments: [
        ("P1Y", "39.99", SubscriptionPeriod.Unit.month, "3.33"), ("P1M", "9.99", .week, "2.29"),
        ("P1W", "4.99", .month, "21.68"), ("P1Y", "39.99", .week, "0.76"), ("P1Y", "39.99", .day, "0.1"),
        ("P3M", "14.99", .month, "4.99"), ("P1M", "9.99", .year, "119.88"), ("P1M", "9.99", .day, "0.33"),
        ("P6M", "59.99", .year, "119.98"), ("P1D", "0.1", .month, "3"), ("P2W", "1", .day, "0.07"),
    ])
    func perUnitPricesAreTruncatedNotRounded(
        period: String, price: String, unit: SubscriptionPeriod.Unit, expected: String
    )
        throws
    {
        let parsed = try SubscriptionPeriod(iso8601: period)
        let result = parsed.price(per: unit, totalPrice: try #require(Decimal(string: price)))
        #expect(result == Decimal(string: expected))
    }

    @Test func truncationFollowsTheCurrencyDigits() {
        // 2800 / 12 = 233.33…: whole yen, cut down, never rounded up.
        let yen = Product(
            id: "y", type: .autoRenewable, price: 2800, currencyCode: "JPY",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .year), localizedTitle: "Y")
        #expect(yen.pricePerMonth == 233)
        // 1000 / 12 = 83.3…, 10.000 / 3 = 3.333…: dinars keep three decimals.
        let dinar = Product(
            id: "d", type: .autoRenewable, price: 10, currencyCode: "KWD",
            subscriptionPeriod: SubscriptionPeriod(value: 3, unit: .month), localizedTitle: "D")
        #expect(dinar.pricePerMonth == Decimal(string: "3.333"))
        let lifetime = Product(id: "l", type: .nonConsumable, price: 99, currencyCode: "USD", localizedTitle: "L")
        #expect(lifetime.pricePerMonth == nil)
    }

    @Test(arguments: [("USD", 2), ("EUR", 2), ("JPY", 0), ("KRW", 0), ("BHD", 3), ("KWD", 3), ("CNY", 2)])
    func currencyDigitsComeFromFoundation(code: String, digits: Int) {
        #expect(CurrencyCode.fractionDigits(for: code) == digits)
    }

    @Test func packageTypesFollowRevenueCatIdentifiers() {
        #expect(PackageType(identifier: "$rc_annual") == .annual)
        #expect(PackageType(identifier: "$rc_six_month") == .sixMonth)
        #expect(PackageType(identifier: "$rc_three_month") == .threeMonth)
        #expect(PackageType(identifier: "$rc_two_month") == .twoMonth)
        #expect(PackageType(identifier: "$rc_monthly") == .monthly)
        #expect(PackageType(identifier: "$rc_weekly") == .weekly)
        #expect(PackageType(identifier: "$rc_lifetime") == .lifetime)
        #expect(PackageType(identifier: "$rc_yearly") == .custom)
        #expect(PackageType(identifier: "annual") == .custom)
        #expect(PackageType(period: SubscriptionPeriod(value: 1, unit: .month)) == .monthly)
        #expect(PackageType(period: SubscriptionPeriod(value: 12, unit: .month)) == nil)
    }
}

extension CatalogPeriodTests {
    @Test(arguments: ["USD", "EUR", "JPY", "KRW", "BHD", "KWD", "GBP", "CLP", "ISK", "HUF", "TWD"])
    func theTableOfCommonCurrenciesAgreesWithFoundation(code: String) {
        let text = Decimal(1).formatted(.currency(code: code).locale(Locale(identifier: "en_US_POSIX")))
        let digits = text.lastIndex(of: ".").map { text[text.index(after: $0)...].prefix(while: \.isNumber).count } ?? 0
        #expect(CurrencyCode.commonFractionDigits[code] == digits)
    }

    @Test(arguments: [("39.99", "39.99"), ("20", "20"), ("0.5", "0.5"), ("123456789012345", "123456789012345")])
    func pricesAreReadExactly(text: String, expected: String) {
        let posix = Locale(identifier: "en_US_POSIX")
        #expect(CatalogValues.exactDecimal(text) == Decimal(string: expected, locale: posix))
    }

    /// An offer lasts at most as long as the longest period, 999 years, whatever its unit.
    @Test(arguments: [
        ("P999Y", 1, true), ("P1Y", 999, true), ("P999Y", 2, false), ("P500Y", 2, false), ("P12M", 999, true),
        ("P999M", 12, true), ("P999M", 13, false), ("P999W", 52, true), ("P999W", 53, false),
        ("P999D", 364, true), ("P999D", 366, false), ("P1W", 999, true),
    ])
    func anOfferLastsAtMostTheLongestPeriod(period: String, count: Int, fits: Bool) throws {
        let problem = IntroductoryOffer.durationProblem(period: try SubscriptionPeriod(iso8601: period), count: count)
        #expect((problem == nil) == fits, "\(problem ?? "fits")")
    }
}
