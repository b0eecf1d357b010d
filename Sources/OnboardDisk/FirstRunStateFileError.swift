import OnboardKit

/// Why the first-run state could not be read or written, with what to do about it.
public enum FirstRunStateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state file did not parse or decode; it was moved to `movedTo`, so the next start
    /// treats every app as new.
    case corrupt(path: String, reason: String, movedTo: String)
    /// A file system call failed.
    case io(SystemCallError)
    /// The state could not be turned into JSON.
    case unencodable(reason: String)
    /// Another process kept the state locked for longer than this one would wait.
    case busy(lockPath: String)

    public var description: String {
        switch self {
        case let .corrupt(path, reason, movedTo):
            return "the onboarding state \(SafeText.sanitize(path)) is unreadable (\(SafeText.sanitize(reason))). "
                + "It was moved to \(SafeText.sanitize(movedTo)); onboarding will show again as on a first run. "
                + "Delete the moved file once it is no longer needed."
        case let .io(failure):
            return "onboarding state: \(failure)"
        case let .unencodable(reason):
            return "could not save the onboarding state: \(reason)"
        case let .busy(lockPath):
            return "another tui-onboard kept the onboarding state locked (\(SafeText.sanitize(lockPath))) for over "
                + "\(Int(LockWait.patienceSeconds)) seconds; try again once it has finished"
        }
    }
}
