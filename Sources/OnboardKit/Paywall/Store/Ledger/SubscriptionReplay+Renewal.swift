import FoundationEssentials

/// What happens at the end of a period: a stretch of plain renewals skipped in one step, a
/// renewal that fails into the grace period and billing retry, and the next period (on a changed
/// plan, at a raised price or under an offer).
extension SubscriptionReplay {
    /// How the renewal at the end of the current period turns out.
    enum Renewal {
        /// The subscription ends there, or stands somewhere in its billing trouble at `now`.
        case ended(SubscriptionTimeline.Standing)
        /// It renews, with the next period starting on that date.
        case renews(on: Date)
    }

    /// Moves to the period `now` (or the next event) is in when nothing can change on the way:
    /// auto-renew on, no plan change, payment or consent problem, or offer waiting. False when
    /// the renewals must be played one by one.
    mutating func skipPlainRenewals(until now: Date) -> Bool {
        guard autoRenew, pendingProduct == nil, !billingIssue, renewalOffer == nil, !needsConsent,
            let period = product.subscriptionPeriod
        else { return false }
        let target = min(now, next < ordered.count ? ordered[next].date : now)
        guard target >= end else { return false }
        let skipped = period.period(containing: target, from: anchor, calendar: calendar)
        guard skipped.start > end else { return false }
        start = skipped.start
        end = skipped.end
        // `renewal` is left behind: only a visit (which never skips) numbers periods.
        if let increase { regularPrice = increase.price }
        price = regularPrice
        periodType = .normal
        currentOffer = (nil, nil)
        return true
    }

    /// The renewal at the end of the current period: none with auto-renew off or a price
    /// increase not agreed to; through billing trouble when the payment fails.
    mutating func renewal(now: Date) -> Renewal {
        if !autoRenew || needsConsent { return .ended(finish(.expired(on: end))) }
        guard billingIssue else { return .renews(on: end) }
        return retryFailedPayment(now: now)
    }

    /// A renewal whose payment failed: access through the grace period, if the store has one,
    /// then billing retry for `StoreSettings.billingRetryDays` without access, until the payment
    /// goes through or the retries give up.
    private mutating func retryFailedPayment(now: Date) -> Renewal {
        let failed = end
        let graceEnd = catalog.store.gracePeriod?.adding(to: failed, calendar: calendar) ?? failed
        let retryEnd =
            calendar.date(byAdding: .day, value: StoreSettings.billingRetryDays, to: failed)
            ?? failed.addingTimeInterval(Double(StoreSettings.billingRetryDays) * 86_400)
        details.billingIssueDetectedAt = failed
        details.gracePeriodExpiresDate = graceEnd > failed ? graceEnd : nil
        var recovered: Date?
        while next < ordered.count, ordered[next].date < retryEnd {
            let (date, event) = (ordered[next].date, ordered[next].event)
            next += 1
            // A payment fixed while auto-renew is off renews nothing.
            if event.state == .billingResolved, autoRenew {
                recovered = date
                break
            }
            if let ended = apply(event, on: date) { return .ended(ended) }
        }
        if recovered == nil, !autoRenew {
            // Turned off while payment was failing: the store stops retrying (until it is
            // turned on again within the retry window, which the loop above plays).
            return .ended(
                now < graceEnd
                    ? finish(.inGracePeriod(until: graceEnd), nextChange: graceEnd) : finish(.expired(on: graceEnd)))
        }
        guard let recovered else {
            if now < graceEnd { return .ended(finish(.inGracePeriod(until: graceEnd), nextChange: graceEnd)) }
            if now < retryEnd { return .ended(finish(.inBillingRetry(since: failed), nextChange: retryEnd)) }
            return .ended(finish(.expired(on: graceEnd)))
        }
        billingIssue = false
        details.billingIssueDetectedAt = nil
        details.gracePeriodExpiresDate = nil
        // Recovered in the grace period, the renewal date stays; in billing retry, a new
        // period starts on the day the payment went through.
        guard recovered >= graceEnd else { return .renews(on: failed) }
        anchor = recovered
        return .renews(on: recovered)
    }

    /// Starts the period that follows a renewal on `renewalDate`: on the plan a scheduled change
    /// moves to, at a raised price once it holds, under the offer waiting for it. Returns the
    /// standing when the plan has no period to renew on.
    mutating func renew(on renewalDate: Date) -> SubscriptionTimeline.Standing? {
        renewal += 1
        start = renewalDate
        currentOffer = (nil, nil)
        if let changed = pendingProduct {
            product = changed
            regularPrice = changed.price
            anchor = renewalDate
            pendingProduct = nil
            increase = nil
        } else if let increase, increase.consent == false || increase.answer == true {
            regularPrice = increase.price
        }
        guard let period = product.subscriptionPeriod else { return finish(.expired(on: renewalDate)) }
        // An offer is for its own product: one for the plan changed from lapses unused.
        if let offer = renewalOffer, offer.productID != product.id { renewalOffer = nil }
        if let offer = renewalOffer {
            end = offer.terms.totalDuration.adding(to: start, calendar: calendar)
            periodType = offer.terms.paymentMode == .freeTrial ? .trial : .intro
            price = SubscriptionTimeline.price(of: offer.terms)
            currentOffer = (offer.kind.rawValue, offer.id)
            anchor = end
            renewalOffer = nil
        } else {
            end =
                anchor == renewalDate
                ? period.adding(to: start, calendar: calendar)
                : period.firstBoundary(after: renewalDate, from: anchor, calendar: calendar)
            periodType = .normal
            price = regularPrice
        }
        if end <= start { end = period.adding(to: start, calendar: calendar) }
        return nil
    }
}
