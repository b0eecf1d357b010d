import Foundation

/// Waits for a condition by checking it often, instead of sleeping for a fixed time.
enum Polling {
    /// Only reached when what is awaited never comes: a wait returns as soon as it does, so a
    /// generous deadline costs a passing test nothing and keeps a loaded machine from failing it.
    static let defaultTimeout: Duration = .seconds(30)

    /// Returns the first non-nil value `probe` gives within `timeout`, or nil.
    static func value<Value>(timeout: Duration = defaultTimeout, _ probe: () -> Value?) -> Value? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let value = probe() { return value }
            if clock.now >= deadline { return nil }
            usleep(20_000)
        }
    }

    /// True once `condition` holds within `timeout`.
    static func until(timeout: Duration = defaultTimeout, _ condition: () -> Bool) -> Bool {
        value(timeout: timeout) { condition() ? true : nil } ?? false
    }
}
