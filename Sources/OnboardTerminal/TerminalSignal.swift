import FoundationEssentials
import Glibc
import OnboardKit

/// A signal whose default action would end or stop the app, and how the app answers it. Every
/// answer starts by putting the terminal back as it was; SIGKILL and SIGSTOP cannot be caught.
public struct TerminalSignal: Hashable, Sendable, CustomStringConvertible {
    /// What happens once the terminal is restored.
    public enum Response: Hashable, Sendable {
        /// Exit with a documented status (SIGINT 130, SIGTERM 143, SIGHUP 129).
        case exit(status: Int32)
        /// Die of the same signal by its default action, so the parent sees what it sent.
        case dieOfSignal
        /// Stop; on continue, take the terminal back and redraw it whole.
        case suspend
    }

    /// How the signal reaches the app.
    public enum Delivery: Hashable, Sendable {
        /// A handler of our own that only records it and wakes the run loop (an atomic update
        /// and a write to a pipe, both async-signal-safe); the loop restores the terminal.
        case recordingHandler
        /// For stop signals: in the foreground, recorded like `recordingHandler`; in the
        /// background (the kernel refusing a background job the terminal), the process stops
        /// at once as by default. Interrupted calls are not restarted.
        case stopHandler
        /// A fault in the running code: `CrashGuard`'s async-signal-safe handler restores the
        /// terminal itself, since the loop will never run again.
        case crashGuard
    }

    public let number: Int32
    /// The name without its `SIG` prefix, as `kill -l` prints it.
    public let name: String
    public let response: Response
    public let delivery: Delivery

    public var description: String { "SIG\(name)" }

    /// The status a shell reports afterwards (`$?`): the exit status, or 128 + the signal for
    /// a process that died of it or stopped.
    public var shellStatus: Int32 {
        if case .exit(let status) = response { return status }
        return 128 + number
    }

    /// What the app model is told when this signal ends the run.
    public var outcome: TourEnding {
        switch number {
        case SIGINT: return .interrupted
        case SIGHUP: return .hangup
        default: return .terminated
        }
    }

    public var endsTheRun: Bool { response != .suspend }

    /// Every signal handled, in signal-number order.
    public static let all: [TerminalSignal] = [
        TerminalSignal(
            number: SIGHUP, name: "HUP", response: .exit(status: ExitCode.hangup), delivery: .recordingHandler),
        TerminalSignal(
            number: SIGINT, name: "INT", response: .exit(status: ExitCode.interrupted), delivery: .recordingHandler),
        TerminalSignal(number: SIGQUIT, name: "QUIT", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGILL, name: "ILL", response: .dieOfSignal, delivery: .crashGuard),
        TerminalSignal(number: SIGTRAP, name: "TRAP", response: .dieOfSignal, delivery: .crashGuard),
        TerminalSignal(number: SIGABRT, name: "ABRT", response: .dieOfSignal, delivery: .crashGuard),
        TerminalSignal(number: SIGBUS, name: "BUS", response: .dieOfSignal, delivery: .crashGuard),
        TerminalSignal(number: SIGFPE, name: "FPE", response: .dieOfSignal, delivery: .crashGuard),
        TerminalSignal(number: SIGUSR1, name: "USR1", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGSEGV, name: "SEGV", response: .dieOfSignal, delivery: .crashGuard),
        TerminalSignal(number: SIGUSR2, name: "USR2", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGPIPE, name: "PIPE", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGALRM, name: "ALRM", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(
            number: SIGTERM, name: "TERM", response: .exit(status: ExitCode.terminated), delivery: .recordingHandler),
        TerminalSignal(number: SIGSTKFLT, name: "STKFLT", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGTSTP, name: "TSTP", response: .suspend, delivery: .stopHandler),
        TerminalSignal(number: SIGTTIN, name: "TTIN", response: .suspend, delivery: .stopHandler),
        TerminalSignal(number: SIGTTOU, name: "TTOU", response: .suspend, delivery: .stopHandler),
        TerminalSignal(number: SIGXCPU, name: "XCPU", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGXFSZ, name: "XFSZ", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGVTALRM, name: "VTALRM", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGPROF, name: "PROF", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGIO, name: "IO", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGPWR, name: "PWR", response: .dieOfSignal, delivery: .recordingHandler),
        TerminalSignal(number: SIGSYS, name: "SYS", response: .dieOfSignal, delivery: .crashGuard),
    ]

    /// The handled signal with this number, if it is one.
    public static func numbered(_ number: Int32) -> TerminalSignal? { all.first { $0.number == number } }

    /// Ends the process as `signal` asks once the terminal is restored and output flushed:
    /// with its default action, so that the parent sees the signal. Never returns.
    public static func dieOf(_ signal: Int32) -> Never {
        fflush(nil)
        raiseWithDefaultAction(signal)
        // Not reached for a signal whose default action ends the process.
        _exit(128 + signal)
    }

    /// Sends `signal` to this thread with its default action and unblocked, so that it does
    /// what it would have done had nothing caught it (end or stop the process). Only
    /// async-signal-safe calls: a signal handler may call it.
    static func raiseWithDefaultAction(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signal)
    }
}
