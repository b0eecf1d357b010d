import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// The first-run state through one run: loaded once at the start, changed once at the end,
/// and what went wrong on the way, for stderr and the result JSON. Nothing here stops the
/// tour: a damaged file is set aside, a state that cannot be saved is a warning, and a state
/// directory that may not be used (`StateDirectory.refusal`) is left alone, said once.
public final class FirstRunRun {
    public let store: FirstRunStateFile
    /// Messages for the user, each said once on stderr once the terminal is ours again.
    public private(set) var problems: [String] = []
    private var said = 0
    /// False once a needed write failed, and from the start for a state left alone.
    public private(set) var isSaved = true
    /// True when the state directory may not be used: nothing is read or written there.
    public let leavesStateAlone: Bool

    /// The state in `stateDirectory`; with `refusal` (why that directory may not be used) it
    /// is neither read nor written, and the run is a first launch that saves nothing.
    public init(stateDirectory: String, refusal: String? = nil) {
        store = FirstRunStateFile(directory: stateDirectory)
        leavesStateAlone = refusal != nil
        if let refusal {
            problems.append("\(refusal). The tour is shown without reading or saving its state")
            isSaved = false
        }
    }

    /// The stored state; a damaged one (moved aside) or one that cannot be read counts as a
    /// first launch, with a message.
    public func loadState() -> FirstRunState {
        if leavesStateAlone { return FirstRunState() }
        do {
            return try store.load()
        } catch {
            problems.append(error.description)
            return FirstRunState()
        }
    }

    /// Applies what the run did to the state on disk, under the store's lock, so an instance
    /// finishing at the same moment keeps its record too.
    public func save(_ visit: FirstRunVisit) {
        // Runs that change nothing (already seen, interrupted) never write: a state directory
        // that cannot be written is then no problem at all.
        let writes: Bool
        switch visit.outcome {
        case .completed, .skipped, .quit: writes = true
        case .interrupted: writes = visit.reviewShown
        case .notShown: writes = visit.reason == .noNewPages
        }
        guard writes, !leavesStateAlone else { return }
        do {
            try store.update { (state: inout FirstRunState) -> Bool in state.apply(visit) }
        } catch {
            isSaved = false
            problems.append("the onboarding state was not saved, so it may show again next time: \(error.description)")
        }
    }

    /// Notes the catalog `appID`'s deck names (an absolute path) so `has` and `status` answer for
    /// the app by `--app` alone, without writing what its user has seen: for a paywall gate,
    /// which shows no tour. The state is read first and written, under its lock, only when the
    /// catalog is new; a damaged state is left for the next tour to repair, and a state that
    /// cannot be written is a problem to say, as a tour's is.
    public func rememberCatalog(_ path: String, forApp appID: String) {
        guard let state = try? store.loadWithoutRepair(), state.catalogPath(forApp: appID) != path else { return }
        do {
            try store.update { (state: inout FirstRunState) -> Bool in state.rememberCatalog(path, forApp: appID) }
        } catch {
            problems.append(
                "the app's catalog was not remembered, so `has --app \(SafeText.excerpt(appID))` cannot answer "
                    + "without --deck: \(error.description)")
        }
    }

    /// Keeps `assigned` as `appID`'s experiment assignments where none is kept yet, when a tour
    /// starts showing them; a state that cannot be written is a problem to say, as a tour's is.
    public func keepAssignments(_ assigned: [String: String], forApp appID: String) {
        guard !assigned.isEmpty, !leavesStateAlone else { return }
        if let state = try? store.loadWithoutRepair(),
            assigned.allSatisfy({ state.assignments(forApp: appID)[$0.key] != nil })
        {
            return
        }
        do {
            try store.update { (state: inout FirstRunState) -> Bool in state.keepAssignments(assigned, appID: appID) }
        } catch {
            isSaved = false
            problems.append("the experiment assignments were not saved: \(error.description)")
        }
    }

    /// The start of `appID`'s countdowns: the one kept, else `now`, kept from now on (a state
    /// that may not be written, or cannot be, gives `now`, and says the second).
    public func countdownStart(_ now: Date, forApp appID: String) -> Date {
        if let kept = try? store.loadWithoutRepair().countdownStart(forApp: appID) { return kept }
        guard !leavesStateAlone else { return now }
        do {
            let state = try store.update { (state: inout FirstRunState) -> Bool in
                state.keepCountdownStart(now, appID: appID)
            }
            return state.countdownStart(forApp: appID) ?? now
        } catch {
            problems.append("the paywall's countdown start was not saved: \(error.description)")
            return now
        }
    }

    /// The problems not handed out yet, for the caller to say on stderr, each once.
    public func unsaidProblems() -> [String] {
        defer { said = problems.count }
        return Array(problems.dropFirst(said))
    }
}
