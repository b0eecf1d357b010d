import Foundation

/// Whether a process is idle for certain, read from /proc (Linux): every thread blocked in a
/// system call that has no deadline, and no timer armed that could wake it. Such a process
/// does nothing, however long one watches, until input or a signal arrives.
enum IdleProbe {
    /// One thread's wait as /proc/PID/task/TID/syscall shows it.
    struct ThreadWait: CustomStringConvertible {
        var thread: String
        /// The raw line: `running`, or the call number and its arguments in hex.
        var call: String
        var waitsWithoutDeadline: Bool

        var description: String { "\(thread): \(call)\(waitsWithoutDeadline ? "" : " (may wake by itself)")" }
    }

    /// True where /proc/PID/syscall of a process this one did not start can be read: it needs
    /// ptrace access, which Yama (`kernel.yama.ptrace_scope` 1 or more) keeps for root.
    static var canReadSystemCalls: Bool {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/yama/ptrace_scope", encoding: .utf8)
        else { return true }
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == "0" || geteuid() == 0
    }

    /// The waits of every thread of `pid`, or nil when they cannot be read.
    static func threadWaits(_ pid: pid_t) -> [ThreadWait]? {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"),
            !threads.isEmpty
        else { return nil }
        var waits: [ThreadWait] = []
        for thread in threads.sorted() {
            let directory = "/proc/\(pid)/task/\(thread)"
            guard let line = try? String(contentsOfFile: directory + "/syscall", encoding: .utf8) else { return nil }
            let name = (try? String(contentsOfFile: directory + "/comm", encoding: .utf8)) ?? "?"
            let call = line.trimmingCharacters(in: .whitespacesAndNewlines)
            waits.append(
                ThreadWait(
                    thread: name.trimmingCharacters(in: .whitespacesAndNewlines), call: call,
                    waitsWithoutDeadline: waitsWithoutDeadline(call)))
        }
        return waits
    }

    /// The timer descriptors of `pid` that are armed (their `it_value` is not zero).
    static func armedTimers(_ pid: pid_t) -> [String] {
        let directory = "/proc/\(pid)/fdinfo"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return descriptors.compactMap { descriptor in
            guard let info = try? String(contentsOfFile: "\(directory)/\(descriptor)", encoding: .utf8),
                let value = info.split(separator: "\n").first(where: { $0.hasPrefix("it_value:") })
            else { return nil }
            return value.contains("(0, 0)") ? nil : "fd \(descriptor) \(value)"
        }
    }

    /// System calls that block until something happens, and which argument (counting from 0)
    /// holds their deadline: an `int` of milliseconds where -1 means none, or a pointer where
    /// null means none. Calls without a deadline argument (read) block until something comes.
    private enum Deadline {
        case none
        case milliseconds(argument: Int)
        case pointer(argument: Int)
    }

    private static let blockingCalls: [Int: Deadline] = {
        #if arch(x86_64)
            // read, poll, select, epoll_wait, futex, pselect6, ppoll, epoll_pwait, epoll_pwait2
            return [
                0: .none, 7: .milliseconds(argument: 2), 23: .pointer(argument: 4), 232: .milliseconds(argument: 3),
                202: .pointer(argument: 3), 270: .pointer(argument: 4), 271: .pointer(argument: 2),
                281: .milliseconds(argument: 3), 441: .pointer(argument: 3),
            ]
        #elseif arch(arm64)
            // read, epoll_pwait, futex, pselect6, ppoll, epoll_pwait2
            return [
                63: .none, 22: .milliseconds(argument: 3), 98: .pointer(argument: 3), 72: .pointer(argument: 4),
                73: .pointer(argument: 2), 441: .pointer(argument: 3),
            ]
        #else
            return [:]
        #endif
    }()

    private static func waitsWithoutDeadline(_ call: String) -> Bool {
        let fields = call.split(separator: " ")
        guard let number = Int(fields.first ?? ""), let deadline = blockingCalls[number] else { return false }
        let arguments = fields.dropFirst().map { UInt64($0.dropFirst(2), radix: 16) }
        switch deadline {
        case .none:
            return true
        case .milliseconds(let index):
            guard index < arguments.count, let value = arguments[index] else { return false }
            return Int32(truncatingIfNeeded: value) == -1
        case .pointer(let index):
            guard index < arguments.count, let value = arguments[index] else { return false }
            return value == 0
        }
    }
}
