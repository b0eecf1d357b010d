import FoundationEssentials

/// The currency an App Store storefront sells in, for StoreKit configuration files, whose
/// prices carry no currency and follow `settings._storefront` (ISO 3166 alpha-3) instead.
public enum StorefrontCurrency {
    /// The storefronts most apps are tested in. Several App Store storefronts sell in a
    /// currency other than the country's own, so the table wins over ICU's country data.
    static let table: [String: String] = [
        "USA": "USD", "CAN": "CAD", "MEX": "MXN", "BRA": "BRL", "ARG": "USD", "CHL": "CLP", "COL": "COP",
        "PER": "PEN", "GBR": "GBP", "IRL": "EUR", "DEU": "EUR", "FRA": "EUR", "ITA": "EUR", "ESP": "EUR",
        "PRT": "EUR", "NLD": "EUR", "BEL": "EUR", "LUX": "EUR", "AUT": "EUR", "FIN": "EUR", "GRC": "EUR",
        "SVK": "EUR", "SVN": "EUR", "EST": "EUR", "LVA": "EUR", "LTU": "EUR", "MLT": "EUR", "CYP": "EUR",
        "HRV": "EUR", "CHE": "CHF", "LIE": "CHF", "SWE": "SEK", "NOR": "NOK", "DNK": "DKK", "ISL": "USD",
        "POL": "PLN", "CZE": "CZK", "HUN": "HUF", "ROU": "RON", "BGR": "BGN", "TUR": "TRY", "RUS": "RUB",
        "UKR": "USD", "ISR": "ILS", "SAU": "SAR", "ARE": "AED", "QAT": "QAR", "EGY": "EGP", "ZAF": "ZAR",
        "NGA": "NGN", "KEN": "USD", "TZA": "TZS", "IND": "INR", "PAK": "PKR", "KAZ": "KZT", "CHN": "CNY",
        "HKG": "HKD", "MAC": "USD", "TWN": "TWD", "JPN": "JPY", "KOR": "KRW", "SGP": "SGD", "MYS": "MYR",
        "THA": "THB", "IDN": "IDR", "PHL": "PHP", "VNM": "VND", "AUS": "AUD", "NZL": "NZD",
    ]

    /// The currency code for a storefront such as `CHN`, or nil when the storefront is unknown.
    /// Storefronts outside the table fall back to the country's own currency as ICU knows it.
    public static func currencyCode(forStorefront storefront: String) -> String? {
        let code = storefront.uppercased()
        if let known = table[code] { return known }
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
            let region = Locale(identifier: "und_\(code)").region, region.identifier.count == 2
        else { return nil }
        return Locale(identifier: "und_\(region.identifier)").currency?.identifier
    }
}
