import FoundationEssentials

/// Whether a transaction may still be recorded, judged against the ledger as it stands on
/// disk at the moment of writing.
///
/// The shell asks it while holding the ledger's lock, between reading the ledger and appending
/// to it, so that two instances finishing the same purchase at once cannot both record it: the
/// second finds the first's line and is refused. The simulated store asks the same question
/// before it starts a purchase, from the ledger it knows.
public struct PurchaseGate: Sendable {
    public let catalog: Catalog
    public let calendar: Calendar

    public init(catalog: Catalog, calendar: Calendar) {
        self.catalog = catalog
        self.calendar = calendar
    }

    /// Why `transaction` must not be recorded on top of `ledger`, or nil when it may be.
    /// Its own purchase date is the moment it is judged at.
    public func refusal(of transaction: LedgerTransaction, in ledger: Ledger) -> StoreSimulator.Notice? {
        if ledger.transaction(id: transaction.id) != nil {
            return .failed(reason: "Another purchase was recorded under the same transaction ID. Nothing was bought.")
        }
        switch transaction.state {
        case .purchased where transaction.appliesTo == nil, .pending:
            guard let product = catalog.products[transaction.productID] else { return nil }
            return refusal(ofBuying: product, in: ledger, at: transaction.purchaseDate)
        case .approved, .declined:
            // An answer to an ask-to-buy request counts once: a second answer (from another
            // instance) would approve the same request twice.
            guard let request = transaction.appliesTo,
                !ledger.pendingTransactions.contains(where: { $0.id == request })
            else { return nil }
            let name = catalog.products[transaction.productID]?.localizedTitle ?? transaction.productID
            return .alreadyAnswered(productName: name)
        default:
            return nil
        }
    }

    /// Why `product` cannot be bought at `now` given `ledger`: already owned, a subscription of
    /// its group already active, or a request for it still waiting for approval.
    ///
    /// Every recorded transaction counts here, even one dated after `now`: instances started
    /// with `--now` a moment apart have clocks a moment apart, and the one behind must not sell
    /// again what the one ahead recorded (entitlements still count a purchase only from its date).
    public func refusal(ofBuying product: Product, in ledger: Ledger, at now: Date) -> StoreSimulator.Notice? {
        let context = StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar)
        let records = PurchaseRecords(everythingRecordedIn: ledger)
        switch product.type {
        case .consumable, .nonRenewing:
            return nil
        case .nonConsumable:
            if EntitlementResolver.access(toProduct: product.id, records: records, in: context)?.state == .lifetime {
                return .alreadyOwned
            }
        case .autoRenewable:
            let active = EntitlementResolver.activeSubscription(for: product, records: records, in: context)
            if active != nil { return .alreadySubscribed }
        }
        // A second request while one waits could end in two approved purchases.
        if EntitlementResolver.hasPendingRequest(for: product, catalog: catalog, ledger: ledger) {
            return .awaitingApproval(productName: product.localizedTitle)
        }
        return nil
    }
}
