import Foundation
import Testing

@testable import OnboardKit

@Suite struct StoreClockTests {
    static let wall = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func withoutAStartDateSimulatedTimeIsTheWallTime() {
        let clock = StoreClock(startWallDate: Self.wall, startSimulatedDate: nil, timeRate: 1)
        #expect(clock.simulatedDate(atWall: Self.wall) == Self.wall)
        #expect(clock.simulatedDate(atWall: Self.wall.addingTimeInterval(90)) == Self.wall.addingTimeInterval(90))
    }

    @Test(arguments: [
        (rate: 1.0, wallSeconds: 10.0, simulatedSeconds: 10.0),
        (rate: 86_400, wallSeconds: 10, simulatedSeconds: 864_000),
        (rate: 86_400, wallSeconds: 0.5, simulatedSeconds: 43_200),
        (rate: 120, wallSeconds: 30, simulatedSeconds: 3_600),
    ])
    func simulatedTimeRunsAtTheRateFromTheStartDate(rate: Double, wallSeconds: Double, simulatedSeconds: Double) {
        let start = StoreFixtures.date(2026, 1, 1)
        let clock = StoreClock(startWallDate: Self.wall, startSimulatedDate: start, timeRate: rate)
        #expect(clock.simulatedDate(atWall: Self.wall) == start)
        let simulated = clock.simulatedDate(atWall: Self.wall.addingTimeInterval(wallSeconds))
        #expect(simulated.timeIntervalSince(start) == simulatedSeconds)
    }

    @Test func oneSecondADayReachesTheDayOfTheMonthAfterThatManySeconds() {
        let clock = StoreClock(
            startWallDate: Self.wall, startSimulatedDate: StoreFixtures.date(2026, 1, 1), timeRate: 86_400)
        #expect(clock.simulatedDate(atWall: Self.wall.addingTimeInterval(40)) == StoreFixtures.date(2026, 2, 10))
    }

    @Test func wallDateIsTheInverseOfTheSimulatedDate() {
        let clock = StoreClock(
            startWallDate: Self.wall, startSimulatedDate: StoreFixtures.date(2026, 1, 1), timeRate: 86_400)
        let renewal = StoreFixtures.date(2026, 2, 1)
        let wake = clock.wallDate(atSimulated: renewal)
        #expect(wake == Self.wall.addingTimeInterval(31))
        #expect(clock.simulatedDate(atWall: wake) == renewal)
    }

    /// A year a second from the last years of the store's clock: it stops at the end of 8999,
    /// so nothing derived from it passes the year 9999.
    @Test func aFastClockStopsAtTheEndOfTheYearsItRunsThrough() {
        let clock = StoreClock(
            startWallDate: Self.wall, startSimulatedDate: StoreFixtures.date(8990, 1, 1), timeRate: 31_536_000)
        #expect(clock.simulatedDate(atWall: Self.wall.addingTimeInterval(5)) < StoreClock.dates.upperBound)
        for seconds in [20.0, 1_000, 1e9] {
            #expect(clock.simulatedDate(atWall: Self.wall.addingTimeInterval(seconds)) == StoreClock.dates.upperBound)
        }
        #expect(RFC3339Date.text(of: StoreClock.dates.upperBound) == "8999-12-31T23:59:59Z")
        #expect(RFC3339Date.text(of: StoreClock.dates.lowerBound) == "1970-01-01T00:00:00Z")
    }
}
