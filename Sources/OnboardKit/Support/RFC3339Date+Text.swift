import FoundationEssentials

extension RFC3339Date {
    /// `date` as RFC 3339 in UTC with milliseconds, `2026-01-31T09:00:00.250Z`: worked out from
    /// the seconds since 1970 (the civil-from-days algorithm), so no formatter or locale is read.
    public static func utcText(_ date: Date) -> String {
        // Whole microseconds first: -0.001 s times 1000 is a hair under -1 in binary.
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let milliseconds = Int64((microseconds / 1000).rounded(.down))
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainderFlooring(dividingBy: 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        let seconds = dayMilliseconds / 1000
        func pad(_ value: Int64, _ width: Int) -> String { String(zeroPadded: value, width: width) }
        let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2))"
            + ":\(pad(seconds % 60, 2)).\(pad(dayMilliseconds % 1000, 3))Z"
    }

    /// The Gregorian year, month and day of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Division that rounds toward minus infinity, so times before 1970 fall on the right day.
    fileprivate func quotientAndRemainderFlooring(dividingBy divisor: Int64) -> (Int64, Int64) {
        var (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
