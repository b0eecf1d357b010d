import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// The table of signals the app answers: which ones, how each reaches it, and how the process
/// ends. The tmux end-to-end tests send every one of them to the built app.
struct TerminalSignalTests {
    /// Every signal whose default action ends or stops a process, but SIGKILL and SIGSTOP.
    static let endingOrStopping = [
        "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM",
        "STKFLT", "XCPU", "XFSZ", "VTALRM", "PROF", "IO", "PWR", "SYS", "TSTP", "TTIN", "TTOU",
    ]

    @Test func everySignalThatEndsOrStopsTheProcessIsHandledOnce() {
        #expect(Set(TerminalSignal.all.map(\.name)) == Set(Self.endingOrStopping))
        #expect(TerminalSignal.all.count == Self.endingOrStopping.count)
        #expect(Set(TerminalSignal.all.map(\.number)).count == TerminalSignal.all.count)
        for left in [SIGKILL, SIGSTOP, SIGCONT, SIGWINCH, SIGCHLD, SIGURG] {
            #expect(TerminalSignal.numbered(left) == nil, "signal \(left)")
        }
    }

    @Test(
        "the documented exit codes stay",
        arguments: [(SIGINT, Int32(130), TourEnding.interrupted), (SIGTERM, 143, .terminated), (SIGHUP, 129, .hangup)])
    func documentedExitCodes(signal: Int32, status: Int32, outcome: TourEnding) throws {
        let handled = try #require(TerminalSignal.numbered(signal))
        #expect(handled.response == .exit(status: status))
        #expect(handled.shellStatus == status)
        #expect(handled.outcome == outcome)
    }

    @Test func everyOtherEndingSignalIsPassedOnByDyingOfIt() {
        let documented: Set<Int32> = [SIGINT, SIGTERM, SIGHUP]
        let stops: Set<Int32> = [SIGTSTP, SIGTTIN, SIGTTOU]
        for handled in TerminalSignal.all where !documented.contains(handled.number) {
            let expected: TerminalSignal.Response = stops.contains(handled.number) ? .suspend : .dieOfSignal
            #expect(handled.response == expected, "\(handled)")
            #expect(handled.shellStatus == 128 + handled.number, "\(handled)")
        }
    }

    @Test func howEachSignalArrives() {
        for handled in TerminalSignal.all {
            let expected: TerminalSignal.Delivery
            switch handled.number {
            case SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS:
                // Raised by the running code itself: the loop will never run again.
                expected = .crashGuard
            case SIGTSTP, SIGTTIN, SIGTTOU:
                // A background job must stop at once, not retry tcsetattr into SIGTTOU forever.
                expected = .stopHandler
            default:
                // Recorded for the loop, which restores the terminal.
                expected = .recordingHandler
            }
            #expect(handled.delivery == expected, "\(handled)")
        }
    }

    @Test func theCrashResetTurnsOffEveryModeTheSessionTurnsOn() {
        let reset = CrashGuard.resetSequence
        let modes = [
            "\u{1B}[?1000l", "\u{1B}[?1002l", "\u{1B}[?1003l", "\u{1B}[?1006l", "\u{1B}[?1l", "\u{1B}>", "\u{1B}[0m",
            "\u{1B}[?25h", "\u{1B}[?1049l", TerminalSession.bracketedPasteOff, TerminalSession.dragTrackingOff,
            TerminalSession.explicitDirectionOff,
        ]
        for mode in modes {
            #expect(reset.contains(mode), "\(mode.debugDescription) is missing")
        }
        // Left last, so that everything before it reaches the screen the user keeps.
        #expect(reset.hasSuffix("\u{1B}[?1049l\r\n"))
    }
}
