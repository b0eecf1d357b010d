import FoundationEssentials
import FoundationInternationalization

/// What every action of `StoreLifecycle` looks up and words the same way: products, offers, the
/// subscription acted on, refunds pro rata and the texts of dates and prices.
extension StoreLifecycle {
    // MARK: Helpers

    func product(_ id: String) throws(LifecycleRefusal) -> Product {
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

    func promotionalOffer(_ id: String, of product: Product) throws(LifecycleRefusal) -> SubscriptionOffer {
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
    func currentSubscription(_ productID: String, in context: StoreContext) throws(LifecycleRefusal)
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

    func subscription(onExactly product: Product, in context: StoreContext) throws(LifecycleRefusal)
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

    func event(
        _ state: LedgerTransaction.State, on current: GroupStanding.Subscription, product: Product,
        in context: StoreContext, id: String
    ) -> LedgerTransaction {
        LedgerTransaction(
            id: id, originalID: current.originalID, productID: current.productID, purchaseDate: context.now,
            state: state, appliesTo: current.details.latestGrantID)
    }

    /// The unused part of the current period's price at `now`, cut to the currency's digits.
    func proratedRefund(of current: GroupStanding.Subscription, at now: Date) -> Decimal {
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

    func meets(_ condition: WinBackCondition, _ standing: GroupStanding, in context: StoreContext) -> Bool {
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

    func ineligibility(_ offer: SubscriptionOffer, standing: GroupStanding) -> String {
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

    func isFailing(_ subscription: GroupStanding.Subscription) -> Bool {
        switch subscription.state {
        case .inGracePeriod, .inBillingRetry: return true
        default: return false
        }
    }

    func endText(_ subscription: GroupStanding.Subscription) -> String {
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

    func name(_ productID: String) -> String { catalog.products[productID]?.localizedTitle ?? productID }

    func money(_ amount: Decimal, _ product: Product) -> String {
        PriceFormatter(locale: locale).string(for: amount, currencyCode: product.currencyCode)
    }

    func day(_ date: Date) -> String { EntitlementStatus.day(date, locale: locale, timeZone: timeZone) }
}
