/// A box the paywall puts over its page. The cases are the one order the boxes stack in, bottom
/// first: each is drawn over those before it, and the last one open takes the keys
/// (`PaywallController.openBoxes`, `keyContext`), so the box that answers a key is always the
/// one on top.
public enum PaywallBox: Int, CaseIterable, Hashable, Sendable {
    /// The transaction manager: the boxes its actions raise come over it.
    case transactionManager
    /// The checkout sheet of a product sold for real.
    case checkoutSheet
    /// The box an offer code is typed into.
    case offerCode
    /// The box asking before a plan change, or a purchase of what is active already.
    case confirmation
    /// The test store's sheet asking how a purchase ends (`--simulate prompt`).
    case testStoreSheet
    /// A link's address.
    case link
    /// A notice after a purchase or restore, or of a storage problem: it comes over whatever was
    /// open when it came (a ledger damaged while the test store's sheet was up), so it is seen
    /// before a key can close it.
    case notice

    /// The keys that work while this box is on top.
    public var keyContext: KeyContext {
        switch self {
        case .transactionManager: .transactionManager
        case .checkoutSheet: .checkoutSheet
        case .offerCode: .offerCode
        case .confirmation: .confirmation
        case .testStoreSheet: .testStoreSheet
        case .link: .message
        case .notice: .notice
        }
    }
}
