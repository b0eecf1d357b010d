import FoundationEssentials

/// The ledger as it stands at one moment, grouped by purchase, built once per question so that
/// deriving every entitlement does not scan the whole ledger for each product.
///
/// Only transactions that have happened by that moment count (`LedgerTransaction.hasHappened`):
/// a purchase, refund or cancellation dated later, or dated absurdly, is left out, so the
/// ledger read at a date says what the customer had then.
///
/// A purchase is every transaction sharing an original ID. A follow-up event (approval,
/// refund) joins the purchase of the transaction it names in `appliesTo`, whatever original
/// ID it carries, so a refund recorded without one still finds its purchase.
struct PurchaseRecords {
    /// One purchase's transactions in recording order.
    struct Purchase {
        var originalID: String
        /// The product of the purchase's first transaction.
        var productID: String
        var transactions: [LedgerTransaction]
    }

    /// Purchases by product, each list in order of first appearance.
    private(set) var purchasesByProduct: [String: [Purchase]] = [:]
    /// The earliest date after the moment at which a transaction left out happens: from then
    /// on the answers may differ. Nil when none is dated later.
    private(set) var nextTransactionDate: Date?

    /// The ledger at `now`: what has happened by then.
    init(_ ledger: Ledger, at now: Date) {
        self.init(ledger, counting: { $0.hasHappened(by: now) })
    }

    /// Every transaction recorded with meaningful dates, whatever its date: what the gate
    /// against selling twice judges by, since a purchase recorded by an instance whose
    /// simulated clock runs ahead is still a purchase.
    init(everythingRecordedIn ledger: Ledger) {
        self.init(ledger, counting: \.hasMeaningfulDates)
    }

    private init(_ ledger: Ledger, counting counts: (LedgerTransaction) -> Bool) {
        var groupOfTransaction: [String: String] = [:]
        var positionOfGroup: [String: (productID: String, index: Int)] = [:]
        for transaction in ledger.transactions {
            guard counts(transaction) else {
                if transaction.hasMeaningfulDates {
                    nextTransactionDate = min(nextTransactionDate ?? transaction.purchaseDate, transaction.purchaseDate)
                }
                continue
            }
            let group = transaction.appliesTo.flatMap { groupOfTransaction[$0] } ?? transaction.originalID
            if groupOfTransaction[transaction.id] == nil { groupOfTransaction[transaction.id] = group }
            if let position = positionOfGroup[group] {
                purchasesByProduct[position.productID]![position.index].transactions.append(transaction)
            } else {
                let purchase = Purchase(
                    originalID: group, productID: transaction.productID, transactions: [transaction])
                purchasesByProduct[transaction.productID, default: []].append(purchase)
                positionOfGroup[group] = (transaction.productID, purchasesByProduct[transaction.productID]!.count - 1)
            }
        }
    }

    func purchases(of productID: String) -> [Purchase] { purchasesByProduct[productID] ?? [] }
}
