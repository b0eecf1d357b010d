/// What the app's shell must do after a store operation; the core never writes files or
/// starts effects itself.
public enum StoreEvent: Hashable, Sendable {
    /// Append this transaction to the ledger.
    case record(LedgerTransaction)
    /// A purchase went through: fire the confetti.
    case celebrate
}
