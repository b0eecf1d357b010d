import FoundationEssentials

/// Reads a moment written as an RFC 3339 date and time (`2026-01-31T09:00:00Z`,
/// `2026-01-31T09:00:00.250+01:00`) or as a plain date (`2026-01-31`, midnight UTC), and
/// nothing else: every character of the text must belong to one of those forms, and the date
/// must be one the Gregorian calendar has.
///
/// Written out rather than left to `Date.ISO8601FormatStyle`, which reads a prefix and ignores
/// the rest (`2026-01-31T09:00Z` became midnight) and rolls impossible dates over
/// (`2026-02-30` became March 2).
///
/// As RFC 3339 §5.6 allows, `t`, `z` and a space may stand for `T`, `Z` and `T`. Offsets run
/// from -23:59 to +23:59. A second of 60 is accepted only where a leap second was inserted (at
/// 23:59:60 UTC on a day in `leapSecondDays`, whatever the offset it is written in); since a
/// `Date` counts seconds as POSIX time does, without leap seconds, it is read as `timegm`
/// reads it, as the first moment of the next day.
public enum RFC3339Date {
    /// Why a text is not a date: a few words naming the part that is wrong.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The forms accepted, for messages: "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)".
    public static let acceptedForms =
        "YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z, +HH:MM or -HH:MM"

    /// The UTC days that ended in a leap second, as year, month and day: every one since leap
    /// seconds began in 1972 (IERS Bulletin C). None has been announced since the end of 2016.
    public static let leapSecondDays: Set<Int> = [
        1972_06_30, 1972_12_31, 1973_12_31, 1974_12_31, 1975_12_31, 1976_12_31, 1977_12_31, 1978_12_31,
        1979_12_31, 1981_06_30, 1982_06_30, 1983_06_30, 1985_06_30, 1987_12_31, 1989_12_31, 1990_12_31,
        1992_06_30, 1993_06_30, 1994_06_30, 1995_12_31, 1997_06_30, 1998_12_31, 2005_12_31, 2008_12_31,
        2012_06_30, 2015_06_30, 2016_12_31,
    ]

