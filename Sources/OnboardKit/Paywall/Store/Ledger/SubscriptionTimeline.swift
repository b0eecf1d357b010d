import FoundationEssentials

/// Works out where one auto-renewable subscription stands at one moment, from its latest grant
/// (purchase, approval or immediate plan change) and every event recorded after it, the way a
/// store's subscription lifecycle runs: renewals on its period, auto-renew turned off and on,
/// a downgrade at the next renewal, a failed renewal through the grace period and billing retry,
/// a price increase with or without consent, an offer for the next renewal, and a refund.
///
/// Renewals are never stored: they follow from the period and the clock, as StoreKit testing
/// renews on its own. Pure: the moment, the calendar and the catalog are handed in.
struct SubscriptionTimeline {
    /// One paid (or offered) period of the subscription.
    struct Period: Hashable {
        /// Counts renewals since the grant: 0 for the grant's own period.
        var renewal: Int
        var productID: String
        var start: Date
        var end: Date
        var periodType: EntitlementStatus.PeriodType
        /// What the period cost in the product's currency.
        var price: Decimal
        /// The offer it was made under, if any (`SubscriptionOffer.Kind` raw value and id).
        var offerKind: String?
        var offerID: String?
    }

    /// What the subscription gives at the moment.
    struct Standing: Hashable {
        var productID: String
        var state: EntitlementStatus.State
        var periodType: EntitlementStatus.PeriodType
        var details: SubscriptionDetails
        /// The first moment after `now` at which the standing changes with time alone; nil when
        /// only a new record can change it.
        var nextChange: Date?
    }

    let catalog: Catalog
    let calendar: Calendar

