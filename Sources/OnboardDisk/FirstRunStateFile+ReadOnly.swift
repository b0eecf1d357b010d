import FoundationEssentials
import OnboardKit

extension FirstRunStateFile {
    /// The saved state as it is on disk, for commands that only look (`status`, `has`).
    ///
    /// Takes no lock and writes nothing: a save replaces the file by a rename, so a reader
    /// sees the old state or the new one, never half of each; and a damaged file is reported,
    /// not moved aside, since repairing it is the business of a run.
    public func loadWithoutRepair() throws(FirstRunReadError) -> FirstRunState {
        let contents: [UInt8]?
        do {
            contents = try POSIXFile.readFile(statePath, limit: Self.maximumSize)
        } catch {
            let problem: Problem
            do {
                problem = try Self.problem(with: error)
            } catch {
                throw .io(error)
            }
            throw .damaged(path: statePath, reason: problem.reason)
        }
        guard let contents else { return FirstRunState() }
        switch Self.decode(Data(contents)) {
        case .success(let state): return state
        case .failure(let problem): throw .damaged(path: statePath, reason: problem.reason)
        }
    }
}

/// Why the first-run state could not be read by a command that only looks; nothing was changed.
public enum FirstRunReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state file does not parse, or is not a file a save could have written. Left as it is.
    case damaged(path: String, reason: String)
    /// A file system call failed.
    case io(SystemCallError)

    public var description: String {
        switch self {
        case let .damaged(path, reason):
            return "the onboarding state \(SafeText.sanitize(path)) is unreadable (\(SafeText.sanitize(reason))); "
                + "it was left as it is (the next `tui-onboard --first-run` moves it aside)"
        case let .io(failure):
            return "onboarding state: \(failure)"
        }
    }
}
