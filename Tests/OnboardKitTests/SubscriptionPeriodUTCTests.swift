import Foundation
import Testing

@testable import OnboardKit

/// `SubscriptionPeriod.addingInUTC`, which counts a license's grace in the vendor's tool and the
/// app alike without linking Calendar, gives what a UTC Gregorian Calendar gives.
@Suite struct SubscriptionPeriodUTCTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func date(_ text: String) -> Date { try! RFC3339Date.parse(text) }

    @Test(arguments: [
        ("2026-01-31T09:00:00Z", "P1M", "2026-02-28T09:00:00Z"),
        ("2028-01-31T09:00:00Z", "P1M", "2028-02-29T09:00:00Z"),
        ("2028-02-29T00:00:00Z", "P1Y", "2029-02-28T00:00:00Z"),
        ("2028-02-29T00:00:00Z", "P4Y", "2032-02-29T00:00:00Z"),
        ("2026-03-31T23:59:59Z", "P1M", "2026-04-30T23:59:59Z"),
        ("2026-12-15T12:00:00Z", "P1M", "2027-01-15T12:00:00Z"),
        ("2026-12-31T00:00:00Z", "P14M", "2028-02-29T00:00:00Z"),
        ("2026-03-28T01:30:00Z", "P7D", "2026-04-04T01:30:00Z"),
        ("2026-03-28T01:30:00Z", "P2W", "2026-04-11T01:30:00Z"),
        ("1969-12-31T23:59:59Z", "P1M", "1970-01-31T23:59:59Z"),
        ("9999-12-31T00:00:00Z", "P1D", "10000-01-01T00:00:00Z"),
    ])
    func addsCalendarPeriods(start: String, period: String, expected: String) throws {
        let period = try SubscriptionPeriod(iso8601: period)
        let result = period.addingInUTC(to: Self.date(start))
        #expect(RFC3339Date.text(of: result) == expected)
        #expect(result == period.adding(to: Self.date(start), calendar: Self.utc))
    }

    @Test func keepsTheFractionOfASecond() throws {
        let start = Date(timeIntervalSince1970: 1_769_850_000.25)
        #expect(try SubscriptionPeriod(iso8601: "P1M").addingInUTC(to: start).timeIntervalSince1970 == 1_772_269_200.25)
    }

    /// Thousands of moments from 1583 (the first whole Gregorian year) to 9999, at every unit and
    /// counts from 1 to the 999 a period may have: the same moment as Foundation's calendar.
    @Test func matchesAUTCGregorianCalendar() throws {
        var generator = SeededGenerator(seed: 20_261_207)
        let first = Self.date("1583-01-01T00:00:00Z").timeIntervalSince1970
        let last = Self.date("9999-12-31T23:59:59Z").timeIntervalSince1970
        var mismatches: [String] = []
        for _ in 0..<4_000 {
            let seconds = Double.random(in: first...last, using: &generator).rounded(.down)
            // Month ends and leap days are where arithmetic goes wrong: aim a third of them there.
            let start: Date
            if Bool.random(using: &generator) && Bool.random(using: &generator) {
                let text = RFC3339Date.text(of: Date(timeIntervalSince1970: seconds))
                let day = ["28", "29", "30", "31"].randomElement(using: &generator)!
                let candidate = String(text.prefix(8)) + day + String(text.dropFirst(10))
                start = (try? RFC3339Date.parse(candidate)) ?? Date(timeIntervalSince1970: seconds)
            } else {
                start = Date(timeIntervalSince1970: seconds)
            }
            let unit = SubscriptionPeriod.Unit.allCases.randomElement(using: &generator)!
            let value =
                Bool.random(using: &generator)
                ? Int.random(in: 1...24, using: &generator)
                : Int.random(
                    in: 1...SubscriptionPeriod.maximumValue, using: &generator)
            let period = SubscriptionPeriod(value: value, unit: unit)
            let ours = period.addingInUTC(to: start)
            let foundations = period.adding(to: start, calendar: Self.utc)
            if ours != foundations {
                mismatches.append("\(RFC3339Date.text(of: start)) + \(period.iso8601): \(ours) != \(foundations)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
    }
}
