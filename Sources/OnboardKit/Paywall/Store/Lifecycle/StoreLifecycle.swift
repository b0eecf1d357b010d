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

    func step(_ action: LifecycleAction, in context: StoreContext, id: String) throws(LifecycleRefusal)
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

}
