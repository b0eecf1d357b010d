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

    public var description: String {
        switch self {
        case let .damaged(path, line, reason, salvage):
            // The verbs agree with the counts: "the 1 record whose checksum holds was kept".
            let kept: String
            switch salvage.kept {
            case 0: kept = "no record's checksum holds, so the new ledger is empty,"
            case 1: kept = "the 1 record whose checksum holds was kept in a new ledger"
            default: kept = "the \(salvage.kept) records whose checksums hold were kept in a new ledger"
            }
            let dropped = salvage.dropped == 1 ? "1 damaged line was" : "\(salvage.dropped) damaged lines were"
            return "the purchase ledger \(SafeText.sanitize(path)) was damaged at line \(line) "
                + "(\(SafeText.sanitize(reason))). The original was kept at \(SafeText.sanitize(salvage.preservedAt)); "
                + "\(kept) and \(dropped) left out. "
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
