/// Something wrong with the stored purchases that the user must hear of, with what became of
/// them: the box's title says what happened, so "repaired" is said only after a repair.
public struct StorageProblem: Hashable, Sendable {
    /// What happened to the stored purchases.
    public enum Kind: Hashable, Sendable {
        /// The ledger was damaged, the original kept aside and a new ledger written of the
        /// lines that hold: a salvage happened.
        case repaired
        /// The ledger could not be read (not a regular file, too large, a failed system call):
        /// nothing was changed, and the purchases shown are those read before.
        case unreadable
        /// A purchase could not be written to the ledger.
        case unsaved
        /// A purchase was recorded and counts, but the disk did not confirm it will last.
        case unconfirmed
    }

    public var kind: Kind
    /// What went wrong and what to do, as said on stderr after the run.
    public var message: String

    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The title of the box that shows it.
    public var title: String {
        switch kind {
        case .repaired: return Messages.tr("Purchase records repaired")
        case .unreadable: return Messages.tr("Purchase records could not be read")
        case .unsaved: return Messages.tr("Purchase records could not be saved")
        case .unconfirmed: return Messages.tr("Purchase recorded, not confirmed")
        }
    }
}
