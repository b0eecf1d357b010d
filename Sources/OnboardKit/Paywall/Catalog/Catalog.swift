/// Everything a paywall sells, shaped like RevenueCat's model: offerings of packages, the
/// products behind them, the entitlements they grant and the legal links.
public struct Catalog: Hashable, Sendable {
    /// Offerings in the order the file lists them.
    public var offerings: [Offering]
    /// The offering a paywall shows unless told otherwise.
    public var currentOfferingID: String
    public var products: [String: Product]
    public var entitlements: [Entitlement]
    public var links: CatalogLinks
    /// Signed licenses: nil for a catalog that only simulates (every purchase then counts).
    public var licensing: Licensing?
    /// Offer codes a customer can redeem, each for one product.
    public var offerCodes: [SubscriptionOffer]
    public var store: StoreSettings
    /// The design of every paywall (`"paywall"`), which a paywall page's own members override.
    public var paywall = PaywallDesign()

    public init(
        offerings: [Offering], currentOfferingID: String, products: [String: Product], entitlements: [Entitlement],
        links: CatalogLinks = CatalogLinks(), licensing: Licensing? = nil,
        offerCodes: [SubscriptionOffer] = [], store: StoreSettings = StoreSettings()
    ) {
        self.offerings = offerings
        self.currentOfferingID = currentOfferingID
        self.products = products
        self.entitlements = entitlements
        self.links = links
        self.licensing = licensing
        self.offerCodes = offerCodes
        self.store = store
    }

    /// True when simulated purchases count toward `has` and `status`: no licensing, or `mixed`.
    public var countsSimulatedPurchases: Bool { licensing?.countsSimulatedPurchases ?? true }

    public var currentOffering: Offering? { offering(id: currentOfferingID) }

    public func offering(id: String) -> Offering? { offerings.first { $0.id == id } }

    public func entitlement(id: String) -> Entitlement? { entitlements.first { $0.id == id } }

    /// The entitlements a purchase of `productID` grants.
    public func entitlements(grantedBy productID: String) -> [Entitlement] {
        entitlements.filter { $0.productIDs.contains(productID) }
    }

    /// The offer code `code` names, compared without regard to case; nil when none does.
    public func offerCode(_ code: String) -> SubscriptionOffer? {
        let wanted = code.uppercased()
        return offerCodes.first { $0.id.uppercased() == wanted }
    }

    /// The promotional or win-back offer of `productID` with this identifier.
    public func offer(id: String, of productID: String) -> SubscriptionOffer? {
        products[productID]?.offers.first { $0.id == id }
    }
}
