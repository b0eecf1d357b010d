import FoundationEssentials

extension RFC3339Date {
    /// `date` as RFC 3339 in UTC with milliseconds, `2026-01-31T09:00:00.250Z`: worked out from
    /// the seconds since 1970 (`civilDate`), so no formatter or locale is read.
    public static func utcText(_ date: Date) -> String {
        // Whole microseconds first: -0.001 s times 1000 is a hair under -1 in binary.
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let milliseconds = Int((microseconds / 1000).rounded(.down))
        // Rounded toward minus infinity, so times before 1970 fall on the right day.
        let days = (milliseconds - (milliseconds % 86_400_000 + 86_400_000) % 86_400_000) / 86_400_000
        let dayMilliseconds = milliseconds - days * 86_400_000
        let (year, month, day) = civilDate(daysSince1970: days)
        let seconds = dayMilliseconds / 1000
        func pad(_ value: Int, _ width: Int) -> String { String(zeroPadded: value, width: width) }
        let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2))"
            + ":\(pad(seconds % 60, 2)).\(pad(dayMilliseconds % 1000, 3))Z"
    }
}
