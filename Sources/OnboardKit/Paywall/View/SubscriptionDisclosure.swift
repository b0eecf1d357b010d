/// The terms App Review asks for under the call to action of an auto-renewable subscription,
/// generated from the package: the billed price first and most prominent, its length, the price
/// per month after it, the trial's terms, that it renews until cancelled, and how and when to
/// cancel. A catalog's `disclosure` copy replaces the generated text (its `{{ }}` variables are
/// those of the rest of the copy).
public enum SubscriptionDisclosure {
    /// The disclosure for `package`, nil for anything but an auto-renewable subscription.
    /// `offerEligible`: the customer can still take the introductory offer.
    public static func text(
        for package: Package, in offering: Offering, offerEligible: Bool, formatter: PriceFormatter
    ) -> String? {
        let product = package.product
        guard product.type == .autoRenewable, let period = product.subscriptionPeriod else { return nil }
        if let replacement = offering.copy.disclosure {
            return SafeText.sanitize(
                PaywallCopyTemplate(replacement).render(package: package, offering: offering, formatter: formatter))
        }
        var billed = formatter.pricePerPeriodFull(of: product)
        if period != SubscriptionPeriod(value: 1, unit: .month), let monthly = formatter.price(of: product, per: .month)
        {
            billed = Messages.tr("{{ price }} ({{ monthly_price }}/mo)", ["price": billed, "monthly_price": monthly])
        }
        var terms = billed
        if offerEligible, let offer = product.introductoryOffer {
            let duration = offer.totalDuration.description
            let offerPrice = formatter.string(for: offer.price, currencyCode: product.currencyCode)
            switch offer.paymentMode {
            case .freeTrial:
                terms = Messages.tr("{{ duration }} free, then {{ price }}", ["duration": duration, "price": billed])
            case .payUpFront:
                terms = Messages.tr(
                    "{{ offer_price }} for {{ duration }}, then {{ price }}",
                    ["offer_price": offerPrice, "duration": duration, "price": billed])
            case .payAsYouGo:
                terms = Messages.tr(
                    "{{ offer_price }} a period for {{ duration }}, then {{ price }}",
                    ["offer_price": offerPrice, "duration": duration, "price": billed])
            }
        }
        return Messages.tr(
            "{{ terms }}. Renews automatically until cancelled; cancel in your account settings at least 24 hours before renewal.",
            ["terms": SafeText.sanitize(terms)])
    }
}
