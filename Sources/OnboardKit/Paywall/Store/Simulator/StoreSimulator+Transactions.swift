import FoundationEssentials

extension StoreSimulator {
    /// A first transaction for buying `product` at `now`: a completed purchase, or with
    /// `.pending` an ask-to-buy request that grants nothing until approved.
    ///
    /// The introductory offer applies when the customer is eligible (never subscribed in the
    /// product's group); subscriptions get the end of their first period, and a season pass
    /// bought while one is still running starts where that one ends.
    mutating func newPurchase(of product: Product, state: LedgerTransaction.State, in context: StoreContext)
        -> LedgerTransaction
    {
        let now = context.now
        // A lapsed subscriber gets the product's win-back offer, as the App Store's purchase
        // sheet offers it.
        let lifecycle = StoreLifecycle(catalog: context.catalog, calendar: context.calendar)
        if let winBack = lifecycle.winBackOffer(for: product, in: context) {
            var transaction = lifecycle.purchase(
                of: product, offer: winBack, in: context, id: nextTransactionID(avoiding: context.ledger))
            if state == .pending {
                transaction.state = .pending
                transaction.expiresDate = nil
                transaction.willRenew = false
            }
            return transaction
        }
        let offer = product.introductoryOffer.flatMap {
            EntitlementResolver.isEligibleForIntroductoryOffer(
                product, catalog: context.catalog, ledger: context.ledger)
                ? EntitlementResolver.ledgerOffer(for: $0) : nil
        }
        var expiresDate: Date?
        if state == .purchased {
            var start = now
            if product.type == .nonRenewing,
                case .active(let until, _) = EntitlementResolver.state(ofProduct: product.id, in: context)
            {
                start = max(now, until)
            }
            expiresDate = EntitlementResolver.firstPeriodEnd(
                of: product, offer: offer, from: start, calendar: context.calendar)
        }
        return LedgerTransaction(
            id: nextTransactionID(avoiding: context.ledger), productID: product.id, purchaseDate: now,
            expiresDate: expiresDate,
            offer: offer, state: state, willRenew: state == .purchased && product.type == .autoRenewable)
    }

    /// "T" and 16 hex digits from the seeded generator: the same seed gives the same IDs, and
    /// an ID already in the ledger (from an earlier run with the same seed) is skipped.
    mutating func nextTransactionID(avoiding ledger: Ledger) -> String {
        let taken = Set(ledger.transactions.map(\.id))
        while true {
            let id = "T" + String(zeroPadded: generator.next(), radix: 16, width: 16, uppercase: true)
            if !taken.contains(id) { return id }
        }
    }
}
