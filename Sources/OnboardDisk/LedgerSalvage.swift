/// What was saved of a damaged ledger: the lines whose checksums hold were kept in a new
/// ledger, and the damaged file was preserved whole beside it.
public struct LedgerSalvage: Hashable, Sendable {
    /// Records kept in the new ledger.
    public var kept: Int
    /// Damaged lines of which nothing could be kept.
    public var dropped: Int
    /// Where the damaged original now is.
    public var preservedAt: String

    public init(kept: Int, dropped: Int, preservedAt: String) {
        self.kept = kept
        self.dropped = dropped
        self.preservedAt = preservedAt
    }
}
