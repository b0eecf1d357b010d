import Foundation
import Testing

@testable import OnboardKit

/// One locale for every number, price and date: the conventions of the language the app's
/// words are chosen by, however that language was named (`--lang` or the environment).
@Suite struct FormattingLocaleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var option: String?
        var environment: [String: String]
        var identifier: String
        /// $39.99 in USD, and 3 December 2026 in the medium style, as this locale writes them.
        var price: String
        var day: String
        var testDescription: String {
            (option.map { "--lang \($0) " } ?? "")
                + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    static let cases: [Case] = [
        // No language: en_US, not ICU's root ("US$", ISO dates).
        Case(environment: [:], identifier: "en_US", price: "$39.99", day: "Dec 3, 2026"),
        Case(environment: ["LANG": "C.UTF-8"], identifier: "en_US", price: "$39.99", day: "Dec 3, 2026"),
        Case(
            environment: ["LC_ALL": "POSIX", "LANG": "de_DE"], identifier: "en_US", price: "$39.99", day: "Dec 3, 2026"),
        // The environment's language, with its region.
        Case(environment: ["LANG": "de_DE.UTF-8"], identifier: "de_DE", price: "39,99\u{A0}$", day: "3. Dez. 2026"),
        Case(environment: ["LANG": "de_CH.UTF-8"], identifier: "de_CH", price: "$\u{A0}39.99", day: "3. Dez. 2026"),
        Case(environment: ["LANG": "en_GB.UTF-8"], identifier: "en_GB", price: "US$39.99", day: "3 Dec 2026"),
        Case(environment: ["LANG": "fr_FR.UTF-8"], identifier: "fr_FR", price: "39,99\u{A0}$US", day: "3 déc. 2026"),
        Case(environment: ["LANG": "ja_JP.UTF-8"], identifier: "ja_JP", price: "$39.99", day: "2026年12月3日"),
        // --lang says it the same way as the environment would: German is German.
        Case(option: "de", environment: [:], identifier: "de", price: "39,99\u{A0}$", day: "3. Dez. 2026"),
        Case(option: "de", environment: ["LANG": "C"], identifier: "de", price: "39,99\u{A0}$", day: "3. Dez. 2026"),
        Case(
            option: "de", environment: ["LANG": "en_US.UTF-8"], identifier: "de", price: "39,99\u{A0}$",
            day: "3. Dez. 2026"),
        // A language without a region takes the environment's region for that language.
        Case(
            option: "de", environment: ["LANG": "de_CH.UTF-8"], identifier: "de_CH", price: "$\u{A0}39.99",
            day: "3. Dez. 2026"),
        Case(
            option: "en", environment: ["LANG": "en_GB.UTF-8"], identifier: "en_GB", price: "US$39.99",
            day: "3 Dec 2026"),
        Case(
            option: "de_AT", environment: ["LANG": "de_CH.UTF-8"], identifier: "de_AT", price: "$\u{A0}39,99",
            day: "3. Dez. 2026"),
        Case(option: "en", environment: ["LANG": "de_DE.UTF-8"], identifier: "en", price: "$39.99", day: "Dec 3, 2026"),
        // LANGUAGE's first language decides, as it decides the words; LC_MONETARY is not read.
        Case(
            environment: ["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], identifier: "fr", price: "39,99\u{A0}$US",
            day: "3 déc. 2026"),
        Case(
            environment: ["LC_MONETARY": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], identifier: "en_US", price: "$39.99",
            day: "Dec 3, 2026"),
        Case(
            option: "zh-Hans", environment: ["LANG": "zh_CN.UTF-8"], identifier: "zh_Hans_CN", price: "US$39.99",
            day: "2026年12月3日"),
    ]

    static let december3 = Date(timeIntervalSince1970: 1_796_256_000)  // 2026-12-03T00:00:00Z

    @Test(arguments: cases)
    func theLanguageDecidesHowNumbersAndDatesAreWritten(_ test: Case) {
        let locale = FormattingLocale.resolve(option: test.option, environment: test.environment)
        #expect(locale.identifier == test.identifier)
        #expect(
            PriceFormatter(locale: locale).string(for: Decimal(string: "39.99")!, currencyCode: "USD") == test.price)
        let utc = TimeZone(identifier: "UTC")!
        #expect(EntitlementStatus.day(Self.december3, locale: locale, timeZone: utc) == test.day)
    }

    /// Naming a language by `--lang` or by `LANG` writes the same.
    @Test(arguments: ["de", "fr", "ja", "pt_BR", "ar", "ru", "he", "ko", "zh_Hans", "it", "es", "pl"])
    func langAndTheEnvironmentAgree(language: String) {
        let byOption = FormattingLocale.resolve(option: language, environment: ["LANG": "C.UTF-8"])
        let byEnvironment = FormattingLocale.resolve(option: nil, environment: ["LANG": language + ".UTF-8"])
        let formatter = (PriceFormatter(locale: byOption), PriceFormatter(locale: byEnvironment))
        let price = Decimal(string: "1234.5")!
        #expect(
            formatter.0.string(for: price, currencyCode: "EUR") == formatter.1.string(for: price, currencyCode: "EUR"))
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            StatusReport.momentText(Self.december3, locale: byOption, timeZone: utc)
                == StatusReport.momentText(Self.december3, locale: byEnvironment, timeZone: utc))
    }
}
