import FoundationEssentials

/// A limited offer's countdown (`"countdown"` of a paywall page or of the catalog's
/// `"paywall"`): it ends at a date, or a while after this user first saw the paywall (kept in
/// the first-run state by the host, `PaywallSetup.countdownStarts`).
public struct PaywallCountdown: Hashable, Sendable {
    public enum End: Hashable, Sendable {
        case until(Date)
        /// Seconds from the first time the user saw it.
        case after(seconds: Int)
    }

    public var end: End

    public init(_ end: End) { self.end = end }

    /// When it ends, given when the user first saw it (nil: not known yet, counted from now).
    public func endDate(firstSeen: Date?, now: Date) -> Date {
        switch end {
        case .until(let date): return date
        case .after(let seconds): return (firstSeen ?? now).addingTimeInterval(TimeInterval(seconds))
        }
    }

    /// Whether it counts from a first sight the host must keep.
    public var needsFirstSeen: Bool {
        if case .after = end { return true }
        return false
    }

    /// The seconds of an ISO 8601 duration of days and time ("PT24H", "P2DT12H", "PT90M");
    /// nil for anything else, and for months or years, whose length depends on the calendar.
    static func seconds(ofDuration text: String) -> Int? {
        var rest = Substring(text)
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total = 0
        var inTime = false
        var digits = ""
        var sawUnit = false
        var sawTimeUnit = false
        for character in rest {
            if character == "T" && !inTime && digits.isEmpty {
                inTime = true
                continue
            }
            if character.isASCII && character.isNumber {
                digits.append(character)
                continue
            }
            guard let value = Int(digits), digits.count <= 9 else { return nil }
            let unit: Int
            switch (character, inTime) {
            case ("D", false): unit = 86_400
            case ("W", false): unit = 604_800
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            total += value * unit
            digits = ""
            sawUnit = true
            sawTimeUnit = sawTimeUnit || inTime
        }
        // A "T" needs a time after it ("P1DT" is not a duration).
        guard !inTime || sawTimeUnit else { return nil }
        return sawUnit && digits.isEmpty && total > 0 ? total : nil
    }
}
