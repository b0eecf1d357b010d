/// The words the subscription lifecycle adds to a paywall's rows, worked out by the controller
/// from the entitlement snapshot: what choosing another plan does, what choosing the current one
/// again does, and the win-back offers of a lapsed subscriber.
public struct PaywallLifecycleText: Hashable, Sendable {
    /// The row's tag for another plan of the group: "upgrade now", "from Feb 10".
    public var planChangeTags: [String: String] = [:]
    /// The call to action for it: "Upgrade now", "Change to Basic on Feb 10".
    public var planChangeCalls: [String: String] = [:]
    /// The call to action for the current plan when choosing it again restores its renewal.
    public var resumeCalls: [String: String] = [:]
    /// What the key line calls Enter: "upgrade", "change plan", "resume".
    public var buyLabels: [String: String] = [:]
    /// "Welcome back: 1 month free", per product.
    public var winBackOffers: [String: String] = [:]

    public init() {}
}
