import Foundation

extension Decimal {
    /// This value cut (toward zero) to `fractionDigits` decimals: 3.3325 becomes 3.33.
    func truncated(toFractionDigits fractionDigits: Int) -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, fractionDigits, self < 0 ? .up : .down)
        return result
    }

    /// This value rounded to the nearest whole number, halves away from zero.
    func roundedToInteger() -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, 0, .plain)
        return result
    }
}
