import FoundationEssentials

/// Something a customer, a parent or the store does to what was bought, beyond a first
/// purchase: the actions of StoreKit testing's transaction manager and of `tui-onboard store`.
public enum LifecycleAction: Hashable, Sendable {
    /// Buy a product: a new purchase, or for a subscriber of its group a plan change (an
    /// upgrade at once, a downgrade at the next renewal). `offerID` names a promotional offer.
    case buy(productID: String, offerID: String?)
    /// Turn auto-renew off: access to the end of the period.
    case cancel(productID: String)
    /// Turn auto-renew back on before the period ends.
    case uncancel(productID: String)
    /// Call a scheduled downgrade off and stay on the current plan.
    case keepPlan(productID: String)
    /// Give the money back (or, with `revoke`, withdraw access without a refund): access ends now.
    case refund(transactionID: String, reason: String?, revoke: Bool)
    /// Make the next renewal's payment fail.
    case billingIssue(productID: String)
    /// Fix the payment: a failing renewal goes through.
    case resolve(productID: String)
    /// Raise the renewal price; with `consent` the customer must agree or the subscription ends.
    case priceIncrease(productID: String, price: Decimal, consent: Bool)
    /// Answer a price increase that asks for consent.
    case answerPriceIncrease(productID: String, agree: Bool)
    /// Redeem an offer code.
    case redeem(code: String)
}
