import FoundationEssentials

/// Legal links a paywall must offer next to a subscription.
public struct CatalogLinks: Hashable, Sendable {
    public var privacyPolicy: URL?
    public var termsOfUse: URL?

    public init(privacyPolicy: URL? = nil, termsOfUse: URL? = nil) {
        self.privacyPolicy = privacyPolicy
        self.termsOfUse = termsOfUse
    }
}
