import FoundationEssentials
import FoundationInternationalization

/// Buying another plan of the group the customer is subscribed in: an upgrade (and a crossgrade
/// of the same duration) at once with the unused part refunded, anything else at the next
/// renewal.
extension StoreLifecycle {
    /// Changes the plan from `current` to `product`. Refused when the same change waits already,
    /// or when a change at the renewal would give up an offer that waits for it.
    func changePlan(
        to product: Product, offer: SubscriptionOffer?, from current: GroupStanding.Subscription,
        in context: StoreContext, id: String
    ) throws(LifecycleRefusal) -> LifecycleStep {
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
        // An offer for the new plan starts with a period of it, so it waits for the renewal too.
        guard immediate, offer == nil else {
            return scheduleChange(to: product, change, offer: offer, from: current, in: context, id: id)
        }
        return changeNow(to: product, change, from: current, in: context, id: id)
    }

    /// A change at the next renewal, with the offer for the new plan if any.
    private func scheduleChange(
        to product: Product, _ change: PlanChange, offer: SubscriptionOffer?, from current: GroupStanding.Subscription,
        in context: StoreContext, id: String
    ) -> LifecycleStep {
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

    /// A change at once: a new grant of the new plan from now, replacing the current one, and the
    /// unused part of the current period refunded pro rata.
    private func changeNow(
        to product: Product, _ change: PlanChange, from current: GroupStanding.Subscription,
        in context: StoreContext, id: String
    ) -> LifecycleStep {
        let now = context.now
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
}
