import FoundationEssentials
import OnboardKit

/// How an onboarding session ended, for the host to act on and (the executable's
/// `--result-json`) to write down.
public struct OnboardingOutcome {
    /// The documented exit code (`ExitCode`): 0 seen or skipped, 1 a gate left shut, 130 and the
    /// like for signals, 65 and 74 for bad data and files (said on the session's error stream).
    public var exitCode: Int32
    /// The run's record as the result JSON has it; nil when the session stopped before it
    /// decided anything (a bad catalog, a bad config file).
    public var result: RunResult?
    /// The first-run state of the run, with the problems not said yet (`unsaidProblems()`).
    public var firstRun: FirstRunRun?
    /// How the tour on the terminal went, when one ran.
    public var report: TourReport?
    /// A signal the run ended by that has no exit code of its own: the host should die of it
    /// (`TerminalSignal.dieOf`) once it has written what it writes, as a shell expects.
    public var signalToDieOf: Int32?
    /// When the session started, for the result's duration.
    public var started: Date
    /// Why the terminal could not be used (not a terminal, two terminals), when that stopped
    /// the tour: a host may go on without it, as a pipe or a cron job would.
    public var terminalFailure: TourRun.Failure?

    static func stopped(_ stop: SessionStop, started: Date) -> OnboardingOutcome {
        OnboardingOutcome(exitCode: stop.exitCode, started: started)
    }

    init(
        exitCode: Int32, result: RunResult? = nil, firstRun: FirstRunRun? = nil, report: TourReport? = nil,
        signalToDieOf: Int32? = nil, started: Date
    ) {
        self.exitCode = exitCode
        self.result = result
        self.firstRun = firstRun
        self.report = report
        self.signalToDieOf = signalToDieOf
        self.started = started
    }
}
