import OnboardKit

/// What `LedgerFile.record(wait:gate:planning:)` did.
public enum PlannedRecord: Sendable {
    /// The step planned under the lock is committed; `ledger` is the ledger with it.
    /// `unconfirmed` is set when the disk did not confirm that the commit will survive a power
    /// cut: it counts for every reader all the same.
    case saved(LifecycleStep, ledger: Ledger, unconfirmed: SystemCallError?)
    /// The store refused the step against the ledger as it stands; nothing was written.
    case refused(LifecycleRefusal, ledger: Ledger)
    /// Another process held the lock past `wait`; nothing was written.
    case busy
}

extension LedgerFile {
    /// Plans a step with `plan` from the ledger read under the lock, and records it under that
    /// same lock when the store agrees: what SQLite's `BEGIN IMMEDIATE` gives a read-then-write.
    /// A step planned from a ledger read before the lock could act on a subscription another
    /// process has changed since (both a cancel and a resolve recorded); planned here, every
    /// precondition is checked against what the step is written after. `gate` is asked too,
    /// as `record(_:gate:wait:)` asks it.
    public func record(
        wait: LockWait = .never, gate: PurchaseGate, planning plan: (Ledger) -> Result<LifecycleStep, LifecycleRefusal>
    ) throws(LedgerError) -> PlannedRecord {
        guard let lock = try tryLock(wait: wait) else { return .busy }
        defer { lock.unlock() }
        let contents = try readLocked()
        var ledger = Ledger(contents.transactions)
        let step: LifecycleStep
        switch plan(ledger) {
        case .success(let planned): step = planned
        case .failure(let refusal): return .refused(refusal, ledger: ledger)
        }
        if let notice = gate.refusal(of: step.transaction, in: ledger) {
            return .refused(LifecycleRefusal(.notAllowed, notice.message), ledger: ledger)
        }
        let line = try LedgerLine.encode(step.transaction)
        ledger.append(step.transaction)
        do throws(LedgerError) {
            try appendLocked(line, after: contents)
        } catch {
            if case .unconfirmed(let failure, _) = error { return .saved(step, ledger: ledger, unconfirmed: failure) }
            throw error
        }
        return .saved(step, ledger: ledger, unconfirmed: nil)
    }
}
