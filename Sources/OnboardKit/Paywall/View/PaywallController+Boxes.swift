extension PaywallController {
    /// Whether `box` is open now.
    public func isOpen(_ box: PaywallBox) -> Bool {
        switch box {
        case .transactionManager: return manager != nil
        case .checkoutSheet: return checkout != nil
        case .offerCode: return offerCodeEntry != nil
        case .confirmation: return confirmation != nil
        case .testStoreSheet:
            if case .confirming = store.phase, store.activePackage != nil { return true }
            return false
        case .link: return openLink != nil
        case .notice: return store.notice != nil
        }
    }

    /// The boxes open now, bottom first: `PaywallOverlay` draws them in this order and keys go
    /// to the last.
    public var openBoxes: [PaywallBox] { PaywallBox.allCases.filter(isOpen) }

    /// Where keys go now: the box on top, else the paywall page itself.
    public var keyContext: KeyContext { openBoxes.last?.keyContext ?? .paywall }
}
