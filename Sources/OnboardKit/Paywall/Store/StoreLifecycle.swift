import FoundationEssentials
import FoundationInternationalization

/// Plans every lifecycle action against the ledger at one moment: what to record, or why not.
/// The paywall, its transaction manager and `tui-onboard store` all go through here, and the
/// purchase gate asks `refusal(of:in:)` again under the ledger's lock, so two instances cannot
/// both refund one purchase or both upgrade one plan.
///
/// Pure: the ledger, the moment, the next transaction ID and the wording's locale come in.
public struct StoreLifecycle: Sendable {
    public let catalog: Catalog
    public let calendar: Calendar
    public let locale: Locale
    public let timeZone: TimeZone

    public init(
        catalog: Catalog, calendar: Calendar, locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.catalog = catalog
        self.calendar = calendar
        self.locale = locale
        self.timeZone = timeZone
    }

    /// How buying a product of a group the customer is subscribed in changes the plan.
    public enum PlanChange: String, Hashable, Sendable {
        /// To a higher level: at once, the unused part of the old period refunded.
        case upgrade
        /// To a lower level: at the next renewal.
        case downgrade
        /// To the same level: at once for the same duration, else at the next renewal.
        case crossgrade

        public var isImmediate: Bool { self == .upgrade }
    }

    /// What buying `product` does for a subscriber of its group: nil when the customer has no
    /// current subscription there, or is on that very product.
    public func planChange(to product: Product, in context: StoreContext) -> (PlanChange, immediate: Bool)? {
        planChange(to: product, standing: GroupStanding(groupOf: product, in: context))
    }

    /// The same, for the standing in the product's group worked out already.
    func planChange(to product: Product, standing: GroupStanding) -> (PlanChange, immediate: Bool)? {
        guard product.type == .autoRenewable, let current = standing.current,
            current.productID != product.id, let from = catalog.products[current.productID]
        else { return nil }
        let fromLevel = from.subscriptionGroupLevel ?? 1
        let toLevel = product.subscriptionGroupLevel ?? 1
        if toLevel < fromLevel { return (.upgrade, true) }
        if toLevel > fromLevel { return (.downgrade, false) }
        let sameDuration =
            from.subscriptionPeriod.map { $0.approximateSeconds }
            == product.subscriptionPeriod.map(\.approximateSeconds)
        return (.crossgrade, sameDuration)
    }

