import FoundationEssentials

/// One subscription played forward from its latest grant: the period it is in, what its events
/// have set for the next renewal, and how far through the events the play has read.
/// `SubscriptionTimeline.standing` moves it period by period; applying an event
/// (`SubscriptionReplay+Events`) and renewing (`SubscriptionReplay+Renewal`) are its steps.
struct SubscriptionReplay {
    let grant: LedgerTransaction
    let catalog: Catalog
    let calendar: Calendar
    /// The events in the order they happened; one recorded by an instance whose clock ran
    /// behind counts from the grant on.
    let ordered: [(order: Int, date: Date, event: LedgerTransaction)]
    /// The first event of `ordered` not played yet.
    var next = 0

    /// The plan of the period being played (a plan change at a renewal changes it).
    var product: Product
    var periodType: EntitlementStatus.PeriodType
    var start: Date
    var end: Date
    var price: Decimal
    /// What regular periods count from: the purchase when the first period was a regular one (so
    /// a purchase on 31 January renews on 28 February, then 31 March), else the end of the
    /// offer's period, or the day a payment went through in billing retry.
    var anchor: Date
    /// Counts renewals since the grant; only a visit (which never skips periods) reads it.
    var renewal = 0
    var currentOffer: (kind: String?, id: String?)

    var details: SubscriptionDetails
    var autoRenew: Bool
    /// The plan a scheduled downgrade or crossgrade changes to at the next renewal.
    var pendingProduct: Product?
    var billingIssue = false
    var increase: (price: Decimal, consent: Bool, answer: Bool?)?
    /// The offer the next renewal is made under.
    var renewalOffer: SubscriptionOffer?
    var regularPrice: Decimal

    /// The play's start, at the grant's own period; nil when the grant's product is not an
    /// auto-renewable subscription of the catalog.
    init?(
        grant: LedgerTransaction, events: some Collection<LedgerTransaction>, originalID: String, catalog: Catalog,
        calendar: Calendar
    ) {
        guard let product = catalog.products[grant.productID], product.type == .autoRenewable,
            let subscriptionPeriod = product.subscriptionPeriod
        else { return nil }
        self.grant = grant
        self.catalog = catalog
        self.calendar = calendar
        self.product = product
        ordered = events.enumerated()
            .map { (order: $0.offset, date: max($0.element.purchaseDate, grant.purchaseDate), event: $0.element) }
            .sorted { ($0.date, $0.order) < ($1.date, $1.order) }

        periodType = EntitlementResolver.periodType(of: grant, product: product)
        start = grant.purchaseDate
        var end =
            grant.expiresDate
            ?? EntitlementResolver.firstPeriodEnd(
                of: product, offer: grant.offer, from: grant.purchaseDate, calendar: calendar)
            ?? grant.purchaseDate
        if end <= start { end = subscriptionPeriod.adding(to: start, calendar: calendar) }
        self.end = end
        price = SubscriptionTimeline.firstPrice(of: grant, product: product, catalog: catalog)
        anchor =
            periodType == .normal && product.subscriptionPeriod?.adding(to: start, calendar: calendar) == end
            ? start : end
        currentOffer = (kind: grant.offerKind, id: grant.offerID)
        details = SubscriptionDetails(
            originalTransactionID: originalID, latestGrantID: grant.id, periodStart: start, willRenew: grant.willRenew)
        autoRenew = grant.willRenew
        regularPrice = product.price
    }

    /// The period being played.
    var currentPeriod: SubscriptionTimeline.Period {
        SubscriptionTimeline.Period(
            renewal: renewal, productID: product.id, start: start, end: end, periodType: periodType, price: price,
            offerKind: currentOffer.kind, offerID: currentOffer.id)
    }

    /// True while a price increase waits for a consent the customer has not given: the
    /// subscription then ends at its renewal.
    var needsConsent: Bool { increase.map { $0.consent && $0.answer != true } ?? false }

    /// The standing when the play stops in `state`, with everything the events set.
    func finish(_ state: EntitlementStatus.State, nextChange: Date? = nil) -> SubscriptionTimeline.Standing {
        var details = details
        details.periodStart = start
        details.periodPrice = price
        details.paymentFailing = billingIssue
        // A renewal the store still retries goes on too (RevenueCat's willRenew stays true
        // in billing retry), though it gives no access meanwhile.
        let goesOn: Bool
        if case .inBillingRetry = state { goesOn = true } else { goesOn = state.isActive }
        details.willRenew = goesOn && autoRenew && !needsConsent
        if details.willRenew {
            details.pendingProductID = pendingProduct?.id
            details.pendingChangeDate = pendingProduct == nil ? nil : end
            details.renewalOfferID = renewalOffer?.id
            details.renewalPrice =
                renewalOffer.map { SubscriptionTimeline.price(of: $0.terms) }
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
        return SubscriptionTimeline.Standing(
            productID: product.id, state: shown, periodType: periodType, details: details, nextChange: nextChange)
    }

    /// The standing while the current period runs, renewing at its end as far as is known.
    func running() -> SubscriptionTimeline.Standing {
        finish(.active(until: end, willRenew: autoRenew), nextChange: end)
    }
}
