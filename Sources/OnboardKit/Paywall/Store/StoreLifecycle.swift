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
                    .unknownName,
                    Messages.tr(
                        "no offer code \"{{ code }}\": check the spelling (codes ignore case)",
                        ["code": SafeText.excerpt(code)]))
            }
            if let used = context.ledger.transactions.first(where: {
                $0.offerKind == SubscriptionOffer.Kind.code.rawValue
                    && $0.offerID?.uppercased() == offer.id.uppercased()
            }) {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr(
                        "the code {{ code }} was already redeemed on {{ date }}",
                        ["code": offer.id, "date": day(used.purchaseDate)]))
            }
            let product = try self.product(offer.productID)
            return try buy(product, offer: offer, in: context, id: id)
        case .cancel(let productID):
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
        case .uncancel(let productID):
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
        case .keepPlan(let productID):
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
        case .refund(let transactionID, let reason, let revoke):
            return try refund(transactionID, reason: reason, revoke: revoke, in: context, id: id)
        case .billingIssue(let productID):
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
        case .resolve(let productID):
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
        case .priceIncrease(let productID, let price, let consent):
            let product = try self.product(productID)
            guard product.type == .autoRenewable else {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr("{{ product }} is not an auto-renewable subscription", ["product": product.id]))
            }
            let current = try subscription(onExactly: product, in: context)
            let currentPrice = current.details.priceIncrease?.newPrice ?? product.price
            guard price > currentPrice else {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr(
                        "{{ price }} is not an increase: {{ name }} renews at {{ current_price }}",
                        [
                            "price": money(price, product), "name": product.localizedTitle,
                            "current_price": money(currentPrice, product),
                        ]))
            }
            guard price.truncated(toFractionDigits: CurrencyCode.fractionDigits(for: product.currencyCode)) == price
            else {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr(
                        "{{ price }} has more decimals than {{ currency }} has ({{ digits }})",
                        [
                            "price": "\(price)", "currency": product.currencyCode,
                            "digits": String(CurrencyCode.fractionDigits(for: product.currencyCode)),
                        ]))
            }
            var event = event(.priceIncrease, on: current, product: product, in: context, id: id)
            event.newPrice = "\(price)"
            event.requiresConsent = consent
            return LifecycleStep(
                transaction: event,
                summary: Self.priceIncreaseSummary(
                    name: product.localizedTitle, price: money(price, product),
                    date: current.state.upcomingRenewal(after: context.now).map(day), consent: consent))
        case .answerPriceIncrease(let productID, let agree):
            let (product, current) = try currentSubscription(productID, in: context)
            guard let increase = current.details.priceIncrease, increase.status == .awaitingConsent else {
                throw LifecycleRefusal(
                    .notAllowed,
                    Messages.tr(
                        "no price increase of {{ name }} waits for an answer", ["name": name(current.productID)]))
            }
            let event = event(
                agree ? .priceIncreaseAgreed : .priceIncreaseDeclined, on: current, product: product,
                in: context, id: id)
            let newPrice = money(increase.newPrice, catalog.products[current.productID] ?? product)
            return LifecycleStep(
                transaction: event,
                summary: agree
                    ? Messages.tr(
                        "Agreed: {{ name }} renews at {{ price }}.",
                        ["name": name(current.productID), "price": newPrice])
                    : current.state.upcomingAccessEnd(after: context.now).map {
                        Messages.tr(
                            "Declined: {{ name }} ends on {{ date }}.",
                            ["name": name(current.productID), "date": day($0)])
                    } ?? Messages.tr("Declined: {{ name }} ends at its renewal.", ["name": name(current.productID)]))
        }
    }

    /// A purchase, a plan change, or an offer for the next renewal.
    private func buy(_ product: Product, offer: SubscriptionOffer?, in context: StoreContext, id: String)
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

    private func refund(
        _ transactionID: String, reason: String?, revoke: Bool, in context: StoreContext, id: String
    ) throws(LifecycleRefusal) -> LifecycleStep {
        let listing = TransactionListing(catalog: catalog, calendar: calendar).rows(of: context.ledger, at: context.now)
        guard let row = listing.first(where: { $0.id == transactionID }) else {
            throw LifecycleRefusal(
                .unknownName,
                Messages.tr(
                    "no transaction \"{{ transaction }}\": `store transactions` lists them",
                    ["transaction": SafeText.excerpt(transactionID)]))
        }
        guard row.isPayment else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "{{ transaction }} is {{ kind }}, not a payment; refund a purchase or renewal",
                    ["transaction": row.id, "kind": row.kindText]))
        }
        if let refunded = row.refundedAt {
            let values = ["transaction": row.id, "date": day(refunded)]
            throw LifecycleRefusal(
                .notAllowed,
                row.revoked
                    ? Messages.tr("{{ transaction }} was revoked on {{ date }} already", values)
                    : Messages.tr("{{ transaction }} was refunded on {{ date }} already", values))
        }
        if let replacement = row.replacedBy {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "{{ transaction }} was replaced by the plan change {{ other }}; refund that one instead",
                    ["transaction": row.id, "other": replacement]))
        }
        let event = LedgerTransaction(
            id: id, originalID: row.originalID, productID: row.productID, purchaseDate: context.now,
            state: revoke ? .revoked : .refunded, appliesTo: row.id,
            reason: reason.map { String(SafeText.sanitize($0).prefix(200)) })
        let values = ["transaction": row.id, "name": name(row.productID)]
        return LifecycleStep(
            transaction: event,
            summary: revoke
                ? Messages.tr("Revoked {{ transaction }} ({{ name }}): access through it ended now.", values)
                : Messages.tr("Refunded {{ transaction }} ({{ name }}): access through it ended now.", values))
    }

    // MARK: Helpers

    private func product(_ id: String) throws(LifecycleRefusal) -> Product {
        if let product = catalog.products[id] { return product }
        let known = catalog.products.keys.sorted()
        let shown = SafeText.excerpt(id)
        throw LifecycleRefusal(
            .unknownName,
            Suggestions.closest(to: id, in: known, limit: 1).first.map {
                Messages.tr(
                    "no product \"{{ product }}\" in the catalog; did you mean \"{{ suggestion }}\"?",
                    ["product": shown, "suggestion": $0])
            } ?? Messages.tr("no product \"{{ product }}\" in the catalog", ["product": shown]))
    }

    private func promotionalOffer(_ id: String, of product: Product) throws(LifecycleRefusal) -> SubscriptionOffer {
        if let offer = product.offers.first(where: { $0.id == id }) { return offer }
        let known = product.offers.map(\.id)
        throw LifecycleRefusal(
            .unknownName,
            known.isEmpty
                ? Messages.tr(
                    "{{ product }} has no offer \"{{ offer }}\"",
                    ["product": product.id, "offer": SafeText.excerpt(id)])
                : Messages.tr(
                    "{{ product }} has no offer \"{{ offer }}\"; it has {{ offers }}",
                    [
                        "product": product.id, "offer": SafeText.excerpt(id),
                        "offers": known.map { "\"\($0)\"" }.joined(separator: ", "),
                    ]))
    }

    /// The group's current subscription for a command naming any product of the group.
    private func currentSubscription(_ productID: String, in context: StoreContext) throws(LifecycleRefusal)
        -> (Product, GroupStanding.Subscription)
    {
        let product = try self.product(productID)
        guard product.type == .autoRenewable else {
            throw LifecycleRefusal(
                .notAllowed, Messages.tr("{{ product }} is not an auto-renewable subscription", ["product": product.id])
            )
        }
        let standing = GroupStanding(groupOf: product, in: context)
        guard let current = standing.current else {
            throw LifecycleRefusal(
                .notAllowed,
                standing.lapsed.map {
                    Messages.tr(
                        "no current subscription in the group of {{ product }}; {{ name }}: {{ state }}",
                        ["product": product.localizedTitle, "name": name($0.productID), "state": endText($0)])
                }
                    ?? Messages.tr(
                        "no current subscription in the group of {{ product }}", ["product": product.localizedTitle]))
        }
        return (catalog.products[current.productID] ?? product, current)
    }

    private func subscription(onExactly product: Product, in context: StoreContext) throws(LifecycleRefusal)
        -> GroupStanding.Subscription
    {
        let (_, current) = try currentSubscription(product.id, in: context)
        guard current.productID == product.id else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "the customer is on {{ name }}, not {{ other }}",
                    ["name": name(current.productID), "other": product.localizedTitle]))
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
            case .new: return Messages.tr("new subscribers")
            case .existing: return Messages.tr("current subscribers")
            case .expired: return Messages.tr("lapsed subscribers")
            }
        }
        let standingText: String
        switch standing.eligibility {
        case .new: standingText = Messages.tr("this customer never subscribed")
        case .existing: standingText = Messages.tr("this customer is subscribed now")
        case .expired: standingText = Messages.tr("this customer's subscription lapsed")
        }
        let values = ["offer": offer.id, "who": Messages.list(who), "standing": standingText]
        return offer.kind == .code
            ? Messages.tr("the code {{ offer }} is for {{ who }} only; {{ standing }}", values)
            : Messages.tr("the offer {{ offer }} is for {{ who }} only; {{ standing }}", values)
    }

    private func isFailing(_ subscription: GroupStanding.Subscription) -> Bool {
        switch subscription.state {
        case .inGracePeriod, .inBillingRetry: return true
        default: return false
        }
    }

    private func endText(_ subscription: GroupStanding.Subscription) -> String {
        switch subscription.state {
        case .active(let until, let renews):
            return renews
                ? Messages.tr("it renews on {{ date }}", ["date": day(until)])
                : Messages.tr("it ends on {{ date }}", ["date": day(until)])
        case .inGracePeriod(let until):
            return Messages.tr("its payment is failing; access lasts until {{ date }}", ["date": day(until)])
        case .inBillingRetry(let since): return Messages.tr("its payment failed on {{ date }}", ["date": day(since)])
        case .expired(let on): return Messages.tr("it expired on {{ date }}", ["date": day(on)])
        case .refunded(let on): return Messages.tr("it was refunded on {{ date }}", ["date": day(on)])
        case .revoked(let on): return Messages.tr("it was revoked on {{ date }}", ["date": day(on)])
        case .notPurchased, .lifetime, .awaitingApproval: return Messages.tr("it is not current")
        }
    }

    /// What a price increase does, by whether the customer must agree and whether the next
    /// renewal's date is known.
    static func priceIncreaseSummary(name: String, price: String, date: String?, consent: Bool) -> String {
        let values = ["name": name, "price": price, "date": date ?? ""]
        switch (date != nil, consent) {
        case (true, false): return Messages.tr("{{ name }} renews at {{ price }} from {{ date }}.", values)
        case (true, true):
            return Messages.tr(
                "{{ name }} renews at {{ price }} from {{ date }} if the customer agrees; otherwise it ends then.",
                values)
        case (false, false): return Messages.tr("{{ name }} renews at {{ price }} from the next renewal.", values)
        case (false, true):
            return Messages.tr(
                "{{ name }} renews at {{ price }} from the next renewal if the customer agrees; otherwise it ends then.",
                values)
        }
    }

    private func name(_ productID: String) -> String { catalog.products[productID]?.localizedTitle ?? productID }

    private func money(_ amount: Decimal, _ product: Product) -> String {
        PriceFormatter(locale: locale).string(for: amount, currencyCode: product.currencyCode)
    }

    func day(_ date: Date) -> String { EntitlementStatus.day(date, locale: locale, timeZone: timeZone) }
}
