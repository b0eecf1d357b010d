import FoundationEssentials

/// The length of one subscription period (or of an introductory offer): a count of days, weeks,
/// months or years, written in ISO 8601 as `P1W`, `P1M`, `P3M`, `P1Y`, `P3D`.
public struct SubscriptionPeriod: Hashable, Sendable {
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case day
        case week
        case month
        case year

        /// The ISO 8601 designator letter.
        var designator: Character {
            switch self {
            case .day: return "D"
            case .week: return "W"
            case .month: return "M"
            case .year: return "Y"
            }
        }
    }

    /// Why a text is not a period we accept, phrased for a person fixing a file.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Periods longer than this many units are refused: no store sells them, and the limit keeps
    /// date and price arithmetic far from overflow.
    public static let maximumValue = 999

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses a single-unit ISO 8601 duration such as `P1M` or `P2W`.
    ///
    /// Mixed durations (`P1Y6M`) and times (`PT12H`) are refused rather than approximated,
    /// because stores only sell whole days, weeks, months and years.
    public init(iso8601 text: String) throws(ParseError) {
        let shown = "\"\(SafeText.sanitize(text))\""
        let hint = "write an ISO 8601 period such as P1W, P1M, P3M, P6M, P1Y or P3D"
        guard text.first == "P", text.count >= 3 else {
            throw ParseError(message: "\(shown) is not a period; \(hint)")
        }
        if text.contains("T") {
            throw ParseError(message: "\(shown) has a time part; subscriptions last whole days, so \(hint)")
        }
        let body = text.dropFirst()
        guard let letter = body.last, let unit = Unit.allCases.first(where: { $0.designator == letter }) else {
            throw ParseError(message: "\(shown) does not end in D, W, M or Y; \(hint)")
        }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ParseError(
                message:
                    "\(shown) must be one number and one unit (combine into one unit, e.g. P18M for P1Y6M); \(hint)")
        }
        guard digits.count <= 3, let value = Int(digits), value >= 1, value <= Self.maximumValue else {
            throw ParseError(message: "\(shown) must count from 1 to \(Self.maximumValue) units")
        }
        self.init(value: value, unit: unit)
    }

    /// The ISO 8601 form, such as `P1M`.
    public var iso8601: String { "P\(value)\(unit.designator)" }

    /// The length in days when it is a whole number of them (days and weeks); nil for months and
    /// years, whose length depends on the calendar.
    public var wholeDays: Int? {
        switch unit {
        case .day: return value
        case .week: return value * 7
        case .month, .year: return nil
        }
    }
}
