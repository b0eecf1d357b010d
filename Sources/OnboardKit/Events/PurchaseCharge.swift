import FoundationEssentials

/// What a purchase cost when it was made, for the event stream's `purchaseFinished`: the price
/// paid at that moment in the product's currency, and whether the purchase starts a free trial
/// or an introductory (or other) offer. A report counts trials and revenue from these alone.
public struct PurchaseCharge: Hashable, Sendable {
    /// Paid now: 0 for a free trial's start, an ask-to-buy request that waits for a parent, or
    /// an offer scheduled for the next renewal; the offer's price for a discounted first
    /// period; else the product's price.
    public var price: Decimal
    /// The product's ISO 4217 code.
    public var currency: String
    /// True when the purchase starts under an offer (a free trial or a discounted period).
    public var startsOffer: Bool

    public init(price: Decimal, currency: String, startsOffer: Bool) {
        self.price = price
        self.currency = currency
        self.startsOffer = startsOffer
    }

    /// The charge of `transaction`, a purchase of `product` as the store recorded it: the offer
    /// it names (`offerID` among the product's offers, else its introductory offer) sets the
    /// first price.
    public init(of transaction: LedgerTransaction, product: Product) {
        currency = product.currencyCode
        let terms = transaction.offer.flatMap { _ in Self.offerTerms(of: transaction, product: product) }
        startsOffer = transaction.offer != nil && transaction.state != .offerScheduled
        switch transaction.state {
        case .pending, .offerScheduled:
            // Nothing is paid yet: a parent has not approved, or the offer waits for a renewal.
            price = 0
        default:
            price = terms.map { $0.paymentMode == .freeTrial ? 0 : $0.price } ?? product.price
        }
    }

    private static func offerTerms(of transaction: LedgerTransaction, product: Product) -> IntroductoryOffer? {
        if let id = transaction.offerID, let offer = product.offers.first(where: { $0.id == id }) {
            return offer.terms
        }
        return product.introductoryOffer
    }

    /// The price as the event line writes it: a plain decimal with a dot, whatever the locale.
    public var priceText: String { price.description }
}
