import FoundationEssentials
import Glibc
import OnboardKit

extension LedgerFile {
    /// Every whole transaction on disk, for commands that only look (`status`, `has`).
    ///
    /// Takes no lock, creates nothing and writes nothing, so it answers while another instance
    /// holds the lock and in a directory it may not write to. Only committed purchases count,
    /// as for `load`; any damage is reported and left for a run to salvage.
    public func loadWithoutRepair() throws(LedgerReadError) -> Ledger {
        let snapshot: Snapshot
        do {
            snapshot = try readUnlocked()
        } catch {
            switch error {
            case .unreadable(let failure): throw .unreadable(failure)
            case .io(let failure): throw .io(failure)
            default: throw .io(SystemCallError(operation: "read", path: ledgerPath, code: EIO))
            }
        }
        switch snapshot.parsed {
        case .success(let contents): return Ledger(contents.transactions)
        case .failure(let damage): throw .damaged(path: ledgerPath, line: damage.line, reason: damage.reason)
        }
    }

    /// Moves the ledger aside to `ledger.reset-<UTC time>.jsonl` under its lock, so that later
    /// runs start with no purchases and nothing bought is ever deleted. Returns the new path,
    /// or nil when there is no ledger.
    public func setAside(date: Date, wait: LockWait = .patiently) throws(LedgerError) -> String? {
        guard POSIXFile.exists(ledgerPath) else { return nil }
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(lockPath, wait: wait)
        } catch {
            throw .io(error)
        }
        guard let lock else { throw .busy(lockPath: lockPath) }
        defer { lock.unlock() }
        guard POSIXFile.exists(ledgerPath) else { return nil }
        do {
            return try CorruptFile.moveAside(ledgerPath, stem: "ledger", label: "reset", extension: "jsonl", date: date)
        } catch {
            throw .io(error)
        }
    }
}

/// Why the ledger could not be read by a command that only looks; nothing was changed.
public enum LedgerReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A line (not a torn last one) failed its checksum or did not decode. Left as it is.
    case damaged(path: String, line: Int, reason: String)
    /// The ledger is not a regular file, or is too large to be one tui-onboard wrote.
    case unreadable(FileReadFailure)
    /// A file system call failed.
    case io(SystemCallError)

    public var description: String {
        switch self {
        case let .damaged(path, line, reason):
            return "the purchase ledger \(SafeText.sanitize(path)) is damaged\(LedgerError.place(line)) "
                + "(\(SafeText.sanitize(reason))); it was left as it is, and the next tui-onboard run with a "
                + "paywall keeps what can be kept"
        case .unreadable(let failure):
            return "purchase ledger: \(failure)"
        case .io(let failure):
            return "purchase ledger: \(failure)"
        }
    }
}
