import OnboardKit

/// Why the ledger could not be read or written, with what to do about it.
public enum LedgerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A line (not a torn last one) failed its checksum or did not decode. The original was
    /// preserved and a new ledger of the lines that hold was written in its place.
    case damaged(path: String, line: Int, reason: String, salvage: LedgerSalvage)
    /// The ledger is damaged, and could not be salvaged because its state directory cannot be
    /// written. Left as it is.
    case damagedInPlace(path: String, line: Int, reason: String, because: SystemCallError)
    /// The purchase was committed and every reader counts it, but syncing the commit failed, so
    /// the disk did not confirm it will survive a power cut. `ledger` is the ledger with it.
    case unconfirmed(SystemCallError, Ledger)
    /// The ledger holds as much as tui-onboard writes; nothing more is recorded.
    case full(path: String, size: Int, limit: Int)
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
        case .unreadable, .io, .busy, .damagedInPlace: return StorageProblem(.unreadable, message: description)
        case .unencodable, .full: return StorageProblem(.unsaved, message: description)
        case .unconfirmed: return StorageProblem(.unconfirmed, message: description)
        }
    }

    public var description: String {
        switch self {
        case let .damagedInPlace(path, line, reason, failure):
            return "the purchase ledger \(SafeText.sanitize(path)) is damaged\(Self.place(line)) "
                + "(\(SafeText.sanitize(reason))); it was left as it is, since its directory cannot be written "
                + "(\(failure.reason)). Nothing can be bought until a run that can write there keeps what can be kept."
        case let .unconfirmed(failure, _):
            return "the purchase was recorded, but the disk did not confirm it was saved (\(failure)); "
                + "if it is missing later, restore purchases"
        case let .damaged(path, line, reason, salvage):
            // The verbs agree with the counts: "the 1 record whose checksum holds was kept".
            let kept: String
            switch salvage.kept {
            case 0: kept = "no record's checksum holds, so the new ledger is empty,"
            case 1: kept = "the 1 record whose checksum holds was kept in a new ledger"
            default: kept = "the \(salvage.kept) records whose checksums hold were kept in a new ledger"
            }
            let dropped = salvage.dropped == 1 ? "1 damaged line was" : "\(salvage.dropped) damaged lines were"
            return "the purchase ledger \(SafeText.sanitize(path)) was damaged\(Self.place(line)) "
                + "(\(SafeText.sanitize(reason))). The original was kept at \(SafeText.sanitize(salvage.preservedAt)); "
                + "\(kept) and \(dropped) left out. "
                + "Restore purchases to see what is active, and keep the original for support."
        case let .full(path, size, limit):
            return "the purchase ledger \(SafeText.sanitize(path)) holds \(ByteCount.text(size)), the most tui-onboard "
                + "records (\(ByteCount.text(limit))), so nothing more can be bought; `tui-onboard reset --purchases` "
                + "moves it aside, keeping it whole"
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

    /// " at line N", or nothing for damage in the commit record rather than a line.
    static func place(_ line: Int) -> String { line > 0 ? " at line \(line)" : "" }
}
