/// What an action records, and what to tell the customer once it is recorded.
public struct LifecycleStep: Hashable, Sendable {
    public var transaction: LedgerTransaction
    /// One sentence: "Upgraded to Annual now; $3.21 of Monthly was refunded."
    public var summary: String
    /// True when the step is a purchase worth confetti.
    public var celebrates: Bool

    public init(transaction: LedgerTransaction, summary: String, celebrates: Bool = false) {
        self.transaction = transaction
        self.summary = summary
        self.celebrates = celebrates
    }
}
