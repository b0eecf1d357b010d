import Foundation
import OnboardKit
import Testing

/// `--now`'s dates: the whole text is read, every RFC 3339 form and the plain date give the
/// moment Foundation's calendar computes for the same fields, and everything else is refused.
@Suite struct RFC3339DateTests {
    /// The moment of these fields at `offset` seconds east of UTC, from Foundation's Gregorian
    /// calendar: worked out apart from the parser's own arithmetic. The calendar works in UTC
    /// and the offset is taken off after, since `TimeZone` stops at ±18 hours.
    static func expected(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
        fraction: Double = 0, offset: Int = 0
    ) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return try #require(calendar.date(from: components)).addingTimeInterval(fraction - Double(offset))
    }

    struct Valid: CustomTestStringConvertible, Sendable {
        var text: String
        var fields: [Int]
        var fraction = 0.0
        var offsetMinutes = 0
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid(text: "2026-01-31", fields: [2026, 1, 31]),
        Valid(text: "2026-01-31T09:00:00Z", fields: [2026, 1, 31, 9, 0, 0]),
        Valid(text: "2026-01-31t09:00:00z", fields: [2026, 1, 31, 9, 0, 0]),
        Valid(text: "2026-01-31 09:00:00Z", fields: [2026, 1, 31, 9, 0, 0]),
        Valid(text: "2026-01-31T09:00:00+01:00", fields: [2026, 1, 31, 9, 0, 0], offsetMinutes: 60),
        Valid(text: "2026-01-31T09:00:00-05:30", fields: [2026, 1, 31, 9, 0, 0], offsetMinutes: -330),
        Valid(text: "2026-01-31T09:00:00+23:59", fields: [2026, 1, 31, 9, 0, 0], offsetMinutes: 1439),
        Valid(text: "2026-01-31T09:00:00-23:59", fields: [2026, 1, 31, 9, 0, 0], offsetMinutes: -1439),
        // RFC 3339 §4.3: -00:00 is UTC with the local offset unknown.
        Valid(text: "2026-01-31T09:00:00-00:00", fields: [2026, 1, 31, 9, 0, 0]),
        Valid(text: "2026-01-31T09:00:00.5Z", fields: [2026, 1, 31, 9, 0, 0], fraction: 0.5),
        Valid(
            text: "2026-01-31T09:00:00.250+02:00", fields: [2026, 1, 31, 9, 0, 0], fraction: 0.25, offsetMinutes: 120),
        Valid(text: "2026-01-31T23:59:59.999999Z", fields: [2026, 1, 31, 23, 59, 59], fraction: 0.999999),
        Valid(text: "2024-02-29", fields: [2024, 2, 29]),
        Valid(text: "2000-02-29T12:00:00Z", fields: [2000, 2, 29, 12, 0, 0]),
        Valid(text: "1969-12-31T23:59:59Z", fields: [1969, 12, 31, 23, 59, 59]),
        Valid(text: "1600-03-01", fields: [1600, 3, 1]),
        Valid(text: "9999-12-31T23:59:59Z", fields: [9999, 12, 31, 23, 59, 59]),
        Valid(text: "2026-12-31T23:30:00-01:00", fields: [2026, 12, 31, 23, 30, 0], offsetMinutes: -60),
    ]

    @Test(arguments: valid)
    func readsTheMomentFoundationComputes(_ form: Valid) throws {
        var fields = form.fields
        while fields.count < 6 { fields.append(0) }
        let want = try Self.expected(
            fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fraction: form.fraction,
            offset: form.offsetMinutes * 60)
        let got = try RFC3339Date.parse(form.text)
        #expect(abs(got.timeIntervalSince(want)) < 0.000_001, "\(form.text): \(got) is not \(want)")
    }

    /// Each was read as some moment by `Date.ISO8601FormatStyle`; each names the part at fault.
    @Test(arguments: [
        ("2026-01-31T09:00Z", "seconds are not optional"),
        ("2026-01-31 09:00", "seconds are not optional"),
        ("2026-01-31T09:00:00", "needs its offset"),
        ("2026-01-31T09:00:00+99:00", "+99:00 is beyond ±23:59"),
        ("2026-01-31T09:00:00+24:00", "+24:00 is beyond ±23:59"),
        ("2026-01-31T09:00:00+01:60", "beyond ±23:59"),
        ("2026-01-31T09:00:00+0100", "an offset of +HH:MM"),
        ("2026-01-31T09:00:00+01", "an offset of +HH:MM"),
        ("2026-01-31xyz", "the date is followed by \"xyz\""),
        ("2026-01-31T09:00:00Zjunk", "the time is followed by \"junk\""),
        ("2026-01-31T09:00:00Z ", "the time is followed by"),
        (" 2026-01-31", "a four-digit year"),
        ("2026-02-30", "February 2026 has 28 days, not 30"),
        ("2025-02-29", "February 2025 has 28 days, not 29"),
        ("1900-02-29", "February 1900 has 28 days, not 29"),
        ("2026-04-31", "April 2026 has 30 days, not 31"),
        ("2026-01-00", "January 2026 has 31 days, not 0"),
        ("2026-13-01", "there is no month 13"),
        ("2026-00-01", "there is no month 0"),
        ("2026-01-31T25:00:00Z", "hour 25 is past 23"),
        ("2026-01-31T24:00:00Z", "hour 24 is past 23"),
        ("2026-01-31T09:60:00Z", "minute 60 is past 59"),
        ("2026-01-31T09:00:61Z", "second 61 is past 59"),
        ("2026-01-31T09:00:60Z", "leap second"),
        ("2025-12-31T23:59:60Z", "leap second"),
        ("2026-01-31T09:00:00.Z", "needs digits"),
        ("2026-01-31T09:00:00,5Z", "Z, +HH:MM or -HH:MM was expected at \",5Z\""),
        ("2026-1-31", "a two-digit month"),
        ("26-01-31", "a four-digit year"),
        ("20260131", "a - after the year"),
        ("2026-01-31T", "a two-digit hour"),
        ("2026-01-31_09:00:00Z", "the date is followed by \"_09:00:00Z\""),
        ("٢٠٢٦-01-31", "a four-digit year"),
        ("", "a four-digit year was expected at the end"),
        ("yesterday", "a four-digit year"),
    ])
    func refusesAnythingElseSayingWhy(text: String, reason: String) {
        #expect {
            try RFC3339Date.parse(text)
        } throws: { error in
            (error as? RFC3339Date.ParseError)?.reason.contains(reason) == true
        }
    }

    /// 23:59:60 UTC on a day that had a leap second, in any offset, is the next day's first moment.
    @Test(arguments: [
        ("2016-12-31T23:59:60Z", [2017, 1, 1]), ("1972-06-30T23:59:60Z", [1972, 7, 1]),
        ("2016-12-31T18:59:60-05:00", [2017, 1, 1]), ("2017-01-01T00:59:60+01:00", [2017, 1, 1]),
        ("1990-12-31T15:59:60-08:00", [1991, 1, 1]),
    ])
    func leapSecondsAreAcceptedWhereTheyHappened(text: String, next: [Int]) throws {
        #expect(try RFC3339Date.parse(text) == Self.expected(next[0], next[1], next[2]))
    }

    @Test func theLeapSecondOfADayThatHadNoneIsRefusedInAnyOffset() {
        #expect(throws: RFC3339Date.ParseError.self) { try RFC3339Date.parse("2016-12-31T22:59:60Z") }
        #expect(throws: RFC3339Date.ParseError.self) { try RFC3339Date.parse("2016-12-31T23:59:60+01:00") }
    }

    /// Every day of four centuries, as the plain date, against Foundation's calendar: leap years
    /// (and the centuries that are not) land where the calendar puts them.
    @Test func everyDayOfFourHundredYearsIsTheCalendarsDay() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var day = try Self.expected(1900, 1, 1)
        let end = try Self.expected(2300, 1, 1)
        var checked = 0
        while day < end {
            let fields = calendar.dateComponents([.year, .month, .day], from: day)
            let text =
                String(zeroPadded: fields.year!, width: 4) + "-" + String(zeroPadded: fields.month!, width: 2) + "-"
                + String(zeroPadded: fields.day!, width: 2)
            #expect(try RFC3339Date.parse(text) == day, "\(text)")
            day += 86_400
            checked += 1
        }
        #expect(checked == 146_097)
    }
}
