import FoundationEssentials

/// The paywall's entitlements, worked out again only when they may have changed: when the
/// ledger changes, or when the simulated clock passes the snapshot's `validUntil`. The clock
/// runs on every frame; renewals and expiries happen a few times a simulated month.
public struct EntitlementCache: Sendable {
    public private(set) var snapshot: EntitlementSnapshot
    /// How many times the entitlements were worked out, so tests can tell the cache works.
    public private(set) var computations = 1

    public init(_ context: StoreContext) {
        snapshot = EntitlementSnapshot(context)
    }

    /// Takes a new simulated date with the same ledger: works out again only past `validUntil`.
    public mutating func clockMoved(_ context: StoreContext) {
        guard !snapshot.holds(at: context.now) else { return }
        recompute(context)
    }

    /// The ledger changed: works everything out again.
    public mutating func ledgerChanged(_ context: StoreContext) {
        recompute(context)
    }

    private mutating func recompute(_ context: StoreContext) {
        snapshot = EntitlementSnapshot(context)
        computations += 1
    }
}
