import FoundationEssentials
import FoundationInternationalization

/// Plans every lifecycle action against the ledger at one moment: what to record, or why not.
/// The paywall, its transaction manager and `tui-onboard store` all go through here, and the
/// purchase gate asks `refusal(of:in:)` again under the ledger's lock, so two instances cannot
/// both refund one purchase or both upgrade one plan.
///
/// Pure: the ledger, the moment, the next transaction ID and the wording's locale come in.
public struct StoreLifecycle: Sendable {
    public let catalog: Catalog
    public let calendar: Calendar
    public let locale: Locale
    public let timeZone: TimeZone

    public init(
        catalog: Catalog, calendar: Calendar, locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.catalog = catalog
        self.calendar = calendar
        self.locale = locale
        self.timeZone = timeZone
    }

    /// How buying a product of a group the customer is subscribed in changes the plan.
    public enum PlanChange: String, Hashable, Sendable {
        /// To a higher level: at once, the unused part of the old period refunded.
        case upgrade
        /// To a lower level: at the next renewal.
        case downgrade
        /// To the same level: at once for the same duration, else at the next renewal.
        case crossgrade

        public var isImmediate: Bool { self == .upgrade }
    }

    /// What buying `product` does for a subscriber of its group: nil when the customer has no
    /// current subscription there, or is on that very product.
    public func planChange(to product: Product, in context: StoreContext) -> (PlanChange, immediate: Bool)? {
        planChange(to: product, standing: GroupStanding(groupOf: product, in: context))
    }

    /// The same, for the standing in the product's group worked out already.
    func planChange(to product: Product, standing: GroupStanding) -> (PlanChange, immediate: Bool)? {
        guard product.type == .autoRenewable, let current = standing.current,
            current.productID != product.id, let from = catalog.products[current.productID]
        else { return nil }
        let fromLevel = from.subscriptionGroupLevel ?? 1
        let toLevel = product.subscriptionGroupLevel ?? 1
        if toLevel < fromLevel { return (.upgrade, true) }
        if toLevel > fromLevel { return (.downgrade, false) }
        let sameDuration =
            from.subscriptionPeriod.map { $0.approximateSeconds }
            == product.subscriptionPeriod.map(\.approximateSeconds)
        return (.crossgrade, sameDuration)
    }

    /// The step `action` takes at `context.now`, recorded under `transactionID`, or why not.
    public func plan(_ action: LifecycleAction, in context: StoreContext, transactionID: String)
        -> Result<LifecycleStep, LifecycleRefusal>
    {
        do {
            return .success(try step(action, in: context, id: transactionID))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Each action

    /// One function per action, each in the file of its concern (`StoreLifecycle+Buying`,
    /// `+AutoRenew`, `+Billing`, `+PriceIncrease`, `+Refunding`, `+Redeeming`).
    func step(_ action: LifecycleAction, in context: StoreContext, id: String) throws(LifecycleRefusal)
        -> LifecycleStep
    {
        switch action {
        case .buy(let productID, let offerID):
            let product = try self.product(productID)
            let offer = try offerID.map { id throws(LifecycleRefusal) in try promotionalOffer(id, of: product) }
            return try buy(product, offer: offer, in: context, id: id)
        case .redeem(let code):
            return try redeem(code, in: context, id: id)
        case .cancel(let productID):
            return try cancel(productID, in: context, id: id)
        case .uncancel(let productID):
            return try uncancel(productID, in: context, id: id)
        case .keepPlan(let productID):
            return try keepPlan(productID, in: context, id: id)
        case .refund(let transactionID, let reason, let revoke):
            return try refund(transactionID, reason: reason, revoke: revoke, in: context, id: id)
        case .billingIssue(let productID):
            return try failNextRenewal(productID, in: context, id: id)
        case .resolve(let productID):
            return try resolvePayment(productID, in: context, id: id)
        case .priceIncrease(let productID, let price, let consent):
            return try raisePrice(productID, to: price, consent: consent, in: context, id: id)
        case .answerPriceIncrease(let productID, let agree):
            return try answerPriceIncrease(productID, agree: agree, in: context, id: id)
        }
    }
}
