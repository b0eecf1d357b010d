import Foundation
import Glibc

/// Waits for a state a child process announces: a file it creates, a lock it is blocked on,
/// lines it has written. Each wait looks again every millisecond until the state shows or the
/// child ends; the deadline is only a guard against a hang, reached when something is broken.
enum ChildHandshake {
    static let deadline: Duration = .seconds(60)

    /// The first non-nil value of `probe`, or nil once `child` has ended (or the deadline passed).
    static func value<Value>(from child: Process, _ probe: () -> Value?) -> Value? {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while clock.now < end {
            if let value = probe() { return value }
            // One last look: the state may have been reached just before the child ended.
            if !child.isRunning { return probe() }
            usleep(1_000)
        }
        return nil
    }

    /// True once `condition` holds while `child` runs.
    static func until(_ child: Process, _ condition: () -> Bool) -> Bool {
        value(from: child) { condition() ? true : nil } ?? false
    }

    /// True once `child` has created `path`.
    static func created(_ path: String, by child: Process) -> Bool {
        until(child) { FileManager.default.fileExists(atPath: path) }
    }

    /// The processes the kernel lists as blocked waiting for an `flock` on `path` (from
    /// /proc/locks, where a waiter's line reads `N: -> FLOCK ADVISORY WRITE <pid> <dev>:<inode> ...`):
    /// proof that a process is waiting for the lock rather than merely not done yet.
    static func lockWaiters(_ path: String) -> Set<pid_t> {
        var info = stat()
        guard stat(path, &info) == 0,
            let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return [] }
        let inodeSuffix = ":\(info.st_ino)"
        var waiters: Set<pid_t> = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 7, fields[1] == "->", fields[2] == "FLOCK", fields[6].hasSuffix(inodeSuffix),
                let pid = pid_t(fields[5])
            else { continue }
            waiters.insert(pid)
        }
        return waiters
    }

    /// The number of whole lines in the file at `path` (0 when it does not exist).
    static func lineCount(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
