import FoundationEssentials

/// One thing for sale, as the store describes it: price, currency, period and names.
public struct Product: Hashable, Sendable {
    /// The store's product identifier, such as `com.example.pro.annual`.
    public var id: String
    public var type: ProductType
    /// The price in `currencyCode`, exact (never a binary floating-point number).
    public var price: Decimal
    /// ISO 4217 code such as `USD`.
    public var currencyCode: String
    /// How long one purchase lasts: the renewal period of an auto-renewable subscription, or the
    /// length of a non-renewing pass when known. Nil for consumables and non-consumables.
    public var subscriptionPeriod: SubscriptionPeriod?
    /// The subscription group: a customer holds at most one subscription of a group at a time.
    public var subscriptionGroup: String?
    /// The service level inside the group; 1 is the highest.
    public var subscriptionGroupLevel: Int?
    public var introductoryOffer: IntroductoryOffer?
    /// Promotional and win-back offers of this product (offer codes are the catalog's).
    public var offers: [SubscriptionOffer]
    public var localizedTitle: String
    public var localizedDescription: String
    /// Where the product is really bought (signed licensing); nil: only in the simulated store.
    public var checkout: ProductCheckout?

    public init(
        id: String, type: ProductType, price: Decimal, currencyCode: String,
        subscriptionPeriod: SubscriptionPeriod? = nil, subscriptionGroup: String? = nil,
        subscriptionGroupLevel: Int? = nil, introductoryOffer: IntroductoryOffer? = nil,
        localizedTitle: String, localizedDescription: String = "", checkout: ProductCheckout? = nil,
        offers: [SubscriptionOffer] = []
    ) {
        self.id = id
        self.type = type
        self.price = price
        self.currencyCode = currencyCode
        self.subscriptionPeriod = subscriptionPeriod
        self.subscriptionGroup = subscriptionGroup
        self.subscriptionGroupLevel = subscriptionGroupLevel
        self.introductoryOffer = introductoryOffer
        self.localizedTitle = localizedTitle
        self.localizedDescription = localizedDescription
        self.checkout = checkout
        self.offers = offers
    }
}
