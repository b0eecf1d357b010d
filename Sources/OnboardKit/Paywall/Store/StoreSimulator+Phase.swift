extension StoreSimulator {
    /// Where the purchase flow is. Anything but `idle` is busy, and a busy store ignores every
    /// further request, so a purchase can never be started twice.
    public enum Phase: Hashable, Sendable {
        case idle
        /// The prompt sheet is up, waiting for the outcome to simulate.
        case confirming(packageID: String)
        /// The purchase of the package is in flight; `remaining` seconds until `outcome`.
        case purchasing(packageID: String, outcome: Outcome, remaining: Double)
        /// A restore is in flight; `remaining` seconds until it answers.
        case restoring(remaining: Double)
    }

    /// How a simulated purchase ends.
    public enum Outcome: Hashable, Sendable {
        /// The purchase goes through and is recorded.
        case success
        /// The purchase fails for the given reason; nothing is recorded.
        case failure(reason: String)
        /// The customer backs out; nothing is recorded and nothing is said.
        case cancelled
        /// An ask-to-buy request is recorded and waits for approval.
        case pending
    }
}
