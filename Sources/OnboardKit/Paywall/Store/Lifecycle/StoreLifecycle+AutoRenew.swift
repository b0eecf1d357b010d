import FoundationEssentials

/// Whether the subscription goes on at its renewal: auto-renew turned off and on again, and a
/// plan change waiting for the renewal called off.
extension StoreLifecycle {
    /// Turns auto-renew off: access lasts to the end of the period. Refused when it is off
    /// already, or when the subscription will not renew and its payment is not failing.
    func cancel(_ productID: String, in context: StoreContext, id: String) throws(LifecycleRefusal) -> LifecycleStep {
        let (product, current) = try currentSubscription(productID, in: context)
        guard current.details.unsubscribeDetectedAt == nil, current.details.willRenew || isFailing(current) else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "auto-renew of {{ name }} is off already; {{ state }}",
                    ["name": name(current.productID), "state": endText(current)]))
        }
        let event = event(.renewalCancelled, on: current, product: product, in: context, id: id)
        return LifecycleStep(
            transaction: event,
            summary: current.state.upcomingAccessEnd(after: context.now).map {
                Messages.tr(
                    "Auto-renew of {{ name }} is off; access lasts until {{ date }}.",
                    ["name": name(current.productID), "date": day($0)])
            }
                ?? Messages.tr(
                    "Auto-renew of {{ name }} is off; access has ended.", ["name": name(current.productID)]))
    }

    /// Turns auto-renew back on, after a cancel or a declined price increase (which then asks
    /// for consent again).
    func uncancel(_ productID: String, in context: StoreContext, id: String) throws(LifecycleRefusal) -> LifecycleStep {
        let (product, current) = try currentSubscription(productID, in: context)
        guard current.details.unsubscribeDetectedAt != nil || current.details.priceIncrease?.status == .declined
        else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr("{{ name }} renews already; nothing to turn back on", ["name": name(current.productID)])
            )
        }
        let event = event(.renewalResumed, on: current, product: product, in: context, id: id)
        let asksAgain = current.details.priceIncrease?.status == .declined
        return LifecycleStep(
            transaction: event,
            summary: asksAgain
                ? Messages.tr(
                    "{{ name }} renews again once the new price is accepted.", ["name": name(current.productID)])
                : Messages.tr("{{ name }} renews again.", ["name": name(current.productID)]))
    }

    /// Calls off the plan change waiting for the next renewal, and with it any offer for the
    /// new plan.
    func keepPlan(_ productID: String, in context: StoreContext, id: String) throws(LifecycleRefusal) -> LifecycleStep {
        let (product, current) = try currentSubscription(productID, in: context)
        guard let pending = current.details.pendingProductID else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr("no plan change of {{ name }} is waiting", ["name": name(current.productID)]))
        }
        let event = event(.planChangeCancelled, on: current, product: product, in: context, id: id)
        let values = ["name": name(current.productID), "other": name(pending)]
        return LifecycleStep(
            transaction: event,
            summary: current.details.renewalOfferID.map {
                Messages.tr(
                    "You stay on {{ name }}; the change to {{ other }} is off; its offer {{ offer }} is given up.",
                    values.merging(["offer": $0]) { $1 })
            } ?? Messages.tr("You stay on {{ name }}; the change to {{ other }} is off.", values))
    }
}
