import Foundation

/// Starts programs with `posix_spawn` and a clean slate: no blocked or ignored signals and no
/// inherited descriptors beyond the three standard ones.
///
/// Foundation's `Process` passes on the calling thread's signal mask, and test threads block
/// most signals: a tmux server started that way never sees SIGCHLD, so it neither notices a
/// pane's program ending nor shuts down on `kill-server`, and its panes start with signals
/// blocked, unlike a person's terminal.
enum ChildProcess {
    /// Runs `executable` to completion with standard input from /dev/null and output written
    /// to the given files (one file for both when the paths are equal; a nil path leaves that
    /// descriptor closed); returns the exit code (128 + N when killed by signal N). A program
    /// still running after `timeout` is killed, and that is an error. The timeout only guards
    /// against a hang: a run on a loaded machine must never reach it (10 s was reached by the
    /// ptrace-driven ICU check under two busy loops).
    static func run(
        _ executable: String, _ arguments: [String], standardOutput: String?, standardError: String?,
        timeout: Duration = .seconds(120)
    ) throws -> Int32 {
        let pid = try start(executable, arguments, standardOutput: standardOutput, standardError: standardError)
        return try wait(for: pid, executable: executable, timeout: timeout)
    }

    /// Starts `executable` as `run` does and returns at once with its process ID, so several
    /// can be started together; `wait(for:executable:timeout:)` collects each one. Standard
    /// input is `standardInput` (a FIFO lets the caller type lines as it goes).
    static func start(
        _ executable: String, _ arguments: [String], standardOutput: String?, standardError: String?,
        standardInput: String = "/dev/null"
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addclose(&actions, 1)
        }
        if let standardError, standardError == standardOutput {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else if let standardError {
            posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addclose(&actions, 2)
        }
        // Descriptors open now (listed before the three above are opened in the child).
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var catchable = sigset_t()
        sigemptyset(&catchable)
        for signalNumber: Int32 in 1..<32 where signalNumber != SIGKILL && signalNumber != SIGSTOP {
            sigaddset(&catchable, signalNumber)
        }
        posix_spawnattr_setsigdefault(&attributes, &catchable)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw EndToEndError("cannot start \(executable): \(String(cString: strerror(error)))")
        }
        return pid
    }

    /// The descriptors this process has open; closing one that is gone by spawn time is harmless.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// Waits for a child `start` began; its exit code as `run` gives it.
    static func wait(for pid: pid_t, executable: String, timeout: Duration = .seconds(120)) throws -> Int32 {
        var status: Int32 = 0
        let finished = Polling.until(timeout: timeout) {
            let result = waitpid(pid, &status, WNOHANG)
            return result == pid || result == -1
        }
        guard finished else {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw EndToEndError("\(executable) did not finish within \(timeout)")
        }
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
    }
}
