import FoundationEssentials

/// Redeeming an offer code: once per customer, then bought like the offer it names.
extension StoreLifecycle {
    /// Redeems `code`, spaces around it ignored and its case too; a code is good once.
    func redeem(_ code: String, in context: StoreContext, id: String) throws(LifecycleRefusal) -> LifecycleStep {
        guard
            let offer = catalog.offerCode(
                String(String(code.drop { $0 == " " }.reversed()).drop { $0 == " " }.reversed()))
        else {
            throw LifecycleRefusal(
                .unknownName,
                Messages.tr(
                    "no offer code \"{{ code }}\": check the spelling (codes ignore case)",
                    ["code": SafeText.excerpt(code)]))
        }
        if let used = context.ledger.transactions.first(where: {
            $0.offerKind == SubscriptionOffer.Kind.code.rawValue
                && $0.offerID?.uppercased() == offer.id.uppercased()
        }) {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "the code {{ code }} was already redeemed on {{ date }}",
                    ["code": offer.id, "date": day(used.purchaseDate)]))
        }
        let product = try self.product(offer.productID)
        return try buy(product, offer: offer, in: context, id: id)
    }
}
