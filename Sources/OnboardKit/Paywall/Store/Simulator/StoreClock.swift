import FoundationEssentials

/// The simulated store's calendar time: a start date that runs `timeRate` times faster than the
/// wall clock, like StoreKit testing's accelerated renewal rates, so a monthly subscription can
/// renew every 30 real seconds.
///
/// Pure: the caller reads the wall clock and hands the date in.
public struct StoreClock: Hashable, Sendable {
    /// The wall date at which the simulation started.
    public let startWallDate: Date
    /// The simulated date at `startWallDate` (`--now`).
    public let startSimulatedDate: Date
    /// Simulated seconds per wall second (`--time-rate`); 86 400 makes one second a day.
    public let timeRate: Double

    /// - Parameters:
    ///   - startSimulatedDate: where simulated time starts; nil starts it at the wall date.
    ///   - timeRate: simulated seconds per real second; must be finite and greater than zero
    ///     (the command line refuses anything else before it gets here).
    public init(startWallDate: Date, startSimulatedDate: Date? = nil, timeRate: Double = 1) {
        precondition(timeRate.isFinite && timeRate > 0, "the time rate must be a finite number greater than zero")
        self.startWallDate = startWallDate
        self.startSimulatedDate = startSimulatedDate ?? startWallDate
        self.timeRate = timeRate
    }

    /// The moments the store's clock runs through: from 1970 (POSIX time; no store sold
    /// anything before) to the end of 8999, so that everything the store derives from a moment,
    /// a period or an offer of at most 999 years (`SubscriptionPeriod.maximumValue`,
    /// `IntroductoryOffer.maximumDuration`), still ends by 9999-12-31: every date it shows then
    /// has the four-digit year RFC 3339 and a person's calendar both write. `--now` is held to
    /// it, and a fast clock stops at its end.
    public static let dates =
        Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 221_845_392_000 - 1)

    /// The simulated date at the given wall date; never past `dates`' end.
    public func simulatedDate(atWall wall: Date) -> Date {
        min(
            startSimulatedDate.addingTimeInterval(wall.timeIntervalSince(startWallDate) * timeRate),
            Self.dates.upperBound)
    }

    /// The wall date at which the simulation reaches `simulated`: when to wake up to show a
    /// renewal or an expiry.
    public func wallDate(atSimulated simulated: Date) -> Date {
        startWallDate.addingTimeInterval(simulated.timeIntervalSince(startSimulatedDate) / timeRate)
    }
}
