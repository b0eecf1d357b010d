import Foundation

/// Reads facts about running processes from /proc (Linux).
enum ProcessInspector {
    /// The fields of /proc/PID/stat after the command name, which may itself hold spaces and parentheses.
    private static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The command name (`comm`) of a process.
    static func commandName(_ pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The scheduler state of a process: `R` running, `S` sleeping, `T` stopped, ...
    static func state(_ pid: pid_t) -> Character? {
        statFields(pid)?.first?.first
    }

    /// CPU time used so far, user plus system, in clock ticks.
    static func cpuTicks(_ pid: pid_t) -> Int? {
        // After the name: state(0) ppid(1) ... utime(11) stime(12).
        guard let fields = statFields(pid), fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12])
        else { return nil }
        return user + system
    }

    /// The children of `parent` whose command name is `name`.
    static func children(of parent: pid_t, named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let fields = statFields(pid), fields.count > 1, pid_t(fields[1]) == parent else { return false }
            return commandName(pid) == name
        }
    }
}
