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

    /// The simulated date at the given wall date.
    public func simulatedDate(atWall wall: Date) -> Date {
        startSimulatedDate.addingTimeInterval(wall.timeIntervalSince(startWallDate) * timeRate)
    }

    /// The wall date at which the simulation reaches `simulated`: when to wake up to show a
    /// renewal or an expiry.
    public func wallDate(atSimulated simulated: Date) -> Date {
        startWallDate.addingTimeInterval(simulated.timeIntervalSince(startSimulatedDate) / timeRate)
    }
}
