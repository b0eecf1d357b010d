/// A box that asks before the store does something the customer may not mean: a plan change,
/// turning a subscription's renewal back on, or buying what an active subscription already
/// gives. Enter (or `y`) does it; Esc (or `n`) leaves everything as it was.
public struct PaywallConfirmation: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// A lifecycle action, and the title of the notice once it is recorded.
        case lifecycle(LifecycleAction, doneTitle: String)
        /// The ordinary purchase flow for a package.
        case purchase(Package)
    }

    public var title: String
    public var message: String
    /// "Upgrade", "Buy anyway": what Enter does, in the footer.
    public var confirmLabel: String
    public var action: Action
}
