/// What the shell answers when asked to record a transaction (`Effect.record`).
public enum RecordResult: Hashable, Sendable {
    /// The transaction is on disk, synced. `ledger` is the ledger as it now stands, with what
    /// other instances recorded meanwhile.
    case saved(Ledger)
    /// The ledger on disk already holds what makes this transaction wrong (another instance
    /// bought the product first); nothing was written. `ledger` is the ledger as it stands.
    case refused(StoreSimulator.Notice, Ledger)
    /// Another process holds the ledger's lock; nothing was written yet. The store asks again.
    case busy
    /// Nothing was written: the disk refused, or the ledger was found damaged.
    case failed(String)
}
