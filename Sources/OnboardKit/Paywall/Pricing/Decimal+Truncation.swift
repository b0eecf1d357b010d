import FoundationEssentials

// Rounding works on the decimal digits of `description` (always plain notation, never an
// exponent): exact, and it needs only FoundationEssentials. Foundation's `NSDecimalRound` would
// bring the rest of Foundation, and CoreFoundation's start-up, into the binary.
extension Decimal {
    /// This value cut (toward zero) to `fractionDigits` decimals: 3.3325 becomes 3.33.
    func truncated(toFractionDigits fractionDigits: Int) -> Decimal {
        let (negative, whole, fraction) = digitParts
        let kept = fraction.prefix(max(0, fractionDigits))
        return Decimal(parts: negative, whole, String(kept))
    }

    /// This value rounded to the nearest whole number, halves away from zero.
    func roundedToInteger() -> Decimal {
        let (negative, whole, fraction) = digitParts
        guard let first = fraction.first, first >= "5" else { return Decimal(parts: negative, whole, "") }
        return Decimal(parts: negative, Self.incremented(whole), "")
    }

    /// The sign, the digits before the point and those after it.
    private var digitParts: (negative: Bool, whole: String, fraction: Substring) {
        var text = Substring(description)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        guard let point = text.firstIndex(of: ".") else { return (negative, String(text), "") }
        return (negative, String(text[..<point]), text[text.index(after: point)...])
    }

    private init(parts negative: Bool, _ whole: String, _ fraction: String) {
        let digits = (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
        self = Decimal(string: digits) ?? Decimal()
    }

    /// "199" becomes "200": one added to a string of decimal digits.
    private static func incremented(_ digits: String) -> String {
        var result = Array(digits.utf8)
        var index = result.count - 1
        while index >= 0 {
            if result[index] == UInt8(ascii: "9") {
                result[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                result[index] += 1
                return String(decoding: result, as: UTF8.self)
            }
        }
        return "1" + String(decoding: result, as: UTF8.self)
    }
}
