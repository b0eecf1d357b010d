extension StoreSimulator {
    /// How simulated purchases end (`--simulate`).
    public enum SimulationMode: String, Hashable, Sendable, CaseIterable {
        /// Every purchase goes through.
        case success
        /// Every purchase fails, with a reason and a way to retry.
        case fail
        /// The customer backs out of every purchase.
        case cancel
        /// Every purchase becomes an ask-to-buy request waiting for a parent.
        case pending
        /// A sheet shows the product, price, period and offer and asks which outcome to
        /// simulate, like RevenueCat's test store.
        case prompt

        /// The outcome the mode decides on its own; nil for `prompt`, which asks.
        public var outcome: PurchaseResult? {
            switch self {
            case .success: return .success
            case .fail: return .failure(reason: StoreSimulator.simulatedFailureReason)
            case .cancel: return .cancelled
            case .pending: return .pending
            case .prompt: return nil
            }
        }
    }
}
