import FoundationEssentials

/// A price increase at the next renewal, with or without the customer's consent, and the
/// customer's answer when it asks for one.
extension StoreLifecycle {
    /// Raises the renewal price of the plan the customer is on. The new price must be higher
    /// than the one the plan renews at now, in whole units of the currency.
    func raisePrice(_ productID: String, to price: Decimal, consent: Bool, in context: StoreContext, id: String)
        throws(LifecycleRefusal) -> LifecycleStep
    {
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
    }

    /// Agrees to or declines a price increase that waits for consent; declining ends the
    /// subscription at its renewal.
    func answerPriceIncrease(_ productID: String, agree: Bool, in context: StoreContext, id: String)
        throws(LifecycleRefusal) -> LifecycleStep
    {
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
