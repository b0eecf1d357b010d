/// A box the paywall puts over its page, carrying what it shows: the one value that says what
/// is open there. `PaywallController.openBoxes` stacks them and its `top` is what is drawn last,
/// takes the next key (`keyContext`) and the next click, and what Escape or a click beside it
/// closes (DECISIONS.md, 2026-12-07).
public enum PaywallBox: Hashable, Sendable {
    /// The transaction manager: the boxes its actions raise come over it.
    case transactionManager(TransactionManagerBox)
    /// The checkout sheet of a product sold for real.
    case checkoutSheet(CheckoutSheet)
    /// The box an offer code is typed into.
    case offerCode(OfferCodeEntry)
    /// The box asking before a plan change, a refund, or a purchase of what is active already.
    case confirmation(PaywallConfirmation)
    /// A link's address.
    case link(PaywallController.Link)
    /// The test store's sheet asking how the purchase of this package ends (`--simulate
    /// prompt`). The store raises it, over the paywall's own boxes.
    case testStoreSheet(Package)
    /// A notice after a purchase or restore, or of a storage problem. The store raises it at
    /// any time (a ledger found damaged while the test store's sheet is up), over every other
    /// box, so it is seen before a key or a click can close it.
    case notice(StoreSimulator.Notice)

    /// The boxes without what they carry: what a table of cases or a test names.
    public enum Kind: Int, CaseIterable, Hashable, Sendable {
        case transactionManager, checkoutSheet, offerCode, confirmation, link, testStoreSheet, notice
    }

    public var kind: Kind {
        switch self {
        case .transactionManager: .transactionManager
        case .checkoutSheet: .checkoutSheet
        case .offerCode: .offerCode
        case .confirmation: .confirmation
        case .link: .link
        case .testStoreSheet: .testStoreSheet
        case .notice: .notice
        }
    }

    /// The keys that work while this box is on top.
    public var keyContext: KeyContext {
        switch self {
        case .transactionManager: .transactionManager
        case .checkoutSheet: .checkoutSheet
        case .offerCode: .offerCode
        case .confirmation: .confirmation
        case .link: .message
        case .testStoreSheet: .testStoreSheet
        case .notice: .notice
        }
    }
}
