import FoundationEssentials

/// What each kind of recorded event does to the subscription as it plays.
extension SubscriptionReplay {
    /// Plays the events that happened before `date`; returns the standing when one of them ends
    /// the subscription at once.
    mutating func applyEvents(before date: Date) -> SubscriptionTimeline.Standing? {
        while next < ordered.count, ordered[next].date < date {
            if let ended = apply(ordered[next].event, on: ordered[next].date) { return ended }
            next += 1
        }
        return nil
    }

    /// Applies one event; returns the standing when the event ends the subscription at once.
    mutating func apply(_ event: LedgerTransaction, on date: Date) -> SubscriptionTimeline.Standing? {
        switch event.state {
        case .refunded, .revoked:
            return withdrawal(event, on: date)
        case .renewalCancelled:
            autoRenew = false
            details.unsubscribeDetectedAt = date
        case .renewalResumed:
            autoRenew = true
            details.unsubscribeDetectedAt = nil
            // Turned on again after declining a price increase: the increase asks again.
            if increase?.answer == false { increase?.answer = nil }
        case .planChangeScheduled:
            schedulePlanChange(event)
        case .planChangeCancelled:
            pendingProduct = nil
            renewalOffer = nil
        case .billingIssue:
            billingIssue = true
        case .billingResolved:
            billingIssue = false
        case .priceIncrease:
            guard event.productID == product.id, let value = event.newPrice.flatMap({ Decimal(string: $0) })
            else { break }
            increase = (value, event.requiresConsent ?? false, nil)
        case .priceIncreaseAgreed:
            increase?.answer = true
        case .priceIncreaseDeclined:
            guard increase != nil else { break }
            increase?.answer = false
            autoRenew = false
            details.unsubscribeDetectedAt = date
        case .offerScheduled:
            renewalOffer = SubscriptionTimeline.offer(named: event, catalog: catalog)
        case .purchased, .pending, .approved, .declined:
            break
        }
        return nil
    }

    /// A refund or revocation: the end of the subscription, when it is of this grant or of one
    /// of its renewals. One naming a payment an upgrade replaced (recorded by a window that
    /// planned it before the upgrade) gives the money back for that payment alone.
    private mutating func withdrawal(_ event: LedgerTransaction, on date: Date) -> SubscriptionTimeline.Standing? {
        if let target = event.appliesTo, target != grant.id, !target.hasPrefix(grant.id + ".") { return nil }
        details.refundedAt = date
        details.withdrawalReason = event.reason
        autoRenew = false
        return finish(event.state == .refunded ? .refunded(on: date) : .revoked(on: date))
    }

    /// A downgrade or crossgrade at the next renewal. Only another plan of the same group: a
    /// hand-written line naming a one-time product, or a plan of another group, changes nothing.
    private mutating func schedulePlanChange(_ event: LedgerTransaction) {
        let product = product
        pendingProduct = event.pendingProductID.flatMap { catalog.products[$0] }
            .flatMap {
                $0.id != product.id && $0.type == .autoRenewable && $0.subscriptionPeriod != nil
                    && $0.subscriptionGroup == product.subscriptionGroup ? $0 : nil
            }
        // A code or promotional offer for another plan starts with that plan.
        renewalOffer = SubscriptionTimeline.offer(named: event, catalog: catalog, productID: event.pendingProductID)
    }
}
