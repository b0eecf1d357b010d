import Dispatch
import Glibc
import Synchronization

/// An exclusive `flock` on a lock file, shared by every process using the same state directory.
///
/// A separate lock file (rather than locking the data file) keeps working when the data file
/// is renamed away, and the kernel drops the lock when its holder dies, even by SIGKILL.
/// It is opened with `O_NOFOLLOW`: a link planted in a shared state directory must not make
/// a process (perhaps root) create a file wherever it points.
/// Nobody waits on it without limit: a process that holds it for ever must not freeze another.
struct FileLock {
    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock, or returns nil when another process still holds it after `wait`.
    ///
    /// A bounded wait blocks in `flock` on a helper thread, so the kernel hands the lock over
    /// in turn (polling would starve behind a process that takes it again at once); when the
    /// time is up, the helper is abandoned and releases the lock as soon as it gets it.
    static func acquire(_ path: String, wait: LockWait) throws(SystemCallError) -> FileLock? {
        let descriptor = try POSIXFile.open(path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            POSIXFile.close(descriptor)
            guard code == EWOULDBLOCK else { throw SystemCallError(operation: "lock", path: path, code: code) }
            guard case .upTo(let seconds) = wait, seconds > 0 else { return nil }
            return try waitInTurn(path, seconds: seconds)
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// The helper's progress: it is waiting, it got the lock for the caller, or the caller gave up.
    private final class Handover: Sendable {
        static let waiting = 0
        static let acquired = 1
        static let abandoned = 2
        let state = Atomic<Int>(Handover.waiting)
        let done = DispatchSemaphore(value: 0)
        let failure = Atomic<Int32>(0)
    }

    private static func waitInTurn(_ path: String, seconds: Double) throws(SystemCallError) -> FileLock? {
        let descriptor = try POSIXFile.open(path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        let handover = Handover()
        DispatchQueue.global().async { @Sendable in
            var result = flock(descriptor, LOCK_EX)
            while result != 0 && errno == EINTR { result = flock(descriptor, LOCK_EX) }
            if result != 0 { handover.failure.store(errno, ordering: .sequentiallyConsistent) }
            let handed = handover.state.compareExchange(
                expected: Handover.waiting, desired: Handover.acquired, ordering: .sequentiallyConsistent
            ).exchanged
            // Nobody takes it any more: let it go at once.
            if !handed { release(descriptor) }
            handover.done.signal()
        }
        if handover.done.wait(timeout: .now() + seconds) == .timedOut {
            let gaveUp = handover.state.compareExchange(
                expected: Handover.waiting, desired: Handover.abandoned, ordering: .sequentiallyConsistent
            ).exchanged
            if gaveUp { return nil }
            handover.done.wait()
        }
        let code = handover.failure.load(ordering: .sequentiallyConsistent)
        guard code == 0 else {
            POSIXFile.close(descriptor)
            throw SystemCallError(operation: "lock", path: path, code: code)
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Releases the lock, then closes its descriptor. Unlocking first matters: a process
    /// forked meanwhile (by a test, or a host app) holds a copy of the descriptor until it
    /// execs, and closing alone would leave the lock held through that copy.
    func unlock() { Self.release(descriptor) }

    private static func release(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        POSIXFile.close(descriptor)
    }
}
