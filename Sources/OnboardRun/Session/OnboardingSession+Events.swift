import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// The run's event stream (`settings.eventsPath`; docs/events.md).
extension OnboardingSession {
    /// The stream for a run that shows `pageIndexes` of the deck, or nil without a path. A
    /// file that cannot be opened is said and stops the run with 74, before the terminal is
    /// touched; `-` holds the lines until the terminal is restored.
    func openEvents(mode: RunMode, pageIndexes: [Int]) -> Result<TourEventLog?, SessionStop> {
        guard let path = settings.eventsPath else { return .success(nil) }
        let context = TourEventContext(
            run: Self.runID(), mode: mode, pageIndexes: pageIndexes, assignments: deck.assignments)
        if path == "-" { return .success(TourEventLog(destination: .memory, context: context)) }
        do {
            let file = try EventFile.open(path)
            return .success(TourEventLog(destination: .file(file, path: SafeText.sanitize(path)), context: context))
        } catch {
            say(error.description)
            return .failure(SessionStop(exitCode: ExitCode.ioError))
        }
    }

    /// Once the terminal is restored: what went wrong writing the events, and for `-` the held
    /// lines on stdout, one write each. Neither changes the exit code: the stream is the host's
    /// side channel, and a gate's answer must stay the entitlement's.
    func deliverHeldEvents(_ events: TourEventLog) {
        if let problem = events.problem { say(problem) }
        guard settings.eventsPath == "-" else { return }
        let output = EventFile(borrowing: STDOUT_FILENO)
        events.writeHeldLines(to: output)
        if let problem = TourEventLog.problem(of: output, path: "standard output") { say(problem) }
    }

    /// 16 hex digits from the system's generator: tells one run's lines from another's.
    static func runID() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(zeroPadded: generator.next() as UInt64, radix: 16, width: 16)
    }
}
