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

    /// Purchases in order of first appearance.
    private(set) var purchases: [Purchase] = []
    /// For each product, the purchases that ever were or will be of it (a subscription changes
    /// product with a plan change), by position in `purchases`.
    private var purchasesByProduct: [String: [Int]] = [:]
    /// The earliest date after the moment at which a transaction left out happens: from then
    /// on the answers may differ. Nil when none is dated later.
    private(set) var nextTransactionDate: Date?

    /// The ledger at `now`: what has happened by then. With `catalog`, a plan change into
    /// another group does not count either (`LedgerOrder`).
    init(_ ledger: Ledger, at now: Date, catalog: Catalog?) {
        self.init(ledger, catalog: catalog, counting: { $0.hasHappened(by: now) })
    }

    /// Every transaction recorded with meaningful dates, whatever its date: what the gate
    /// against selling twice judges by, since a purchase recorded by an instance whose
    /// simulated clock runs ahead is still a purchase.
    init(everythingRecordedIn ledger: Ledger, catalog: Catalog?) {
        self.init(ledger, catalog: catalog, counting: \.hasMeaningfulDates)
    }

    /// Transactions recorded where no store could have (`LedgerOrder`) never count.
    private init(_ ledger: Ledger, catalog: Catalog?, counting counts: (LedgerTransaction) -> Bool) {
        var groupOfTransaction: [String: String] = [:]
        var positionOfGroup: [String: Int] = [:]
        var productsOfPurchase: [Set<String>] = []
        var order = LedgerOrder(catalog: catalog)
        for transaction in ledger.transactions {
            guard order.admit(transaction) == nil else { continue }
            guard counts(transaction) else {
                if transaction.hasMeaningfulDates {
                    nextTransactionDate = min(nextTransactionDate ?? transaction.purchaseDate, transaction.purchaseDate)
                }
                continue
            }
            let group = transaction.appliesTo.flatMap { groupOfTransaction[$0] } ?? transaction.originalID
            if groupOfTransaction[transaction.id] == nil { groupOfTransaction[transaction.id] = group }
            let position: Int
            if let known = positionOfGroup[group] {
                position = known
                purchases[position].transactions.append(transaction)
            } else {
                position = purchases.count
                purchases.append(
                    Purchase(originalID: group, productID: transaction.productID, transactions: [transaction]))
                positionOfGroup[group] = position
                productsOfPurchase.append([])
            }
            for productID in [transaction.productID, transaction.pendingProductID].compactMap({ $0 })
            where productsOfPurchase[position].insert(productID).inserted {
                purchasesByProduct[productID, default: []].append(position)
            }
        }
    }

    /// The purchases that involve `productID` (bought as it, or changed to or from it).
    func purchases(of productID: String) -> [Purchase] { positions(of: productID).map { purchases[$0] } }

    /// Where in `purchases` those are.
    func positions(of productID: String) -> [Int] { purchasesByProduct[productID] ?? [] }

    /// What the purchase at `position` gives at `context.now`, derived once per moment however
    /// many questions (each entitlement, each plan, each group) ask: on a ledger at its size
    /// limit a derivation of every purchase takes most of a second.
    func access(ofPurchaseAt position: Int, in context: StoreContext) -> PurchaseAccess? {
        if derived.moment != context.now {
            derived.moment = context.now
            derived.accesses = Array(repeating: nil, count: purchases.count)
        }
        if let known = derived.accesses[position] { return known }
        let access = PurchaseAccess.derive(
            purchases[position], catalog: context.catalog, now: context.now, calendar: context.calendar)
        derived.accesses[position] = .some(access)
        return access
    }

    /// The derivations made so far, for the one moment they were made at.
    private final class Derived {
        var moment: Date?
        var accesses: [PurchaseAccess??] = []
    }

    private let derived = Derived()
}
