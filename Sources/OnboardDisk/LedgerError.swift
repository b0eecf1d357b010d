import OnboardKit

/// Why the ledger could not be read or written, with what to do about it.
public enum LedgerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A line (not a torn last one) failed its checksum or did not decode. The original was
    /// preserved and a new ledger of the lines that hold was written in its place.
    case damaged(path: String, line: Int, reason: String, salvage: LedgerSalvage)
    /// The ledger is not a regular file, or is too large to be one tui-onboard wrote.
    case unreadable(FileReadFailure)
    /// A file system call failed.
    case io(SystemCallError)
    /// Another process kept the ledger locked for longer than this one would wait.
    case busy(lockPath: String)
    /// A transaction could not be turned into JSON (for example a date that is not finite).
    case unencodable(transactionID: String, reason: String)

    /// The problem as the app's box tells it: "repaired" only when a salvage happened.
    public var storageProblem: StorageProblem {
        switch self {
        case .damaged: return StorageProblem(.repaired, message: description)
        case .unreadable, .io, .busy: return StorageProblem(.unreadable, message: description)
        case .unencodable: return StorageProblem(.unsaved, message: description)
        }
    }

    public var description: String {
        switch self {
        case let .damaged(path, line, reason, salvage):
            let kept = salvage.kept == 1 ? "1 record" : "\(salvage.kept) records"
            let dropped = salvage.dropped == 1 ? "1 damaged line was" : "\(salvage.dropped) damaged lines were"
            return "the purchase ledger \(SafeText.sanitize(path)) was damaged at line \(line) "
                + "(\(SafeText.sanitize(reason))). The original was kept at \(SafeText.sanitize(salvage.preservedAt)); "
                + "the \(kept) whose checksums hold were kept in a new ledger and \(dropped) left out. "
                + "Restore purchases to see what is active, and keep the original for support."
        case .unreadable(let failure):
            return "purchase ledger: \(failure)"
        case .io(let failure):
            return "purchase ledger: \(failure)"
        case .busy(let lockPath):
            return "another tui-onboard kept the purchase ledger locked (\(SafeText.sanitize(lockPath))) for over "
                + "\(Int(LockWait.patienceSeconds)) seconds; try again once it has finished"
        case let .unencodable(transactionID, reason):
            return "could not record transaction \(SafeText.sanitize(transactionID)): \(reason)"
        }
    }
}
