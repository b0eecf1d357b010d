/// How the simulated store treats subscriptions beyond their products: a catalog's `"store"`
/// object, or a `.storekit` file's settings.
public struct StoreSettings: Hashable, Sendable {
    /// How long a subscriber keeps access after a renewal fails (billing grace period); nil
    /// when there is none and access stops at the failed renewal.
    public var gracePeriod: SubscriptionPeriod?

    public init(gracePeriod: SubscriptionPeriod? = nil) { self.gracePeriod = gracePeriod }

    /// The grace periods App Store Connect lets a seller choose, in days.
    public static let appStoreGracePeriodDays = [3, 16, 28]

    /// The grace period of a `.storekit` file whose settings only say it is enabled
    /// (`_billingGracePeriodEnabled`): the file names no length, and 16 days is the middle one of
    /// App Store Connect's choices.
    public static let enabledGracePeriod = SubscriptionPeriod(value: 16, unit: .day)

    /// How long the store keeps retrying a failed renewal before the subscription expires, as the
    /// App Store does.
    public static let billingRetryDays = 60
}
