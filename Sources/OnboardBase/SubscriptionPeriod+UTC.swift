import FoundationEssentials

extension SubscriptionPeriod {
    /// The moment one period after `date`, counted in UTC in the proleptic Gregorian calendar in
    /// which RFC 3339 writes dates (`RFC3339Date`): a day is 86,400 seconds, and a month or a year
    /// keeps the time of day and the day of the month, or takes the month's last day when it has
    /// fewer (a month after 31 January is the end of February, a year after 29 February is 28
    /// February). This is what a UTC Gregorian `Calendar` gives from 15 October 1582 on (before,
    /// Foundation's counts Julian years), without linking Calendar: licenses count their grace
    /// with it, in the app and in the vendor's tool alike.
    public func addingInUTC(to date: Date) -> Date {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Out of the range of an Int of seconds (no RFC 3339 date is): left as it is.
        guard seconds.magnitude < 1e15 else { return date }
        let days = Int(seconds).floorDivided(by: 86_400)
        let addedDays: Int
        switch unit {
        case .day, .week:
            addedDays = value * (unit == .week ? 7 : 1)
        case .month, .year:
            let (year, month, day) = RFC3339Date.civilDate(daysSince1970: days)
            let months = year * 12 + (month - 1) + value * (unit == .year ? 12 : 1)
            let newYear = months.floorDivided(by: 12)
            let newMonth = months - newYear * 12 + 1
            let newDay = min(day, RFC3339Date.daysIn(month: newMonth, year: newYear))
            addedDays = RFC3339Date.daysSince1970(year: newYear, month: newMonth, day: newDay) - days
        }
        return date.addingTimeInterval(Double(addedDays) * 86_400)
    }
}
