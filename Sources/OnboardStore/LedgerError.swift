import OnboardKit

/// Why the ledger could not be read or written, with what to do about it.
public enum LedgerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A recorded line (not a torn last one) failed its checksum or did not decode. The whole
    /// file was moved to `movedTo`; nothing was deleted.
    case corrupt(path: String, line: Int, reason: String, movedTo: String)
    /// A file system call failed.
    case io(SystemCallError)
    /// A transaction could not be turned into JSON (for example a date that is not finite).
    case unencodable(transactionID: String, reason: String)

    public var description: String {
        switch self {
        case let .corrupt(path, line, reason, movedTo):
            return "the purchase ledger \(SafeText.sanitize(path)) is damaged at line \(line) (\(reason)). "
                + "It was moved to \(SafeText.sanitize(movedTo)) so that no record is lost, and a new ledger "
                + "will be started; restore purchases to rebuild it, and keep the moved file for support."
        case let .io(failure):
            return "purchase ledger: \(failure)"
        case let .unencodable(transactionID, reason):
            return "could not record transaction \(SafeText.sanitize(transactionID)): \(reason)"
        }
    }
}
