import Glibc
import Synchronization

/// Makes one chosen file system call of the store fail or end the process, so that tests can
/// try every failure point of a write (as SQLite's I/O-error and crash tests do) rather than a
/// sample. The plan is task-local: only calls made inside `run` count, so tests running beside
/// it are untouched. Without a plan it costs one task-local lookup per call.
@_spi(FaultInjection)
public enum FaultInjection {
    /// What happens at the chosen call.
    public enum Action: Sendable, Equatable {
        /// The call fails with this errno and does nothing.
        case fail(errno: Int32)
        /// The process exits at once with this status, as if killed: nothing after runs.
        case exit(status: Int32)
    }

    /// Which calls to act on (1 is the first).
    public enum Schedule: Sendable, Equatable {
        /// That call alone; the disk works again after it.
        case once(Int)
        /// That call and every one after it: a disk that stays broken.
        case from(Int)
        /// Each of these calls: double faults, such as a failed sync and then a failed cut-back.
        case each(Set<Int>)

        func includes(_ call: Int) -> Bool {
            switch self {
            case .once(let chosen): return call == chosen
            case .from(let first): return call >= first
            case .each(let chosen): return chosen.contains(call)
            }
        }

        /// The first call acted on.
        var first: Int {
            switch self {
            case .once(let chosen), .from(let chosen): return chosen
            case .each(let chosen): return chosen.min() ?? Int.max
            }
        }
    }

    /// One call as an observer sees it, just before it is made.
    public struct Call: Sendable {
        /// 1 for the first call.
        public let number: Int
        /// What is attempted: "open", "write", "fsync", "rename to <path>"…
        public let operation: String
        public let path: String
        /// True when the schedule makes this call fail (or end the process).
        public let isFailing: Bool
    }

    /// Which calls to act on, how many were made so far, and who watches them.
    final class Plan: Sendable {
        let schedule: Schedule
        let action: Action
        let observer: (@Sendable (Call) -> Void)?
        let calls = Atomic<Int>(0)

        init(schedule: Schedule, action: Action, observer: (@Sendable (Call) -> Void)?) {
            self.schedule = schedule
            self.action = action
            self.observer = observer
        }
    }

    @TaskLocal static var plan: Plan?

    /// Runs `body` with the `call`-th file system call in it (1 is the first) carrying out
    /// `action`. Returns what `body` returned and whether that call was reached.
    public static func run<T, Failure: Error>(
        failingCall call: Int, with action: Action, _ body: () throws(Failure) -> T
    ) throws(Failure) -> (value: T, reached: Bool) {
        try run(failing: .once(call), with: action, body)
    }

    /// Runs `body` with the scheduled calls carrying out `action`, and `observer` told of every
    /// call before it is made (its own file system calls are not counted, so it can look at
    /// the files as another process would). Returns what `body` returned and whether the first
    /// scheduled call was reached.
    public static func run<T, Failure: Error>(
        failing schedule: Schedule, with action: Action, observer: (@Sendable (Call) -> Void)? = nil,
        _ body: () throws(Failure) -> T
    ) throws(Failure) -> (value: T, reached: Bool) {
        let plan = Plan(schedule: schedule, action: action, observer: observer)
        let result = $plan.withValue(plan) { Result { () throws(Failure) -> T in try body() } }
        return (try result.get(), plan.calls.load(ordering: .sequentiallyConsistent) >= schedule.first)
    }

    /// Counts one call; throws or exits when the schedule says so.
    package static func check(_ operation: String, _ path: String) throws(SystemCallError) {
        guard let plan else { return }
        let (_, count) = plan.calls.add(1, ordering: .sequentiallyConsistent)
        let failing = plan.schedule.includes(count)
        if let observer = plan.observer {
            $plan.withValue(nil) {
                observer(Call(number: count, operation: operation, path: path, isFailing: failing))
            }
        }
        guard failing else { return }
        switch plan.action {
        case .fail(let code): throw SystemCallError(operation: operation, path: path, code: code)
        case .exit(let status): _exit(status)
        }
    }
}
