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

    /// Which call to act on, and how many were made so far.
    final class Plan: Sendable {
        let call: Int
        let action: Action
        let calls = Atomic<Int>(0)

        init(call: Int, action: Action) {
            self.call = call
            self.action = action
        }
    }

    @TaskLocal static var plan: Plan?

    /// Runs `body` with the `call`-th file system call in it (1 is the first) carrying out
    /// `action`. Returns what `body` returned and whether that call was reached.
    public static func run<T, Failure: Error>(
        failingCall call: Int, with action: Action, _ body: () throws(Failure) -> T
    ) throws(Failure) -> (value: T, reached: Bool) {
        let plan = Plan(call: call, action: action)
        let result = $plan.withValue(plan) { Result { () throws(Failure) -> T in try body() } }
        return (try result.get(), plan.calls.load(ordering: .sequentiallyConsistent) >= call)
    }

    /// Counts one call; throws or exits when it is the planned one.
    static func check(_ operation: String, _ path: String) throws(SystemCallError) {
        guard let plan else { return }
        let (_, count) = plan.calls.add(1, ordering: .sequentiallyConsistent)
        guard count == plan.call else { return }
        switch plan.action {
        case .fail(let code): throw SystemCallError(operation: operation, path: path, code: code)
        case .exit(let status): _exit(status)
        }
    }
}
