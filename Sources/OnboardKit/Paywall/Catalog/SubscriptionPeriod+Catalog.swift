import FoundationEssentials

/// A period's words (in the messages' language), its calendar arithmetic and its prices.
extension SubscriptionPeriod: CustomStringConvertible {
    /// "1 month", "3 days", "2 weeks", in the messages' language with its plural forms
    /// ("1 месяц, 2 месяца, 6 месяцев").
    public var description: String {
        switch unit {
        case .day: Messages.trn("{{ count }} day", "{{ count }} days", count: value)
        case .week: Messages.trn("{{ count }} week", "{{ count }} weeks", count: value)
        case .month: Messages.trn("{{ count }} month", "{{ count }} months", count: value)
        case .year: Messages.trn("{{ count }} year", "{{ count }} years", count: value)
        }
    }

    /// The period as the denominator of a price: "year" for one year, "3 months" otherwise.
    public var unitDescription: String {
        guard value == 1 else { return description }
        switch unit {
        case .day: return Messages.tr("day")
        case .week: return Messages.tr("week")
        case .month: return Messages.tr("month")
        case .year: return Messages.tr("year")
        }
    }

    /// The short denominator of a price: "yr", "mo", "wk", "day"; "3 mo" for several units.
    public var abbreviatedUnitDescription: String {
        switch (unit, value) {
        case (.day, 1): Messages.tr("day")
        case (.week, 1): Messages.tr("wk")
        case (.month, 1): Messages.tr("mo")
        case (.year, 1): Messages.tr("yr")
        case (.day, _): Messages.trn("{{ count }} day", "{{ count }} days", count: value)
        case (.week, _): Messages.trn("{{ count }} wk", "{{ count }} wk", count: value)
        case (.month, _): Messages.trn("{{ count }} mo", "{{ count }} mo", count: value)
        case (.year, _): Messages.trn("{{ count }} yr", "{{ count }} yr", count: value)
        }
    }

    /// A free trial of this length: "7-day free trial", "1-month free trial".
    public var freeTrialDescription: String {
        switch unit {
        case .day: Messages.trn("{{ count }}-day free trial", "{{ count }}-day free trial", count: value)
        case .week: Messages.trn("{{ count }}-week free trial", "{{ count }}-week free trial", count: value)
        case .month: Messages.trn("{{ count }}-month free trial", "{{ count }}-month free trial", count: value)
        case .year: Messages.trn("{{ count }}-year free trial", "{{ count }}-year free trial", count: value)
        }
    }

    /// The date one period after `date`, by calendar arithmetic (a month after 31 January is the
    /// end of February), so renewals land where a store would put them.
    public func adding(to date: Date, calendar: Calendar) -> Date {
        let component: Calendar.Component
        var amount = value
        switch unit {
        case .day: component = .day
        case .week:
            component = .day
            amount = value * 7
        case .month: component = .month
        case .year: component = .year
        }
        if let result = calendar.date(byAdding: component, value: amount, to: date) { return result }
        // Only an exotic calendar refuses the addition; fall back to the mean Gregorian lengths.
        return date.addingTimeInterval(approximateSeconds)
    }

    /// A rough length in seconds (mean Gregorian months and years), for when exact calendar
    /// arithmetic is not available or not affordable.
    var approximateSeconds: Double {
        let unitSeconds: Double
        switch unit {
        case .day: unitSeconds = 86_400
        case .week: unitSeconds = 604_800
        case .month: unitSeconds = 2_629_746
        case .year: unitSeconds = 31_556_952
        }
        return Double(value) * unitSeconds
    }

    /// How many months this period is worth, with RevenueCat's conventions (a month is 30 days
    /// when counting days, and 365/12/7 weeks when counting weeks).
    public var monthsEquivalent: Decimal {
        let ratio = Self.ratio(from: unit, to: .month)
        return Decimal(value) * ratio.numerator / ratio.denominator
    }

    /// The price of one `target` unit when `totalPrice` pays for this whole period, truncated
    /// (never rounded up) to `fractionDigits` decimals, as RevenueCat's `pricePerMonth` does.
    ///
    /// The division is done as one exact fraction, so a price that divides evenly never loses
    /// a cent to a repeating decimal.
    public func price(per target: Unit, totalPrice: Decimal, fractionDigits: Int = 2) -> Decimal {
        let ratio = Self.ratio(from: unit, to: target)
        let perUnit = totalPrice * ratio.denominator / (Decimal(value) * ratio.numerator)
        return perUnit.truncated(toFractionDigits: fractionDigits)
    }

    /// How many `target` units one `source` unit holds, as a fraction. The constants are
    /// RevenueCat's: 7 days a week, 30 days a month, 365 days and 12 months a year.
    static func ratio(from source: Unit, to target: Unit) -> (numerator: Decimal, denominator: Decimal) {
        switch (source, target) {
        case (.day, .day), (.week, .week), (.month, .month), (.year, .year): return (1, 1)
        case (.week, .day): return (7, 1)
        case (.month, .day): return (30, 1)
        case (.year, .day): return (365, 1)
        case (.day, .week): return (1, 7)
        case (.month, .week): return (365, 84)
        case (.year, .week): return (365, 7)
        case (.day, .month): return (1, 30)
        case (.week, .month): return (84, 365)
        case (.year, .month): return (12, 1)
        case (.day, .year): return (1, 365)
        case (.week, .year): return (7, 365)
        case (.month, .year): return (1, 12)
        }
    }
}