    /// The step `action` takes at `context.now`, recorded under `transactionID`, or why not.
    public func plan(_ action: LifecycleAction, in context: StoreContext, transactionID: String)
        -> Result<LifecycleStep, LifecycleRefusal>
    {
        do {
            return .success(try step(action, in: context, id: transactionID))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Each action

    private func step(_ action: LifecycleAction, in context: StoreContext, id: String) throws(LifecycleRefusal)
        -> LifecycleStep
    {
        switch action {
        case .buy(let productID, let offerID):
            let product = try self.product(productID)
            let offer = try offerID.map { id throws(LifecycleRefusal) in try promotionalOffer(id, of: product) }
            return try buy(product, offer: offer, in: context, id: id)
        case .redeem(let code):
            guard
                let offer = catalog.offerCode(
                    String(String(code.drop { $0 == " " }.reversed()).drop { $0 == " " }.reversed()))
            else {
                throw LifecycleRefusal(
                    .unknownName, "no offer code \"\(SafeText.excerpt(code))\": check the spelling (codes ignore case)")
            }
            if let used = context.ledger.transactions.first(where: {
                $0.offerKind == SubscriptionOffer.Kind.code.rawValue
                    && $0.offerID?.uppercased() == offer.id.uppercased()
            }) {
                throw LifecycleRefusal(
                    .notAllowed, "the code \(offer.id) was already redeemed on \(day(used.purchaseDate))")
            }
            let product = try self.product(offer.productID)
            return try buy(product, offer: offer, in: context, id: id)
        case .cancel(let productID):
            let (product, current) = try currentSubscription(productID, in: context)
            guard current.details.unsubscribeDetectedAt == nil, current.details.willRenew || isFailing(current) else {
                throw LifecycleRefusal(
                    .notAllowed, "auto-renew of \(name(current.productID)) is off already; \(endText(current))")
            }
            let event = event(.renewalCancelled, on: current, product: product, in: context, id: id)
            return LifecycleStep(
                transaction: event,
                summary: "Auto-renew of \(name(current.productID)) is off; "
                    + (current.state.accessEnd.map { "access lasts until \(day($0))." } ?? "access has ended."))
        case .uncancel(let productID):
            let (product, current) = try currentSubscription(productID, in: context)
            guard current.details.unsubscribeDetectedAt != nil || current.details.priceIncrease?.status == .declined
            else {
                throw LifecycleRefusal(
                    .notAllowed, "\(name(current.productID)) renews already; nothing to turn back on")
            }
            let event = event(.renewalResumed, on: current, product: product, in: context, id: id)
            let asksAgain = current.details.priceIncrease?.status == .declined
            return LifecycleStep(
                transaction: event,
                summary: asksAgain
                    ? "\(name(current.productID)) renews again once the new price is accepted."
                    : "\(name(current.productID)) renews again.")
        case .keepPlan(let productID):
            let (product, current) = try currentSubscription(productID, in: context)
            guard let pending = current.details.pendingProductID else {
                throw LifecycleRefusal(.notAllowed, "no plan change of \(name(current.productID)) is waiting")
            }
            let event = event(.planChangeCancelled, on: current, product: product, in: context, id: id)
            let givenUp = current.details.renewalOfferID.map { "; its offer \($0) is given up" } ?? ""
            return LifecycleStep(
                transaction: event,
                summary: "You stay on \(name(current.productID)); the change to \(name(pending)) is off\(givenUp).")
        case .refund(let transactionID, let reason, let revoke):
            return try refund(transactionID, reason: reason, revoke: revoke, in: context, id: id)
        case .billingIssue(let productID):
            let (product, current) = try currentSubscription(productID, in: context)
            guard !current.details.paymentFailing else {
                throw LifecycleRefusal(.notAllowed, "the payment for \(name(current.productID)) is failing already")
            }
            guard current.details.willRenew, case .active(let until, _) = current.state else {
                throw LifecycleRefusal(
                    .notAllowed,
                    "\(name(current.productID)) will not renew, so no renewal can fail; \(endText(current))")
            }
            let event = event(.billingIssue, on: current, product: product, in: context, id: id)
            let grace = catalog.store.gracePeriod.map { "a grace period of \($0.description), then " } ?? ""
            return LifecycleStep(
                transaction: event,
                summary: "The renewal of \(name(current.productID)) on \(day(until)) will fail: "
                    + "\(grace)billing retry for up to \(StoreSettings.billingRetryDays) days.")
        case .resolve(let productID):
            let (product, current) = try currentSubscription(productID, in: context)
            guard current.details.paymentFailing else {
                throw LifecycleRefusal(.notAllowed, "the payment for \(name(current.productID)) is not failing")
            }
            guard current.details.unsubscribeDetectedAt == nil else {
                throw LifecycleRefusal(
                    .notAllowed,
                    "auto-renew of \(name(current.productID)) is off, so nothing is retried; turn it on first (uncancel)"
                )
            }
            let event = event(.billingResolved, on: current, product: product, in: context, id: id)
            let summary: String
            switch current.state {
            case .inBillingRetry: summary = "The payment went through: \(name(current.productID)) renews from now."
            case .inGracePeriod: summary = "The payment went through: \(name(current.productID)) renews on time."
            default: summary = "The next renewal of \(name(current.productID)) will go through."
            }
            return LifecycleStep(transaction: event, summary: summary)
        case .priceIncrease(let productID, let price, let consent):
            let product = try self.product(productID)
            guard product.type == .autoRenewable else {
                throw LifecycleRefusal(.notAllowed, "\(product.id) is not an auto-renewable subscription")
            }
            let current = try subscription(onExactly: product, in: context)
            let currentPrice = current.details.priceIncrease?.newPrice ?? product.price
            guard price > currentPrice else {
                throw LifecycleRefusal(
                    .notAllowed,
                    "\(money(price, product)) is not an increase: \(product.localizedTitle) renews at "
                        + money(currentPrice, product))
            }
            guard price.truncated(toFractionDigits: CurrencyCode.fractionDigits(for: product.currencyCode)) == price
            else {
                throw LifecycleRefusal(
                    .notAllowed,
                    "\(price) has more decimals than \(product.currencyCode) has "
                        + "(\(CurrencyCode.fractionDigits(for: product.currencyCode)))")
            }
            var event = event(.priceIncrease, on: current, product: product, in: context, id: id)
            event.newPrice = "\(price)"
            event.requiresConsent = consent
            return LifecycleStep(
                transaction: event,
                summary: "\(product.localizedTitle) renews at \(money(price, product)) from "
                    + (current.state.accessEnd.map(day) ?? "the next renewal")
                    + (consent ? " if the customer agrees; otherwise it ends then." : "."))
        case .answerPriceIncrease(let productID, let agree):
            let (product, current) = try currentSubscription(productID, in: context)
            guard let increase = current.details.priceIncrease, increase.status == .awaitingConsent else {
                throw LifecycleRefusal(
                    .notAllowed, "no price increase of \(name(current.productID)) waits for an answer")
            }
            let event = event(
                agree ? .priceIncreaseAgreed : .priceIncreaseDeclined, on: current, product: product,
                in: context, id: id)
            let newPrice = money(increase.newPrice, catalog.products[current.productID] ?? product)
            return LifecycleStep(
                transaction: event,
                summary: agree
                    ? "Agreed: \(name(current.productID)) renews at \(newPrice)."
                    : "Declined: \(name(current.productID)) ends on \(current.state.accessEnd.map(day) ?? "its renewal")."
            )
        }
    }

    /// A purchase, a plan change, or an offer for the next renewal.
    private func buy(_ product: Product, offer: SubscriptionOffer?, in context: StoreContext, id: String)
        throws(LifecycleRefusal) -> LifecycleStep
    {
        let now = context.now
        if product.type == .nonConsumable, EntitlementResolver.isOwned(product, in: context) {
            throw LifecycleRefusal(.notAllowed, "\(product.localizedTitle) is bought already")
        }
        if EntitlementResolver.hasPendingRequest(for: product, catalog: catalog, ledger: context.ledger) {
            throw LifecycleRefusal(.notAllowed, "a request to buy \(product.localizedTitle) waits for approval")
        }
        guard product.type == .autoRenewable else {
            return LifecycleStep(
                transaction: purchase(of: product, offer: nil, in: context, id: id),
                summary: "Bought \(product.localizedTitle).", celebrates: true)
        }
        let standing = GroupStanding(groupOf: product, in: context)
        if let offer {
            guard offer.eligibility.contains(standing.eligibility) else {
                throw LifecycleRefusal(.notAllowed, ineligibility(offer, standing: standing))
            }
            if offer.kind == .winBack, let condition = offer.winBack, !meets(condition, standing, in: context) {
                throw LifecycleRefusal(.notAllowed, "the win-back offer \(offer.id) is not open to this customer yet")
            }
        }
        guard let current = standing.current else {
            let offer = offer ?? winBackOffer(for: product, in: context)
            return LifecycleStep(
                transaction: purchase(of: product, offer: offer, in: context, id: id),
                summary: "Subscribed to \(product.localizedTitle)"
                    + (offer.map { " with the offer \($0.id)" } ?? "") + ".", celebrates: true)
        }
        if case .inBillingRetry = current.state {
            throw LifecycleRefusal(
                .notAllowed,
                "the payment for \(name(current.productID)) is failing; resolve it (store resolve) or cancel it first")
        }
        if current.productID == product.id {
            if let offer, let pending = current.details.pendingProductID {
                throw LifecycleRefusal(
                    .notAllowed,
                    "\(name(current.productID)) changes to \(name(pending)) at the next renewal, where the offer "
                        + "\(offer.id) would not apply; call the change off first")
            }
            if let offer {
                var event = event(.offerScheduled, on: current, product: product, in: context, id: id)
                event.offerKind = offer.kind.rawValue
                event.offerID = offer.id
                event.offer = EntitlementResolver.ledgerOffer(for: offer.terms)
                return LifecycleStep(
                    transaction: event,
                    summary: "The offer \(offer.id) applies from the next renewal of \(product.localizedTitle)"
                        + (current.state.accessEnd.map { " on \(day($0))" } ?? "") + ".")
            }
            if current.details.pendingProductID != nil {
                return try step(.keepPlan(productID: product.id), in: context, id: id)
            }
            if current.details.unsubscribeDetectedAt != nil {
                return try step(.uncancel(productID: product.id), in: context, id: id)
            }
            throw LifecycleRefusal(.notAllowed, "already subscribed to \(product.localizedTitle); \(endText(current))")
        }
        guard let (change, immediate) = planChange(to: product, in: context) else {
            throw LifecycleRefusal(.notAllowed, "already subscribed to \(product.localizedTitle)")
        }
        if current.details.pendingProductID == product.id, offer == nil {
            throw LifecycleRefusal(
                .notAllowed,
                "\(name(current.productID)) changes to \(product.localizedTitle) on "
                    + (current.details.pendingChangeDate.map(day) ?? "its renewal") + " already")
        }
        if !immediate || offer != nil, let waiting = current.details.renewalOfferID {
            throw LifecycleRefusal(
                .notAllowed,
                "the offer \(waiting) waits for the next renewal of \(name(current.productID)); a plan change "
                    + "then would give it up")
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
                summary: "\(name(current.productID)) changes to \(product.localizedTitle) on "
                    + (current.state.accessEnd.map(day) ?? "its next renewal") + " (\(change.rawValue)).")
        }
        let refund = proratedRefund(of: current, at: now)
        let grant = LedgerTransaction(
            id: id, originalID: current.originalID, productID: product.id, purchaseDate: now,
            expiresDate: product.subscriptionPeriod?.adding(to: now, calendar: calendar), state: .purchased,
            willRenew: true, appliesTo: current.details.latestGrantID, planChange: change.rawValue,
            proratedRefund: "\(refund)")
        let from = catalog.products[current.productID]
        return LifecycleStep(
            transaction: grant,
            summary: "\(change == .upgrade ? "Upgraded" : "Changed") to \(product.localizedTitle) now; "
                + "\(from.map { money(refund, $0) } ?? "\(refund)") of \(name(current.productID)) was refunded.",
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

    private func refund(
        _ transactionID: String, reason: String?, revoke: Bool, in context: StoreContext, id: String
    ) throws(LifecycleRefusal) -> LifecycleStep {
        let listing = TransactionListing(catalog: catalog, calendar: calendar).rows(of: context.ledger, at: context.now)
        guard let row = listing.first(where: { $0.id == transactionID }) else {
            throw LifecycleRefusal(
                .unknownName,
                "no transaction \"\(SafeText.excerpt(transactionID))\": `store transactions` lists them")
        }
        guard row.isPayment else {
            throw LifecycleRefusal(
                .notAllowed, "\(row.id) is \(row.kindText), not a payment; refund a purchase or renewal")
        }
        if let refunded = row.refundedAt {
            throw LifecycleRefusal(.notAllowed, "\(row.id) was \(row.withdrawalWord) on \(day(refunded)) already")
        }
        if let replacement = row.replacedBy {
            throw LifecycleRefusal(
                .notAllowed, "\(row.id) was replaced by the plan change \(replacement); refund that one instead")
        }
        let event = LedgerTransaction(
            id: id, originalID: row.originalID, productID: row.productID, purchaseDate: context.now,
            state: revoke ? .revoked : .refunded, appliesTo: row.id,
            reason: reason.map { String(SafeText.sanitize($0).prefix(200)) })
        let verb = revoke ? "Revoked" : "Refunded"
        return LifecycleStep(
            transaction: event,
            summary: "\(verb) \(row.id) (\(name(row.productID))): access through it ended now.")
    }

    // MARK: Helpers

    private func product(_ id: String) throws(LifecycleRefusal) -> Product {
        if let product = catalog.products[id] { return product }
        let known = catalog.products.keys.sorted()
        let hint = Suggestions.closest(to: id, in: known, limit: 1).first.map { "; did you mean \"\($0)\"?" } ?? ""
        throw LifecycleRefusal(
            .unknownName, "no product \"\(SafeText.excerpt(id))\" in the catalog\(hint)")
    }

    private func promotionalOffer(_ id: String, of product: Product) throws(LifecycleRefusal) -> SubscriptionOffer {
        if let offer = product.offers.first(where: { $0.id == id }) { return offer }
        let known = product.offers.map(\.id)
        throw LifecycleRefusal(
            .unknownName,
            "\(product.id) has no offer \"\(SafeText.excerpt(id))\""
                + (known.isEmpty ? "" : "; it has " + known.map { "\"\($0)\"" }.joined(separator: ", ")))
    }

    /// The group's current subscription for a command naming any product of the group.
    private func currentSubscription(_ productID: String, in context: StoreContext) throws(LifecycleRefusal)
        -> (Product, GroupStanding.Subscription)
    {
        let product = try self.product(productID)
        guard product.type == .autoRenewable else {
            throw LifecycleRefusal(.notAllowed, "\(product.id) is not an auto-renewable subscription")
        }
        let standing = GroupStanding(groupOf: product, in: context)
        guard let current = standing.current else {
            let lapsed = standing.lapsed.map { "; \(name($0.productID)) \(endText($0))" } ?? ""
            throw LifecycleRefusal(
                .notAllowed, "no current subscription in the group of \(product.localizedTitle)\(lapsed)")
        }
        return (catalog.products[current.productID] ?? product, current)
    }

    private func subscription(onExactly product: Product, in context: StoreContext) throws(LifecycleRefusal)
        -> GroupStanding.Subscription
    {
        let (_, current) = try currentSubscription(product.id, in: context)
        guard current.productID == product.id else {
            throw LifecycleRefusal(
                .notAllowed, "the customer is on \(name(current.productID)), not \(product.localizedTitle)")
        }
        return current
    }

    private func event(
        _ state: LedgerTransaction.State, on current: GroupStanding.Subscription, product: Product,
        in context: StoreContext, id: String
    ) -> LedgerTransaction {
        LedgerTransaction(
            id: id, originalID: current.originalID, productID: current.productID, purchaseDate: context.now,
            state: state, appliesTo: current.details.latestGrantID)
    }

    /// The unused part of the current period's price at `now`, cut to the currency's digits.
    private func proratedRefund(of current: GroupStanding.Subscription, at now: Date) -> Decimal {
        guard case .active(let until, _) = current.state, let product = catalog.products[current.productID] else {
            return 0
        }
        let whole = until.timeIntervalSince(current.details.periodStart)
        guard whole > 0 else { return 0 }
        let unused = max(0, min(1, until.timeIntervalSince(now) / whole))
        // Parts per million keep the arithmetic in Decimal.
        let share = Decimal((unused * 1_000_000).rounded()) / 1_000_000
        return (current.details.periodPrice * share)
            .truncated(toFractionDigits: CurrencyCode.fractionDigits(for: product.currencyCode))
    }

    private func meets(_ condition: WinBackCondition, _ standing: GroupStanding, in context: StoreContext) -> Bool {
        guard let lapsed = standing.lapsed, let ended = lapsed.state.accessEnd else { return false }
        let monthsSince = calendar.dateComponents([.month], from: ended, to: context.now).month ?? 0
        if let minimum = condition.minimumMonthsSinceLapse, monthsSince < minimum { return false }
        if let maximum = condition.maximumMonthsSinceLapse, monthsSince > maximum { return false }
        if let minimum = condition.minimumPaidMonths {
            let start = context.ledger.transactions.first { $0.originalID == lapsed.originalID }?.purchaseDate ?? ended
            let paid = calendar.dateComponents([.month], from: start, to: ended).month ?? 0
            if paid < minimum { return false }
        }
        return true
    }

    private func ineligibility(_ offer: SubscriptionOffer, standing: GroupStanding) -> String {
        let who = offer.eligibility.sorted { $0.rawValue < $1.rawValue }.map { eligibility in
            switch eligibility {
            case .new: return "new subscribers"
            case .existing: return "current subscribers"
            case .expired: return "lapsed subscribers"
            }
        }
        let standingText: String
        switch standing.eligibility {
        case .new: standingText = "this customer never subscribed"
        case .existing: standingText = "this customer is subscribed now"
        case .expired: standingText = "this customer's subscription lapsed"
        }
        let what = offer.kind == .code ? "the code \(offer.id)" : "the offer \(offer.id)"
        return "\(what) is for \(who.joined(separator: " and ")) only; \(standingText)"
    }

    private func isFailing(_ subscription: GroupStanding.Subscription) -> Bool {
        switch subscription.state {
        case .inGracePeriod, .inBillingRetry: return true
        default: return false
        }
    }

    private func endText(_ subscription: GroupStanding.Subscription) -> String {
        switch subscription.state {
        case .active(let until, let renews): return renews ? "it renews on \(day(until))" : "it ends on \(day(until))"
        case .inGracePeriod(let until): return "its payment is failing; access lasts until \(day(until))"
        case .inBillingRetry(let since): return "its payment failed on \(day(since))"
        case .expired(let on): return "it expired on \(day(on))"
        case .refunded(let on): return "it was refunded on \(day(on))"
        case .revoked(let on): return "it was revoked on \(day(on))"
        case .notPurchased, .lifetime, .awaitingApproval: return "it is not current"
        }
    }

    private func name(_ productID: String) -> String { catalog.products[productID]?.localizedTitle ?? productID }

    private func money(_ amount: Decimal, _ product: Product) -> String {
        PriceFormatter(locale: locale).string(for: amount, currencyCode: product.currencyCode)
    }

    func day(_ date: Date) -> String { EntitlementStatus.day(date, locale: locale, timeZone: timeZone) }
}
