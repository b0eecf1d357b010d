import FoundationEssentials
import FoundationInternationalization

/// Buying: a first purchase, the plan the customer is on bought again (an offer for its next
/// renewal), and which win-back offer a lapsed subscriber may take. Buying another plan of the
/// group is a plan change (`StoreLifecycle+PlanChanging`).
extension StoreLifecycle {
    /// A purchase, a plan change, or an offer for the next renewal.
    func buy(_ product: Product, offer: SubscriptionOffer?, in context: StoreContext, id: String)
        throws(LifecycleRefusal) -> LifecycleStep
    {
        if product.type == .nonConsumable, EntitlementResolver.isOwned(product, in: context) {
            throw LifecycleRefusal(
                .notAllowed, Messages.tr("{{ name }} is bought already", ["name": product.localizedTitle]))
        }
        if EntitlementResolver.hasPendingRequest(for: product, catalog: catalog, ledger: context.ledger) {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr("a request to buy {{ name }} waits for approval", ["name": product.localizedTitle]))
        }
        guard product.type == .autoRenewable else {
            return LifecycleStep(
                transaction: purchase(of: product, offer: nil, in: context, id: id),
                summary: Messages.tr("Bought {{ name }}.", ["name": product.localizedTitle]), celebrates: true)
        }
        let standing = GroupStanding(groupOf: product, in: context)
        if let offer { try checkOpen(offer, to: standing, in: context) }
        guard let current = standing.current else {
            return subscribe(to: product, offer: offer ?? winBackOffer(for: product, in: context), in: context, id: id)
        }
        if case .inBillingRetry = current.state {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "the payment for {{ name }} is failing; resolve it (store resolve) or cancel it first",
                    ["name": name(current.productID)]))
        }
        if current.productID == product.id {
            return try buyCurrentPlan(product, offer: offer, current: current, in: context, id: id)
        }
        return try changePlan(to: product, offer: offer, from: current, in: context, id: id)
    }

    /// Refuses an offer the customer's standing in the group does not open: one for another
    /// class of subscriber, or a win-back offer whose conditions are not met yet.
    private func checkOpen(_ offer: SubscriptionOffer, to standing: GroupStanding, in context: StoreContext)
        throws(LifecycleRefusal)
    {
        guard offer.eligibility.contains(standing.eligibility) else {
            throw LifecycleRefusal(.notAllowed, ineligibility(offer, standing: standing))
        }
        if offer.kind == .winBack, let condition = offer.winBack, !meets(condition, standing, in: context) {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr("the win-back offer {{ offer }} is not open to this customer yet", ["offer": offer.id]))
        }
    }

    /// A new subscription for a customer with none current in the group, under `offer` if any.
    private func subscribe(to product: Product, offer: SubscriptionOffer?, in context: StoreContext, id: String)
        -> LifecycleStep
    {
        LifecycleStep(
            transaction: purchase(of: product, offer: offer, in: context, id: id),
            summary: offer.map {
                Messages.tr(
                    "Subscribed to {{ name }} with the offer {{ offer }}.",
                    ["name": product.localizedTitle, "offer": $0.id])
            } ?? Messages.tr("Subscribed to {{ name }}.", ["name": product.localizedTitle]), celebrates: true)
    }

    /// Buying the plan the customer is on: an offer for its next renewal, or undoing what stops
    /// it renewing as it is (a plan change waiting, auto-renew off); else there is nothing to buy.
    private func buyCurrentPlan(
        _ product: Product, offer: SubscriptionOffer?, current: GroupStanding.Subscription, in context: StoreContext,
        id: String
    ) throws(LifecycleRefusal) -> LifecycleStep {
        if let offer { return try scheduleOffer(offer, for: product, on: current, in: context, id: id) }
        if current.details.pendingProductID != nil { return try keepPlan(product.id, in: context, id: id) }
        if current.details.unsubscribeDetectedAt != nil { return try uncancel(product.id, in: context, id: id) }
        throw LifecycleRefusal(
            .notAllowed,
            Messages.tr(
                "already subscribed to {{ name }}; {{ state }}",
                ["name": product.localizedTitle, "state": endText(current)]))
    }

    /// An offer for the next renewal of the plan the customer is on; refused while a change to
    /// another plan waits for that renewal, where the offer would not apply.
    private func scheduleOffer(
        _ offer: SubscriptionOffer, for product: Product, on current: GroupStanding.Subscription,
        in context: StoreContext, id: String
    ) throws(LifecycleRefusal) -> LifecycleStep {
        if let pending = current.details.pendingProductID {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "{{ name }} changes to {{ other }} at the next renewal, where the offer {{ offer }} would not apply; call the change off first",
                    ["name": name(current.productID), "other": name(pending), "offer": offer.id]))
        }
        var event = event(.offerScheduled, on: current, product: product, in: context, id: id)
        event.offerKind = offer.kind.rawValue
        event.offerID = offer.id
        event.offer = EntitlementResolver.ledgerOffer(for: offer.terms)
        return LifecycleStep(
            transaction: event,
            summary: current.state.upcomingRenewal(after: context.now).map {
                Messages.tr(
                    "The offer {{ offer }} applies from the next renewal of {{ name }} on {{ date }}.",
                    ["offer": offer.id, "name": product.localizedTitle, "date": day($0)])
            }
                ?? Messages.tr(
                    "The offer {{ offer }} applies from the next renewal of {{ name }}.",
                    ["offer": offer.id, "name": product.localizedTitle]))
    }

    /// A new purchase at `now`: the offer's terms when given, else the introductory offer when
    /// the customer never subscribed in the group.
    func purchase(of product: Product, offer: SubscriptionOffer?, in context: StoreContext, id: String)
        -> LedgerTransaction
    {
        let now = context.now
        if let offer {
            return LedgerTransaction(
                id: id, productID: product.id, purchaseDate: now,
                expiresDate: offer.terms.totalDuration.adding(to: now, calendar: calendar),
                offer: EntitlementResolver.ledgerOffer(for: offer.terms), state: .purchased, willRenew: true,
                offerKind: offer.kind.rawValue, offerID: offer.id)
        }
        let introductory = product.introductoryOffer.flatMap {
            EntitlementResolver.isEligibleForIntroductoryOffer(product, catalog: catalog, ledger: context.ledger)
                ? EntitlementResolver.ledgerOffer(for: $0) : nil
        }
        var start = now
        if product.type == .nonRenewing,
            case .active(let until, _) = EntitlementResolver.state(ofProduct: product.id, in: context)
        {
            start = max(now, until)
        }
        return LedgerTransaction(
            id: id, productID: product.id, purchaseDate: now,
            expiresDate: EntitlementResolver.firstPeriodEnd(
                of: product, offer: introductory, from: start, calendar: calendar),
            offer: introductory, state: .purchased, willRenew: product.type == .autoRenewable)
    }

    /// The best win-back offer open to a lapsed subscriber for `product`: the cheapest first charge.
    public func winBackOffer(for product: Product, in context: StoreContext) -> SubscriptionOffer? {
        winBackOffer(for: product, standing: GroupStanding(groupOf: product, in: context), in: context)
    }

    /// The same, for the standing in the product's group worked out already.
    func winBackOffer(for product: Product, standing: GroupStanding, in context: StoreContext) -> SubscriptionOffer? {
        guard product.type == .autoRenewable, standing.current == nil, standing.everSubscribed else { return nil }
        return product.offers
            .filter {
                $0.kind == .winBack && $0.eligibility.contains(.expired)
                    && $0.winBack.map { meets($0, standing, in: context) } ?? true
            }
            .min { SubscriptionTimeline.price(of: $0.terms) < SubscriptionTimeline.price(of: $1.terms) }
    }
}
