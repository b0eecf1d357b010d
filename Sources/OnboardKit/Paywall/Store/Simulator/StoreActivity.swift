/// What the store did that a host's event stream tells (`TourEvent`): kept by the store as it
/// happens (`StoreSimulator.takeActivity()`), apart from the `StoreEvent`s the shell must act
/// on, so that telling it changes nothing the store returns.
///
/// Every `purchaseStarted` is followed by exactly one `purchaseFinished` or `purchaseFailed`
/// for the same package, unless the run ends first.
public enum StoreActivity: Hashable, Sendable {
    case purchaseStarted(Package)
    /// The transaction reached the ledger.
    case purchaseFinished(Package, LedgerTransaction)
    case purchaseFailed(Package, TourEvent.PurchaseFailure, message: String?)
    case restoreStarted
    case restoreFinished(StoreSimulator.CompletedRestore)
}
