/// The purchase history in the order it was recorded, with the queries that entitlement
/// derivation builds on.
///
/// "Latest" always means most recently recorded: the store appends under an exclusive lock, so
/// recording order is a single total order even with several processes writing.
public struct Ledger: Hashable, Sendable {
    public private(set) var transactions: [LedgerTransaction]

    public init(_ transactions: [LedgerTransaction] = []) { self.transactions = transactions }

    public var isEmpty: Bool { transactions.isEmpty }
    public var count: Int { transactions.count }

    public mutating func append(_ transaction: LedgerTransaction) { transactions.append(transaction) }

    /// The first recorded transaction with this identifier.
    public func transaction(id: String) -> LedgerTransaction? {
        transactions.first { $0.id == id }
    }

    /// Every transaction of one purchase (first purchase, renewals, follow-up events), in
    /// recording order.
    public func history(forOriginal originalID: String) -> [LedgerTransaction] {
        transactions.filter { $0.originalID == originalID }
    }

    /// The most recently recorded transaction of one purchase.
    public func latestTransaction(forOriginal originalID: String) -> LedgerTransaction? {
        transactions.last { $0.originalID == originalID }
    }

    /// Every transaction for one product, in recording order.
    public func transactions(for productID: String) -> [LedgerTransaction] {
        transactions.filter { $0.productID == productID }
    }

    /// The distinct purchases (original IDs) of one product, in order of first appearance.
    public func originalIDs(for productID: String) -> [String] {
        var seen = Set<String>()
        return transactions.compactMap { transaction in
            guard transaction.productID == productID, seen.insert(transaction.originalID).inserted else { return nil }
            return transaction.originalID
        }
    }

    /// Ask-to-buy requests that no later approval or decline has settled yet.
    public var pendingTransactions: [LedgerTransaction] {
        let settled = Set(transactions.lazy.filter(\.resolvesPending).compactMap(\.appliesTo))
        return transactions.filter { $0.state == .pending && !settled.contains($0.id) }
    }

    /// True when a later refund or revocation names this transaction.
    public func isWithdrawn(_ transactionID: String) -> Bool {
        transactions.contains { $0.withdrawsAccess && $0.appliesTo == transactionID }
    }

    /// The most recently recorded transaction of one purchase that grants access and has not
    /// been withdrawn: the current period of a subscription, or a one-time purchase.
    public func latestGrant(forOriginal originalID: String) -> LedgerTransaction? {
        let withdrawn = Set(transactions.lazy.filter(\.withdrawsAccess).compactMap(\.appliesTo))
        return transactions.last { $0.originalID == originalID && $0.grantsAccess && !withdrawn.contains($0.id) }
    }

    /// Whether a subscription will renew when its current period ends: the latest grant's
    /// `willRenew`, unless auto-renew was turned off after that grant was recorded and not
    /// turned on again since.
    public func willRenew(forOriginal originalID: String) -> Bool {
        guard let grantIndex = transactions.lastIndex(where: { $0.originalID == originalID && $0.grantsAccess }),
            transactions[grantIndex].willRenew
        else { return false }
        let lastSwitch = transactions[(grantIndex + 1)...].last {
            $0.originalID == originalID && ($0.state == .renewalCancelled || $0.state == .renewalResumed)
        }
        return lastSwitch?.state != .renewalCancelled
    }
}
