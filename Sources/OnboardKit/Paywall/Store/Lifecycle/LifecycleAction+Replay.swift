import FoundationEssentials

extension LifecycleAction {
    /// The action that plans `transaction`, so that it can be planned again against the ledger
    /// as it stands under the lock: the paywall plans a step when the customer confirms and
    /// records it later, and another instance may have recorded something in between. Nil for
    /// what no lifecycle action records (a first purchase, an ask-to-buy answer): the purchase
    /// gate checks those itself.
    init?(replaying transaction: LedgerTransaction) {
        let product = transaction.productID
        switch transaction.state {
        case .renewalCancelled: self = .cancel(productID: product)
        case .renewalResumed: self = .uncancel(productID: product)
        case .planChangeCancelled: self = .keepPlan(productID: product)
        case .billingIssue: self = .billingIssue(productID: product)
        case .billingResolved: self = .resolve(productID: product)
        case .priceIncreaseAgreed: self = .answerPriceIncrease(productID: product, agree: true)
        case .priceIncreaseDeclined: self = .answerPriceIncrease(productID: product, agree: false)
        case .priceIncrease:
            guard let text = transaction.newPrice, let price = Decimal(string: text) else { return nil }
            self = .priceIncrease(productID: product, price: price, consent: transaction.requiresConsent ?? false)
        case .refunded, .revoked:
            guard let target = transaction.appliesTo else { return nil }
            self = .refund(transactionID: target, reason: transaction.reason, revoke: transaction.state == .revoked)
        case .planChangeScheduled:
            guard let next = transaction.pendingProductID else { return nil }
            self = Self.buying(next, offerKind: transaction.offerKind, offerID: transaction.offerID)
        case .offerScheduled:
            guard transaction.offerID != nil else { return nil }
            self = Self.buying(product, offerKind: transaction.offerKind, offerID: transaction.offerID)
        case .purchased where transaction.planChange != nil:
            self = .buy(productID: product, offerID: nil)
        case .purchased, .pending, .approved, .declined:
            return nil
        }
    }

    /// Buying `productID` with the offer a transaction names: an offer code is redeemed, a
    /// promotional offer bought with.
    private static func buying(_ productID: String, offerKind: String?, offerID: String?) -> LifecycleAction {
        if offerKind == SubscriptionOffer.Kind.code.rawValue, let code = offerID { return .redeem(code: code) }
        return .buy(productID: productID, offerID: offerID)
    }
}
