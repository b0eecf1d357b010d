import FoundationEssentials
import FoundationInternationalization

/// How the lifecycle's sentences word what they name: why an offer is not open to the customer,
/// where a subscription stands, what a price increase does, and products, prices and dates.
extension StoreLifecycle {
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
        case .notPurchased, .lifetime, .awaitingApproval, .licenseFileExpired: return Messages.tr("it is not current")
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