    /// Where the subscription whose latest grant is `grant` stands at `now`, given the events
    /// recorded after that grant (only those that have happened by `now`). Nil when the grant's
    /// product is not an auto-renewable subscription of the catalog.
    ///
    /// `visit` is called for every period up to the one `now` is in, in order; returning false
    /// stops the walk there (listing transactions uses it). Without it, stretches of plain
    /// renewals are skipped in one step.
    func standing(
        grant: LedgerTransaction, events: some Collection<LedgerTransaction>, originalID: String, now: Date,
        visit: ((Period) -> Bool)? = nil
    ) -> Standing? {
        guard var product = catalog.products[grant.productID], product.type == .autoRenewable,
            product.subscriptionPeriod != nil
        else { return nil }
        // Events in the order they happened; one recorded by an instance whose clock ran behind
        // counts from the grant on.
        let ordered = events.enumerated()
            .map { (order: $0.offset, date: max($0.element.purchaseDate, grant.purchaseDate), event: $0.element) }
            .sorted { ($0.date, $0.order) < ($1.date, $1.order) }
        var next = 0

        var periodType = EntitlementResolver.periodType(of: grant, product: product)
        var start = grant.purchaseDate
        var end =
            grant.expiresDate
            ?? EntitlementResolver.firstPeriodEnd(
                of: product, offer: grant.offer, from: grant.purchaseDate, calendar: calendar)
            ?? grant.purchaseDate
        if end <= start { end = product.subscriptionPeriod!.adding(to: start, calendar: calendar) }
        var price = Self.firstPrice(of: grant, product: product, catalog: catalog)
        // Regular periods count from the purchase when the first period was a regular one (so a
        // purchase on 31 January renews on 28 February, then 31 March), else from its end.
        var anchor =
            periodType == .normal && product.subscriptionPeriod?.adding(to: start, calendar: calendar) == end
            ? start : end
        var renewal = 0
        var currentOffer = (kind: grant.offerKind, id: grant.offerID)

        var details = SubscriptionDetails(
            originalTransactionID: originalID, latestGrantID: grant.id, periodStart: start, willRenew: grant.willRenew)
        var autoRenew = grant.willRenew
        var pendingProduct: Product?
        var billingIssue = false
        var increase: (price: Decimal, consent: Bool, answer: Bool?)?
        var renewalOffer: SubscriptionOffer?
        var regularPrice = product.price

        func finish(_ state: EntitlementStatus.State, nextChange: Date? = nil) -> Standing {
            details.periodStart = start
            details.periodPrice = price
            details.paymentFailing = billingIssue
            // A renewal the store still retries goes on too (RevenueCat's willRenew stays true
            // in billing retry), though it gives no access meanwhile.
            let goesOn: Bool
            if case .inBillingRetry = state { goesOn = true } else { goesOn = state.isActive }
            details.willRenew =
                goesOn && autoRenew && !(increase.map { $0.consent && $0.answer != true } ?? false)
            if details.willRenew {
                details.pendingProductID = pendingProduct?.id
                details.pendingChangeDate = pendingProduct == nil ? nil : end
                details.renewalOfferID = renewalOffer?.id
                details.renewalPrice =
                    renewalOffer.map { Self.price(of: $0.terms) }
                    ?? pendingProduct?.price ?? increase?.price ?? regularPrice
            }
            if let increase {
                let status: SubscriptionDetails.PriceIncreaseStatus =
                    switch increase.answer {
                    case true?: .agreed
                    case false?: .declined
                    case nil: increase.consent ? .awaitingConsent : .notified
                    }
                details.priceIncrease = SubscriptionDetails.PriceIncrease(newPrice: increase.price, status: status)
            }
            var shown = state
            if case .active(let until, _) = state { shown = .active(until: until, willRenew: details.willRenew) }
            return Standing(
                productID: product.id, state: shown, periodType: periodType, details: details, nextChange: nextChange)
        }

        /// Applies one event; returns the standing when the event ends the subscription at once.
        func apply(_ event: LedgerTransaction, on date: Date) -> Standing? {
            switch event.state {
            case .refunded, .revoked:
                // Only a refund of this grant or of one of its renewals ends it; one naming a
                // payment an upgrade replaced (recorded by a window that planned it before the
                // upgrade) gives the money back for that payment alone.
                if let target = event.appliesTo, target != grant.id, !target.hasPrefix(grant.id + ".") { break }
                details.refundedAt = date
                details.withdrawalReason = event.reason
                autoRenew = false
                return finish(event.state == .refunded ? .refunded(on: date) : .revoked(on: date))
            case .renewalCancelled:
                autoRenew = false
                details.unsubscribeDetectedAt = date
            case .renewalResumed:
                autoRenew = true
                details.unsubscribeDetectedAt = nil
                // Turned on again after declining a price increase: the increase asks again.
                if increase?.answer == false { increase?.answer = nil }
            case .planChangeScheduled:
                // Only another plan of the same group: a hand-written line naming a one-time
                // product, or a plan of another group, changes nothing.
                pendingProduct = event.pendingProductID.flatMap { catalog.products[$0] }
                    .flatMap {
                        $0.id != product.id && $0.type == .autoRenewable && $0.subscriptionPeriod != nil
                            && $0.subscriptionGroup == product.subscriptionGroup ? $0 : nil
                    }
                // A code or promotional offer for another plan starts with that plan.
                renewalOffer = Self.offer(named: event, catalog: catalog, productID: event.pendingProductID)
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
                renewalOffer = Self.offer(named: event, catalog: catalog)
            case .purchased, .pending, .approved, .declined:
                break
            }
            return nil
        }

        while true {
            // A period that began is listed even when an event during it (a refund) cuts it short.
            let current = Period(
                renewal: renewal, productID: product.id, start: start, end: end, periodType: periodType, price: price,
                offerKind: currentOffer.kind, offerID: currentOffer.id)
            if let visit, !visit(current) { return finish(.active(until: end, willRenew: autoRenew), nextChange: end) }
            while next < ordered.count, ordered[next].date < end {
                if let ended = apply(ordered[next].event, on: ordered[next].date) { return ended }
                next += 1
            }
            if now < end { return finish(.active(until: end, willRenew: autoRenew), nextChange: end) }

            let needsConsent = increase.map { $0.consent && $0.answer != true } ?? false
            // A stretch of plain renewals up to the next event or now, skipped in one step.
            if visit == nil, autoRenew, pendingProduct == nil, !billingIssue, renewalOffer == nil, !needsConsent,
                let period = product.subscriptionPeriod
            {
                let target = min(now, next < ordered.count ? ordered[next].date : now)
                if target >= end {
                    let skipped = period.period(containing: target, from: anchor, calendar: calendar)
                    if skipped.start > end {
                        start = skipped.start
                        end = skipped.end
                        // `renewal` is left behind: only a visit (which never skips) numbers periods.
                        if let increase { regularPrice = increase.price }
                        price = regularPrice
                        periodType = .normal
                        currentOffer = (nil, nil)
                        continue
                    }
                }
            }

            // The renewal at the end of the current period.
            var renewalDate = end
            if !autoRenew || needsConsent { return finish(.expired(on: end)) }
            if billingIssue {
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
                    if let ended = apply(event, on: date) { return ended }
                }
                if recovered == nil, !autoRenew {
                    // Turned off while payment was failing: the store stops retrying (until it
                    // is turned on again within the retry window, which the loop above plays).
                    return now < graceEnd
                        ? finish(.inGracePeriod(until: graceEnd), nextChange: graceEnd)
                        : finish(.expired(on: graceEnd))
                }
                guard let recovered else {
                    if now < graceEnd { return finish(.inGracePeriod(until: graceEnd), nextChange: graceEnd) }
                    if now < retryEnd { return finish(.inBillingRetry(since: failed), nextChange: retryEnd) }
                    return finish(.expired(on: graceEnd))
                }
                billingIssue = false
                details.billingIssueDetectedAt = nil
                details.gracePeriodExpiresDate = nil
                // Recovered in the grace period, the renewal date stays; in billing retry, a new
                // period starts on the day the payment went through.
                if recovered >= graceEnd {
                    renewalDate = recovered
                    anchor = recovered
                }
            }
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
                price = Self.price(of: offer.terms)
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
        }
    }

    /// What the first period of a grant cost: the offer's price when it was made under one.
    static func firstPrice(of grant: LedgerTransaction, product: Product, catalog: Catalog) -> Decimal {
        if let offer = offer(named: grant, catalog: catalog) { return price(of: offer.terms) }
        if grant.offer != nil, let introductory = product.introductoryOffer { return price(of: introductory) }
        return product.price
    }

    /// What a customer pays for an offer's first charge: nothing for a trial, the per-period
    /// price paying as they go, the whole price paying up front.
    static func price(of terms: IntroductoryOffer) -> Decimal {
        terms.paymentMode == .freeTrial ? 0 : terms.price
    }

    /// The promotional offer, offer code or win-back offer a transaction names.
    static func offer(named transaction: LedgerTransaction, catalog: Catalog, productID: String? = nil)
        -> SubscriptionOffer?
    {
        guard let id = transaction.offerID, let kind = transaction.offerKind.flatMap(SubscriptionOffer.Kind.init)
        else { return nil }
        if kind == .code { return catalog.offerCode(id) }
        return catalog.offer(id: id, of: productID ?? transaction.productID)
    }
}
