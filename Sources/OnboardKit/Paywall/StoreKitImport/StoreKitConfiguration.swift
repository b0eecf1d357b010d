import FoundationEssentials

/// The products of an Xcode StoreKit configuration (`.storekit`) file, with its offer codes and
/// the settings that shape them. Signing keys and the other test settings are not kept.
public struct StoreKitConfiguration: Hashable, Sendable {
    /// In file order: one-time products, then non-renewing passes, then subscriptions group by
    /// group.
    public var products: [Product]
    /// The ISO 3166 alpha-3 storefront (`USA`, `CHN`) the prices belong to; nil when the file
    /// names none.
    public var storefront: String?
    /// The currency of every price, from the storefront.
    public var currencyCode: String
    /// The file's default locale (`settings._locale`), such as `en_US`.
    public var defaultLocale: String?
    /// The privacy policy address from `appPolicies`, when the file has one.
    public var privacyPolicy: URL?
    /// The terms of use address, when `appPolicies.eula` holds one rather than licence text.
    public var termsOfUse: URL?
    /// The subscriptions' `codeOffers`, in file order.
    public var offerCodes: [SubscriptionOffer]
    /// The billing grace period, from `settings._billingGracePeriodEnabled`.
    public var store: StoreSettings

    public init(
        products: [Product], storefront: String?, currencyCode: String, defaultLocale: String?,
        privacyPolicy: URL? = nil, termsOfUse: URL? = nil, offerCodes: [SubscriptionOffer] = [],
        store: StoreSettings = StoreSettings()
    ) {
        self.termsOfUse = termsOfUse
        self.products = products
        self.storefront = storefront
        self.currencyCode = currencyCode
        self.defaultLocale = defaultLocale
        self.privacyPolicy = privacyPolicy
        self.offerCodes = offerCodes
        self.store = store
    }
}
