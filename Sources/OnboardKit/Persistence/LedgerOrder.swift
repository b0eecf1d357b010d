import FoundationEssentials

/// Transactions no store could have recorded where they stand in the ledger: an event dated
/// before the transaction it acts on, one that acts on or belongs to a transaction recorded
/// after it (or never), a plan change into another subscription group. Such a line may carry a
/// good checksum (written by hand, or by a tool that checksums what it is given); it never
/// grants, withdraws or changes anything, and `status` and `store transactions` name it.
///
/// Read in recording order, as the store appends: `admit` is asked of each transaction in turn.
/// A transaction refused is not known afterwards, so what acts on it is refused too.
public struct LedgerOrder {
    /// A transaction that does not count, and why.
    public struct Problem: Hashable, Sendable {
        public var transactionID: String
        /// 1 for the ledger's first transaction.
        public var position: Int
        public var reason: String
    }

    let catalog: Catalog?
    /// Each transaction admitted so far, by ID; the first of an ID counts.
    private var admitted: [String: LedgerTransaction] = [:]

    init(catalog: Catalog?) { self.catalog = catalog }

    /// Every transaction of `ledger` that does not count, in order.
    public static func problems(in ledger: Ledger, catalog: Catalog?) -> [Problem] {
        var order = LedgerOrder(catalog: catalog)
        var problems: [Problem] = []
        for (index, transaction) in ledger.transactions.enumerated() {
            if let reason = order.admit(transaction) {
                problems.append(Problem(transactionID: transaction.id, position: index + 1, reason: reason))
            }
        }
        return problems
    }

    /// Why `transaction`, recorded next, cannot be where it is; nil when it counts. Lines with
    /// dates out of range are left to `hasMeaningfulDates`.
    mutating func admit(_ transaction: LedgerTransaction) -> String? {
        guard transaction.hasMeaningfulDates else { return nil }
        var purchase: LedgerTransaction?
        if let target = transaction.appliesTo {
            guard let acted = earlier(target) else {
                return "it acts on \(SafeText.excerpt(target)), which is not recorded before it"
            }
            if transaction.purchaseDate < acted.purchaseDate {
                return
                    "it is dated \(RFC3339Date.text(of: transaction.purchaseDate)), before \(SafeText.excerpt(target)) "
                    + "(\(RFC3339Date.text(of: acted.purchaseDate))), which it acts on"
            }
            purchase = admitted[acted.originalID] ?? acted
        }
        if transaction.originalID != transaction.id {
            guard let original = admitted[transaction.originalID] else {
                return "it belongs to \(SafeText.excerpt(transaction.originalID)), which is not recorded before it"
            }
            if transaction.purchaseDate < original.purchaseDate {
                return "it is dated \(RFC3339Date.text(of: transaction.purchaseDate)), before "
                    + "\(SafeText.excerpt(transaction.originalID)) (\(RFC3339Date.text(of: original.purchaseDate))), which it belongs to"
            }
            purchase = original
        }
        if let purchase, let reason = productMismatch(transaction, of: purchase) { return reason }
        if admitted[transaction.id] == nil { admitted[transaction.id] = transaction }
        return nil
    }

    /// The transaction `id` names, recorded before: itself, or for a renewal's ID
    /// (`T….3`, which the store derives and never records) the grant it renews.
    private func earlier(_ id: String) -> LedgerTransaction? {
        if let found = admitted[id] { return found }
        guard let dot = id.lastIndex(of: "."), !id[id.index(after: dot)...].isEmpty,
            id[id.index(after: dot)...].allSatisfy(\.isASCIIDigit)
        else { return nil }
        return admitted[String(id[..<dot])]
    }

    /// Why `transaction` cannot be part of the purchase `original` began: a subscription stays
    /// in its group through plan changes, anything else stays its product. Products the catalog
    /// does not list are not judged here (they grant nothing anyway).
    private func productMismatch(_ transaction: LedgerTransaction, of original: LedgerTransaction) -> String? {
        guard let catalog, let first = catalog.products[original.productID] else { return nil }
        for productID in [transaction.productID, transaction.pendingProductID].compactMap({ $0 }) {
            guard let product = catalog.products[productID] else { continue }
            let fits =
                first.type == .autoRenewable
                ? product.type == .autoRenewable && product.subscriptionGroup == first.subscriptionGroup
                : product.id == first.id
            if !fits {
                return "it puts \(SafeText.excerpt(original.originalID)) (\(first.id)) on \(product.id), "
                    + (first.type == .autoRenewable
                        ? "which is not in its subscription group" : "which is another product")
            }
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
