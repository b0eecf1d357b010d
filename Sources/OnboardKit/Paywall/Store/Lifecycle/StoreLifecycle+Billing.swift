import FoundationEssentials

/// Billing trouble: a renewal whose payment will fail, and the payment fixed again.
extension StoreLifecycle {
    /// Makes the next renewal's payment fail: a grace period when the store has one, then
    /// billing retry. Only a subscription that is active and will renew can fail to renew.
    func failNextRenewal(_ productID: String, in context: StoreContext, id: String) throws(LifecycleRefusal)
        -> LifecycleStep
    {
        let (product, current) = try currentSubscription(productID, in: context)
        guard !current.details.paymentFailing else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr("the payment for {{ name }} is failing already", ["name": name(current.productID)]))
        }
        guard current.details.willRenew, case .active(let until, _) = current.state else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "{{ name }} will not renew, so no renewal can fail; {{ state }}",
                    ["name": name(current.productID), "state": endText(current)]))
        }
        let event = event(.billingIssue, on: current, product: product, in: context, id: id)
        let values = [
            "name": name(current.productID), "date": day(until), "days": String(StoreSettings.billingRetryDays),
        ]
        return LifecycleStep(
            transaction: event,
            summary: catalog.store.gracePeriod.map {
                Messages.tr(
                    "The renewal of {{ name }} on {{ date }} will fail: a grace period of {{ grace }}, then billing retry for up to {{ days }} days.",
                    values.merging(["grace": $0.description]) { $1 })
            }
                ?? Messages.tr(
                    "The renewal of {{ name }} on {{ date }} will fail: billing retry for up to {{ days }} days.",
                    values))
    }

    /// Fixes a failing payment: the renewal goes through. With auto-renew off the store
    /// retries nothing, so it must be turned on first.
    func resolvePayment(_ productID: String, in context: StoreContext, id: String) throws(LifecycleRefusal)
        -> LifecycleStep
    {
        let (product, current) = try currentSubscription(productID, in: context)
        guard current.details.paymentFailing else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr("the payment for {{ name }} is not failing", ["name": name(current.productID)]))
        }
        guard current.details.unsubscribeDetectedAt == nil else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "auto-renew of {{ name }} is off, so nothing is retried; turn it on first (uncancel)",
                    ["name": name(current.productID)]))
        }
        let event = event(.billingResolved, on: current, product: product, in: context, id: id)
        let summary: String
        let values = ["name": name(current.productID)]
        switch current.state {
        case .inBillingRetry: summary = Messages.tr("The payment went through: {{ name }} renews from now.", values)
        case .inGracePeriod: summary = Messages.tr("The payment went through: {{ name }} renews on time.", values)
        default: summary = Messages.tr("The next renewal of {{ name }} will go through.", values)
        }
        return LifecycleStep(transaction: event, summary: summary)
    }
}
