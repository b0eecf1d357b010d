import FoundationEssentials
import FoundationInternationalization

/// What every action of `StoreLifecycle` looks up the same way: products, offers, the
/// subscription acted on, win-back conditions and refunds pro rata.
extension StoreLifecycle {
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

    func isFailing(_ subscription: GroupStanding.Subscription) -> Bool {
        switch subscription.state {
        case .inGracePeriod, .inBillingRetry: return true
        default: return false
        }
    }
}
