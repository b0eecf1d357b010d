import FoundationEssentials
import FoundationInternationalization

/// Facts about ISO 4217 currency codes, taken from the ICU data Foundation ships, so that what
/// is computed (truncated prices) agrees with what is shown (formatted prices).
public enum CurrencyCode {
    /// True for three uppercase ASCII letters, the shape of every ISO 4217 code.
    public static func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }

    /// True when Foundation knows the code as an ISO 4217 currency.
    public static func isKnown(_ code: String) -> Bool {
        isWellFormed(code) && Locale.Currency.isoCurrencies.contains(Locale.Currency(code))
    }

    /// How many decimals the currency's prices show: 2 for USD and EUR, 0 for JPY and KRW,
    /// 3 for BHD and KWD.
    public static func fractionDigits(for code: String) -> Int {
        if let known = commonFractionDigits[code] { return known }
        // Formatting 1 in a locale-neutral way shows exactly the currency's minor digits.
        let text = Decimal(1).formatted(.currency(code: code).locale(Locale(identifier: "en_US_POSIX")))
        guard let point = text.lastIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].prefix { $0.isASCII && $0.isNumber }.count
    }

    /// The common currencies' minor digits (ISO 4217), so that reading a catalog need not start
    /// a currency formatter; any other code asks Foundation.
    static let commonFractionDigits: [String: Int] = [
        "USD": 2, "EUR": 2, "GBP": 2, "CAD": 2, "AUD": 2, "NZD": 2, "CHF": 2, "CNY": 2, "HKD": 2, "SGD": 2,
        "INR": 2, "MXN": 2, "BRL": 2, "SEK": 2, "NOK": 2, "DKK": 2, "PLN": 2, "CZK": 2, "TRY": 2, "ZAR": 2,
        "RUB": 2, "TWD": 2, "THB": 2, "ILS": 2, "AED": 2, "SAR": 2, "JPY": 0, "KRW": 0, "VND": 0, "CLP": 0,
        "ISK": 0, "HUF": 2, "BHD": 3, "KWD": 3, "OMR": 3, "JOD": 3, "TND": 3,
    ]

    /// The number of decimals in a plain decimal text: 2 for "39.99", 0 for "20".
    static func decimalPlaces(in text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: text.index(after: point), to: text.endIndex)
    }
}
