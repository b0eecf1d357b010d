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
        guard
            var replay = SubscriptionReplay(
                grant: grant, events: events, originalID: originalID, catalog: catalog, calendar: calendar)
        else { return nil }
        while true {
            // A period that began is listed even when an event during it (a refund) cuts it short.
            if let visit, !visit(replay.currentPeriod) { return replay.running() }
            if let ended = replay.applyEvents(before: replay.end) { return ended }
            if now < replay.end { return replay.running() }
            // A stretch of plain renewals up to the next event or now, skipped in one step.
            if visit == nil, replay.skipPlainRenewals(until: now) { continue }
            switch replay.renewal(now: now) {
            case .ended(let standing): return standing
            case .renews(let date): if let ended = replay.renew(on: date) { return ended }
            }
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
