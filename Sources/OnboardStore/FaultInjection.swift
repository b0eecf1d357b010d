import Glibc
import Synchronization

/// Makes one chosen file system call of the store fail or end the process, so that tests can
/// try every failure point of a write (as SQLite's I/O-error and crash tests do) rather than a
/// sample. Disarmed, it costs one atomic load per call.
@_spi(FaultInjection)
public enum FaultInjection {
    /// What happens at the chosen call.
    public enum Action: Sendable, Equatable {
        /// The call fails with this errno and does nothing.
        case fail(errno: Int32)
        /// The process exits at once with this status, as if killed: nothing after runs.
        case exit(status: Int32)
    }

    private static let countdown = Atomic<Int>(0)
    private static let callsSeen = Atomic<Int>(0)
    private static let action = Mutex<Action>(.fail(errno: EIO))

    /// Arms the `call`-th file system call from now (1 is the next) to carry out `action`.
    public static func arm(call: Int, _ action: Action) {
        self.action.withLock { $0 = action }
        callsSeen.store(0, ordering: .sequentiallyConsistent)
        countdown.store(call, ordering: .sequentiallyConsistent)
    }

    /// Disarms, and returns whether the armed call was reached.
    @discardableResult
    public static func disarm() -> Bool {
        let remaining = countdown.exchange(0, ordering: .sequentiallyConsistent)
        return remaining == 0 && callsSeen.load(ordering: .sequentiallyConsistent) > 0
    }

    /// Counts one call; throws or exits when it is the armed one.
    static func check(_ operation: String, _ path: String) throws(SystemCallError) {
        guard countdown.load(ordering: .relaxed) > 0 else { return }
        callsSeen.add(1, ordering: .sequentiallyConsistent)
        let (remaining, _) = countdown.subtract(1, ordering: .sequentiallyConsistent)
        guard remaining == 0 else { return }
        switch action.withLock({ $0 }) {
        case .fail(let code): throw SystemCallError(operation: operation, path: path, code: code)
        case .exit(let status): _exit(status)
        }
    }
}
