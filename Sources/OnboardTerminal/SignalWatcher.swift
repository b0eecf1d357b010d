import FoundationEssentials
import Glibc
import OnboardKit
import Synchronization

/// The signals that arrived and wait for the run loop, one bit per signal number. Process-wide,
/// like signal dispositions: set by the handlers, taken by the loop.
private let pendingSignals = Atomic<UInt64>(0)
/// The write end of the wake pipe, for the handlers of our own. Set before they are installed.
nonisolated(unsafe) private var wakeDescriptorForHandlers: Int32 = -1

/// Records a signal and wakes the loop: an atomic update and a write(2), both
/// async-signal-safe. errno is kept for the code the signal interrupted.
private func recordSignal(_ signalNumber: Int32) {
    let savedErrno = errno
    _ = pendingSignals.bitwiseOr(UInt64(1) << UInt64(signalNumber), ordering: .sequentiallyConsistent)
    var byte: UInt8 = 1
    _ = write(wakeDescriptorForHandlers, &byte, 1)
    errno = savedErrno
}

/// For SIGTSTP, SIGTTIN and SIGTTOU. In the foreground the loop restores the terminal and then
/// stops. In the background the terminal is not ours to restore, and the signal is the kernel
/// refusing a background job the terminal (ncurses retries an interrupted tcsetattr forever):
/// the process stops at once, as by default, and the handler is back in place on continuing.
/// Only async-signal-safe calls.
private func stopSignalHandler(_ signalNumber: Int32) {
    let savedErrno = errno
    let foregroundGroup = tcgetpgrp(STDIN_FILENO)
    if foregroundGroup == -1 || foregroundGroup == getpgrp() {
        recordSignal(signalNumber)
        errno = savedErrno
        return
    }
    TerminalSignal.raiseWithDefaultAction(signalNumber)
    // ... stopped until SIGCONT; the mask is restored when the handler returns.
    installStopSignalHandler(signalNumber, replaced: nil)
    errno = savedErrno
}

private func installStopSignalHandler(_ signalNumber: Int32, replaced: UnsafeMutablePointer<sigaction>?) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = stopSignalHandler
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: a call the stop interrupted returns EINTR rather than start again.
    action.sa_flags = 0
    sigaction(signalNumber, &action, replaced)
}

/// Turns the signals of `TerminalSignal.all` that the run loop answers (all but the crash
/// signals) into bits the loop takes, and wakes the loop through a pipe it polls beside the
/// terminal. Nothing in a handler touches the terminal: the loop restores it.
///
/// Create it before the terminal session starts: ncurses installs its own handlers for
/// SIGINT, SIGTERM and SIGTSTP only where it finds the default action, and a signal arriving
/// between the two would otherwise leave the terminal raw.
public final class SignalWatcher {
    /// What the stop signals' handlers replaced, put back by `uninstall()`.
    private var replacedActions: [(signal: Int32, action: sigaction)] = []
    private var isInstalled = false
    /// The read end is polled by the run loop; the write end is poked by handlers.
    let wakeReadDescriptor: Int32
    private let wakeWriteDescriptor: Int32
    /// The signal that ended the run, once one did.
    public private(set) var terminationSignal: TerminalSignal?

    /// What `take()` found.
    struct Arrivals: Equatable {
        /// The first signal that ends the run (the lowest number when several came at once).
        var termination: TerminalSignal?
        /// A stop signal (SIGTSTP, SIGTTIN, SIGTTOU).
        var stop: TerminalSignal?
        /// SIGCONT: the process was continued after a stop.
        var continued = false
    }

    public init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeReadDescriptor = descriptors[0]
        wakeWriteDescriptor = descriptors[1]
        pendingSignals.store(0, ordering: .sequentiallyConsistent)
        wakeDescriptorForHandlers = wakeWriteDescriptor
        for handled in TerminalSignal.all {
            switch handled.delivery {
            case .crashGuard:
                continue
            case .recordingHandler:
                installRecordingHandler(handled.number)
            case .stopHandler:
                var replaced = sigaction()
                installStopSignalHandler(handled.number, replaced: &replaced)
                replacedActions.append((handled.number, replaced))
            }
        }
        // SIGCONT does nothing by default; it is watched to take the terminal back after `fg`.
        installRecordingHandler(SIGCONT)
        isInstalled = true
    }

    /// `recordSignal` for `number`, restarting the calls it interrupts.
    private func installRecordingHandler(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = recordSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// Puts back what the stop signals' handlers replaced, once the terminal is restored. The
    /// other handlers stay until the process ends, which is straight after: a second Ctrl-C
    /// while the state is saved is recorded and changes nothing, and a write to a closed pipe
    /// fails rather than kills.
    public func uninstall() {
        guard isInstalled else { return }
        isInstalled = false
        for (number, action) in replacedActions {
            var previous = action
            sigaction(number, &previous, nil)
        }
        replacedActions = []
        wakeDescriptorForHandlers = -1
    }

    deinit {
        uninstall()
        close(wakeReadDescriptor)
        close(wakeWriteDescriptor)
    }

    /// Takes the signals that arrived since the last call. The first termination is also
    /// kept in `terminationSignal`.
    func take() -> Arrivals {
        let bits = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
        var arrivals = Arrivals()
        guard bits != 0 else { return arrivals }
        for handled in TerminalSignal.all where bits & (UInt64(1) << UInt64(handled.number)) != 0 {
            if handled.endsTheRun {
                if arrivals.termination == nil { arrivals.termination = handled }
            } else if arrivals.stop == nil {
                arrivals.stop = handled
            }
        }
        arrivals.continued = bits & (UInt64(1) << UInt64(SIGCONT)) != 0
        if terminationSignal == nil { terminationSignal = arrivals.termination }
        return arrivals
    }

    /// Whether a signal arrived that `take()` has not taken yet: one atomic load, cheap enough
    /// to ask between any two keys.
    var hasArrivals: Bool { pendingSignals.load(ordering: .sequentiallyConsistent) != 0 }

    /// Records `signalNumber` as its handler does, without sending it: for tests of the loop,
    /// whose process may not own its signals' handlers (a test runner, ncurses).
    func recordArrival(_ signalNumber: Int32) { recordSignal(signalNumber) }

    /// Empties the wake pipe after the loop woke.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadDescriptor, &buffer, buffer.count) > 0 {}
    }

    /// Stops the process with `signal`'s default action, as if the handler had not been there;
    /// returns once it is continued. The terminal must have been restored first.
    static func stopProcess(with signal: Int32) {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var ownAction = sigaction()
        sigaction(signal, &defaultAction, &ownAction)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
        raise(signal)
        // ... stopped until SIGCONT.
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        sigaction(signal, &ownAction, nil)
    }
}
