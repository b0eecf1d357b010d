/// What kind of in-app purchase a product is, as the stores distinguish them.
public enum ProductType: String, Hashable, Sendable, CaseIterable {
    /// Bought again and again, used up (a tip, a pack of coins).
    case consumable
    /// Bought once, kept forever (a lifetime unlock).
    case nonConsumable
    /// Access for a fixed time that does not renew by itself (a season pass).
    case nonRenewing
    /// A subscription that renews every period until cancelled.
    case autoRenewable

    /// True for the kinds that grant access over time.
    public var isSubscription: Bool { self == .autoRenewable || self == .nonRenewing }
}