    /// The moment `text` names; throws with the reason when it is not exactly one of the forms.
    public static func parse(_ text: String) throws(ParseError) -> Date {
        var reader = Reader(bytes: Array(text.utf8))
        let year = try reader.digits(4, "a four-digit year")
        try reader.expect(UInt8(ascii: "-"), "a - after the year")
        let month = try reader.digits(2, "a two-digit month")
        try reader.expect(UInt8(ascii: "-"), "a - after the month")
        let day = try reader.digits(2, "a two-digit day")
        guard (1...12).contains(month) else { throw ParseError(reason: "there is no month \(month)") }
        let length = daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            throw ParseError(reason: "\(monthNames[month - 1]) \(year) has \(length) days, not \(day)")
        }
        let dayNumber = daysSince1970(year: year, month: month, day: day)
        guard let separator = reader.next() else { return Date(timeIntervalSince1970: Double(dayNumber) * 86_400) }
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ") else {
            throw ParseError(reason: "the date is followed by \(reader.shownRest(from: reader.position - 1))")
        }
        let hour = try reader.digits(2, "a two-digit hour after the T")
        try reader.expect(UInt8(ascii: ":"), "a : after the hour")
        let minute = try reader.digits(2, "two-digit minutes")
        try reader.expect(UInt8(ascii: ":"), "a : after the minutes (seconds are not optional)")
        let second = try reader.digits(2, "two-digit seconds")
        var fraction = 0.0
        if reader.peek() == UInt8(ascii: ".") {
            reader.position += 1
            let digits = reader.run(of: Reader.isDigit)
            guard !digits.isEmpty else { throw ParseError(reason: "the . after the seconds needs digits") }
            fraction = Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
        }
        guard hour <= 23 else { throw ParseError(reason: "hour \(hour) is past 23") }
        guard minute <= 59 else { throw ParseError(reason: "minute \(minute) is past 59") }
        guard second <= 60 else {
            throw ParseError(reason: "second \(second) is past 59 (and 60 is only for a leap second)")
        }
        let offsetMinutes = try reader.offset()
        guard reader.isAtEnd else {
            throw ParseError(reason: "the time is followed by \(reader.shownRest(from: reader.position))")
        }
        let local = dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        let utc = local - offsetMinutes * 60
        if second == 60 {
            // The UTC moment of the leap second, 23:59:60, is one second into the next day.
            let utcDay = (utc - 1).floorDivided(by: 86_400)
            let (y, m, d) = civilDate(daysSince1970: utcDay)
            guard (utc - 1) - utcDay * 86_400 == 86_399, leapSecondDays.contains(y * 10_000 + m * 100 + d) else {
                throw ParseError(
                    reason:
                        "second 60 is a leap second, and there was none then (only at 23:59:60 UTC on the days that had one)"
                )
            }
        }
        return Date(timeIntervalSince1970: Double(utc) + fraction)
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `date` in UTC to the second, "2026-12-01T09:00:00Z", as licenses and messages write it.
    public static func text(of date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds.floorDivided(by: 86_400)
        let time = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        return
            "\(String(zeroPadded: year, width: 4))-\(String(zeroPadded: month, width: 2))-\(String(zeroPadded: day, width: 2))T"
            + "\(String(zeroPadded: time / 3600, width: 2)):\(String(zeroPadded: time / 60 % 60, width: 2)):\(String(zeroPadded: time % 60, width: 2))Z"
    }

    /// Gregorian leap years: every fourth, but not centuries unless divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date, in the proleptic Gregorian calendar (H. Hinnant's
    /// `days_from_civil`): eras of 400 years, with years starting in March so that February's
    /// leap day comes last.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSince1970` (`civil_from_days`).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The text as bytes, read left to right. Bytes, not characters: only ASCII digits count,
    /// so that "٢٠٢٦" or a combining mark never passes as a number.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        func peek() -> UInt8? { isAtEnd ? nil : bytes[position] }

        mutating func next() -> UInt8? {
            defer { if !isAtEnd { position += 1 } }
            return peek()
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        /// Exactly `count` digits, as a number.
        mutating func digits(_ count: Int, _ wanted: String) throws(ParseError) -> Int {
            guard position + count <= bytes.count, bytes[position..<position + count].allSatisfy(Self.isDigit) else {
                throw ParseError(reason: "\(wanted) was expected \(whereShown)")
            }
            defer { position += count }
            return bytes[position..<position + count].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }

        mutating func expect(_ byte: UInt8, _ wanted: String) throws(ParseError) {
            guard peek() == byte else { throw ParseError(reason: "\(wanted) was expected \(whereShown)") }
            position += 1
        }

        /// The longest run of bytes from here that satisfy `accepts`.
        mutating func run(of accepts: (UInt8) -> Bool) -> ArraySlice<UInt8> {
            let start = position
            while let byte = peek(), accepts(byte) { position += 1 }
            return bytes[start..<position]
        }

        /// `Z`, `z` (0) or `±HH:MM`, in minutes east of UTC.
        mutating func offset() throws(ParseError) -> Int {
            guard let sign = next() else {
                throw ParseError(reason: "the time needs its offset from UTC: Z, +HH:MM or -HH:MM")
            }
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
                position -= 1
                throw ParseError(reason: "Z, +HH:MM or -HH:MM was expected \(whereShown)")
            }
            let hours = try digits(2, "an offset of +HH:MM or -HH:MM")
            try expect(UInt8(ascii: ":"), "an offset of +HH:MM or -HH:MM")
            let minutes = try digits(2, "an offset of +HH:MM or -HH:MM")
            guard hours <= 23, minutes <= 59 else {
                throw ParseError(
                    reason:
                        "the offset \(String(decoding: bytes[(position - 6)..<position], as: UTF8.self)) is beyond ±23:59"
                )
            }
            return (hours * 60 + minutes) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }

        /// "at \"xyz\"" or "at the end".
        var whereShown: String { isAtEnd ? "at the end" : "at \(shownRest(from: position))" }

        /// The rest of the text from `start`, quoted and made safe to print.
        func shownRest(from start: Int) -> String {
            "\"\(SafeText.excerpt(String(decoding: bytes[start...], as: UTF8.self)))\""
        }
    }
}

extension Int {
    /// Division rounding toward minus infinity, so that days before 1970 fall on the right day.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
