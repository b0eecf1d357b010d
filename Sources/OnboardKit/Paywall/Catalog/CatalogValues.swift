import FoundationEssentials

/// Parsing of the values catalogs and StoreKit files share (prices, currency codes, periods),
/// reporting each problem with its JSON path and position.
enum CatalogValues {
    /// A price written as a plain decimal: a JSON string such as "39.99", or a JSON number
    /// taken by its exact text. Signs, exponents, commas and currency symbols are refused.
    ///
    /// When `currencyCode` is given, more decimals than the currency has are reported: as an
    /// error when `strictDecimals`, as a warning otherwise.
    static func price(
        _ node: JSONNode, path: JSONPath, log: DiagnosticLog, currencyCode: String?, strictDecimals: Bool = true
    ) -> Decimal? {
        let text: String
        switch node.value {
        case .string(let string): text = string
        case .number(let number): text = number
        default:
            log.error(
                path, at: node.location,
                "expected a price as a decimal string such as \"39.99\", found \(node.kindName)")
            return nil
        }
        let shown = "\"\(SafeText.sanitize(text))\""
        if text.hasPrefix("-") {
            log.error(path, at: node.location, "\(shown): prices cannot be negative")
            return nil
        }
        guard isPlainDecimal(text), let value = exactDecimal(text) else {
            log.error(
                path, at: node.location,
                "\(shown) is not a price; write digits with an optional decimal point and no currency sign, "
                    + "such as \"39.99\""
            )
            return nil
        }
        if let currencyCode, CurrencyCode.isWellFormed(currencyCode) {
            let allowed = CurrencyCode.fractionDigits(for: currencyCode)
            let written = CurrencyCode.decimalPlaces(in: text)
            if written > allowed {
                let message = "\(shown) has \(written) decimals but \(currencyCode) prices have at most \(allowed)"
                if strictDecimals {
                    log.error(path, at: node.location, message)
                    return nil
                }
                log.warning(path, at: node.location, message + "; it is shown rounded")
            }
        }
        return value
    }

    /// Digits, optionally one point followed by digits; no leading zeros; at most 15 digits.
    /// The value of a plain decimal text (digits, at most one point, 15 digits at most), built
    /// from its digits: exact, and without starting a locale-aware number parser.
    static func exactDecimal(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let significand = UInt64(parts.joined()) else { return nil }
        let fractionDigits = parts.count == 2 ? parts[1].count : 0
        return Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
    }

    static func isPlainDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        guard parts.allSatisfy(isDigits) else { return false }
        if parts[0].count > 1 && parts[0].hasPrefix("0") { return false }
        return parts.reduce(0) { $0 + $1.count } <= 15
    }

    /// An ISO 4217 code: three uppercase letters; codes Foundation does not know draw a warning.
    static func currencyCode(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) -> String? {
        guard let text = node.stringValue else {
            log.error(path, at: node.location, "expected a currency code such as \"USD\", found \(node.kindName)")
            return nil
        }
        guard CurrencyCode.isWellFormed(text) else {
            let shown = "\"\(SafeText.sanitize(text))\""
            var message =
                "\(shown) is not an ISO 4217 currency code; write three uppercase letters such as \"USD\" or \"EUR\""
            if CurrencyCode.isWellFormed(text.uppercased()) { message += " (did you mean \"\(text.uppercased())\"?)" }
            log.error(path, at: node.location, message)
            return nil
        }
        if !CurrencyCode.isKnown(text) {
            log.warning(
                path, at: node.location, "\"\(text)\" is not a currency Foundation knows; prices show the bare code")
        }
        return text
    }

    /// An ISO 8601 period such as "P1M".
    static func period(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) -> SubscriptionPeriod? {
        guard let text = node.stringValue else {
            log.error(path, at: node.location, "expected an ISO 8601 period such as \"P1M\", found \(node.kindName)")
            return nil
        }
        do {
            return try SubscriptionPeriod(iso8601: text)
        } catch {
            log.error(path, at: node.location, error.message)
            return nil
        }
    }

    /// An absolute http or https URL.
    static func webURL(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) -> URL? {
        guard let text = node.stringValue else {
            log.error(path, at: node.location, "expected a URL string, found \(node.kindName)")
            return nil
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty
        else {
            log.error(
                path, at: node.location,
                "\"\(SafeText.sanitize(text))\" is not a web address; write a full https:// URL")
            return nil
        }
        return url
    }

    /// "did you mean" text for `name` among `candidates`, or an empty string. Candidates the
    /// file itself declares (product ids) can number tens of thousands: those lookups pass
    /// `log`, whose budget of comparisons ends the hints before they cost seconds.
    static func suggestion(
        for name: String, in candidates: some Collection<String>, log: DiagnosticLog? = nil
    ) -> String {
        if let log, !log.spendSuggestionComparisons(candidates.count) { return "" }
        guard let closest = Suggestions.closest(to: name, in: candidates).first else { return "" }
        return " (did you mean \"\(SafeText.sanitize(closest))\"?)"
    }
}
