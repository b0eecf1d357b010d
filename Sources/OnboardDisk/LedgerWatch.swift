import Glibc
import OnboardKit

/// A watch on the ledger file: when another instance appends to it, the app gets the new
/// ledger the next time it wakes, so the paywall shows what was bought elsewhere. (Selling
/// twice is prevented by `LedgerFile.record`, which decides under the lock.)
public final class LedgerWatch {
    public let store: LedgerFile
    /// Made at the first purchase: its calendar reads ICU's data.
    private lazy var gate: PurchaseGate = makeGate()
    private let makeGate: () -> PurchaseGate
    private var lastSeen: Fingerprint?
    /// Problems the user was shown in the app, said again on stderr once the terminal is back.
    public private(set) var reported: [String] = []

    public init(directory: String, gate: @escaping () -> PurchaseGate) {
        store = LedgerFile(directory: directory)
        makeGate = gate
        lastSeen = fingerprint()
    }

    /// The ledger, when the file changed since last seen. Never waits for the lock: when
    /// another process holds it, the file is looked at again on the next wake.
    public func changes() -> [Message] {
        // Taken before reading, so that a commit made while reading is seen on the next wake.
        let current = fingerprint()
        guard current != lastSeen else { return [] }
        do {
            let ledger = try store.load(wait: .never)
            lastSeen = current
            return [.ledgerChanged(ledger)]
        } catch {
            if case .busy = error { return [] }
            lastSeen = current
            return report(error)
        }
    }

    /// Records a transaction if the ledger on disk still allows it, deciding and writing
    /// under one lock.
    public func record(_ transaction: LedgerTransaction) -> [Message] {
        let result: RecordResult
        do {
            result = try store.record(transaction, gate: gate, wait: .never)
        } catch .unconfirmed(let failure, let ledger) {
            // It counts for every reader now: saying it failed would be the untrue answer.
            lastSeen = fingerprint()
            return [.recordFinished(transactionID: transaction.id, result: .saved(ledger))]
                + report(.unconfirmed(failure, ledger))
        } catch {
            lastSeen = fingerprint()
            return [.recordFinished(transactionID: transaction.id, result: .failed("\(error)"))]
                + report(error, showing: false)
        }
        lastSeen = fingerprint()
        return [.recordFinished(transactionID: transaction.id, result: result)]
    }

    /// Tells the user of a ledger problem: in a box in the app (unless the caller shows it
    /// already), on stderr after the run, and with the ledger as it now stands.
    private func report(_ error: LedgerError, showing: Bool = true) -> [Message] {
        reported.append("\(error)")
        var messages: [Message] = showing ? [.storageProblem(error.storageProblem)] : []
        if case .damaged = error, let ledger = try? store.load(wait: .never) {
            messages.append(.ledgerChanged(ledger))
        }
        return messages
    }

    /// The ledger's and its commit record's identity (inode, size and change time, which every
    /// write and rename moves): a purchase shows in the record, replaced by a rename after its line
    /// was appended, so both are watched.
    struct Fingerprint: Equatable {
        var ledger: [Int64]
        var commit: [Int64]
    }

    private func fingerprint() -> Fingerprint {
        Fingerprint(
            ledger: LedgerFile.identity(of: store.ledgerPath), commit: LedgerFile.identity(of: store.commitPath))
    }
}
