extension StoreSimulator {
    /// Where the purchase flow is. Anything but `idle` is busy, and a busy store ignores every
    /// further request, so a purchase can never be started twice.
    public enum Phase: Hashable, Sendable {
        case idle
        /// The prompt sheet is up, waiting for the outcome to simulate.
        case confirming(packageID: String)
        /// The purchase of the package is in flight; `remaining` seconds until `outcome`.
        case purchasing(packageID: String, outcome: PurchaseResult, remaining: Double)
        /// A restore is in flight; `remaining` seconds until it answers.
        case restoring(remaining: Double)
        /// A transaction waits for the shell to record it; what the customer is told, and the
        /// confetti, wait for the shell's answer.
        case saving(Saving)
    }

    /// A transaction on its way to the ledger.
    public struct Saving: Hashable, Sendable {
        public var transaction: LedgerTransaction
        /// What the paywall says once the transaction is recorded.
        public var notice: Notice
        /// True when recording it is worth confetti.
        public var celebrates: Bool
        /// The package bought, so that a failure to record can be retried; nil for answers to
        /// ask-to-buy requests.
        public var package: Package?
        /// True once the shell has said another process holds the ledger's lock.
        public var isWaitingForLock = false
        /// Seconds spent waiting for the lock, and since the shell was last asked.
        public var waited: Double = 0
        var sinceLastAsk: Double = 0
    }

    /// How a simulated purchase ends.
    public enum PurchaseResult: Hashable, Sendable {
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
