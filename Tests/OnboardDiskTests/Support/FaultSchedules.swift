@_spi(FaultInjection) import OnboardDisk

/// The failure schedules the fault-injection suites run an operation under.
enum FaultSchedules {
    /// Every schedule worth trying for an operation of `count` calls: each call failing once and
    /// from then on, and every pair of calls failing.
    static func all(calls count: Int) -> [FaultInjection.Schedule] {
        var schedules: [FaultInjection.Schedule] = []
        for call in 1...count { schedules += [.once(call), .from(call)] }
        for first in 1..<count {
            for second in (first + 1)...count { schedules.append(.each([first, second])) }
        }
        return schedules
    }
}
