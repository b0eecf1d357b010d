import FoundationEssentials
import FoundationInternationalization

/// Buying: a first purchase, a plan change within a group, an offer for the next renewal, and
/// which win-back offer a lapsed subscriber may take.
extension StoreLifecycle {
    /// A purchase, a plan change, or an offer for the next renewal.
    func buy(_ product: Product, offer: SubscriptionOffer?, in context: StoreContext, id: String)
        throws(LifecycleRefusal) -> LifecycleStep
    {
        let now = context.now
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
        if let offer {
            guard offer.eligibility.contains(standing.eligibility) else {
                throw LifecycleRefusal(.notAllowed, ineligibility(offer, standing: standing))
            }
            if offer.kind == .winBack, let condition = offer.winBack, !meets(condition, standing, in: context) {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr("the win-back offer {{ offer }} is not open to this customer yet", ["offer": offer.id]))
            }
        }
        guard let current = standing.current else {
            let offer = offer ?? winBackOffer(for: product, in: context)
            return LifecycleStep(
                transaction: purchase(of: product, offer: offer, in: context, id: id),
                summary: offer.map {
                    Messages.tr(
                        "Subscribed to {{ name }} with the offer {{ offer }}.",
                        ["name": product.localizedTitle, "offer": $0.id])
                } ?? Messages.tr("Subscribed to {{ name }}.", ["name": product.localizedTitle]), celebrates: true)
        }
        if case .inBillingRetry = current.state {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "the payment for {{ name }} is failing; resolve it (store resolve) or cancel it first",
                    ["name": name(current.productID)]))
        }
        if current.productID == product.id {
            if let offer, let pending = current.details.pendingProductID {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr(
                        "{{ name }} changes to {{ other }} at the next renewal, where the offer {{ offer }} would not apply; call the change off first",
                        ["name": name(current.productID), "other": name(pending), "offer": offer.id]))
            }
            if let offer {
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
            if current.details.pendingProductID != nil {
                return try step(.keepPlan(productID: product.id), in: context, id: id)
            }
            if current.details.unsubscribeDetectedAt != nil {
                return try step(.uncancel(productID: product.id), in: context, id: id)
            }
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "already subscribed to {{ name }}; {{ state }}",
                    ["name": product.localizedTitle, "state": endText(current)]))
        }
        guard let (change, immediate) = planChange(to: product, in: context) else {
            throw LifecycleRefusal(
                .notAllowed, Messages.tr("already subscribed to {{ name }}", ["name": product.localizedTitle]))
        }
        if current.details.pendingProductID == product.id, offer == nil {
            throw LifecycleRefusal(
                .notAllowed,
                current.state.upcomingRenewal(after: context.now).flatMap { _ in current.details.pendingChangeDate }.map
                {
                    Messages.tr(
                        "{{ name }} changes to {{ other }} on {{ date }} already",
                        ["name": name(current.productID), "other": product.localizedTitle, "date": day($0)])
                }
                    ?? Messages.tr(
                        "{{ name }} changes to {{ other }} at its renewal already",
                        ["name": name(current.productID), "other": product.localizedTitle]))
        }
        if !immediate || offer != nil, let waiting = current.details.renewalOfferID {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "the offer {{ offer }} waits for the next renewal of {{ name }}; a plan change then would give it up",
                    ["offer": waiting, "name": name(current.productID)]))
        }
        guard immediate, offer == nil else {
            var event = event(.planChangeScheduled, on: current, product: product, in: context, id: id)
            event.productID = current.productID
            event.pendingProductID = product.id
            if let offer {
                event.offerKind = offer.kind.rawValue
                event.offerID = offer.id
            }
            return LifecycleStep(
                transaction: event,
                summary: current.state.upcomingRenewal(after: context.now).map {
                    Messages.tr(
                        "{{ name }} changes to {{ other }} on {{ date }} ({{ change }}).",
                        [
                            "name": name(current.productID), "other": product.localizedTitle, "date": day($0),
                            "change": change.rawValue,
                        ])
                }
                    ?? Messages.tr(
                        "{{ name }} changes to {{ other }} at its next renewal ({{ change }}).",
                        ["name": name(current.productID), "other": product.localizedTitle, "change": change.rawValue]))
        }
        let refund = proratedRefund(of: current, at: now)
        let grant = LedgerTransaction(
            id: id, originalID: current.originalID, productID: product.id, purchaseDate: now,
            expiresDate: product.subscriptionPeriod?.adding(to: now, calendar: calendar), state: .purchased,
            willRenew: true, appliesTo: current.details.latestGrantID, planChange: change.rawValue,
            proratedRefund: "\(refund)")
        let from = catalog.products[current.productID]
        let values = [
            "other": product.localizedTitle, "refund": from.map { money(refund, $0) } ?? "\(refund)",
            "name": name(current.productID),
        ]
        return LifecycleStep(
            transaction: grant,
            summary: change == .upgrade
                ? Messages.tr("Upgraded to {{ other }} now; {{ refund }} of {{ name }} was refunded.", values)
                : Messages.tr("Changed to {{ other }} now; {{ refund }} of {{ name }} was refunded.", values),
            celebrates: true)
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
