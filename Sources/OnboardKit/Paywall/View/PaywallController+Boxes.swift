/// The boxes over the paywall's page, as one stack whose top decides everything: what is drawn
/// last, where the next key and the next click go, what Escape closes.
extension PaywallController {
    /// The boxes open now, bottom first: the paywall's own in the order they opened (a refund's
    /// confirmation over the transaction manager), then the store's, which it raises whatever is
    /// open (the test store's sheet, then a notice over everything). `PaywallOverlay` draws them
    /// in this order; keys and clicks go to `top`.
    public var openBoxes: [PaywallBox] {
        var boxes = ownBoxes
        if case .confirming = store.phase, let package = store.activePackage {
            boxes.append(.testStoreSheet(package))
        }
        if let notice = store.notice { boxes.append(.notice(notice)) }
        return boxes
    }

    /// The box on top: the one drawn last, that takes the next key and the next click. Nil
    /// when the page itself has them.
    public var top: PaywallBox? { openBoxes.last }

    /// Where keys go now: the box on top, else the paywall page itself.
    public var keyContext: KeyContext { top?.keyContext ?? .paywall }

    /// Opens `box` over those open now. The store's boxes are the store's: a notice is handed
    /// to it, and its sheet comes only from a purchase it starts (`--simulate prompt`).
    mutating func open(_ box: PaywallBox) {
        switch box {
        case .transactionManager, .checkoutSheet, .offerCode, .confirmation, .link:
            ownBoxes.append(box)
        case .notice(let notice):
            store.notice = notice
        case .testStoreSheet(let package):
            _ = store.purchase(package, in: context)
        }
    }

    /// Closes the paywall's own box on top (the store closes its own).
    mutating func closeOwnBox() {
        _ = ownBoxes.popLast()
    }

    /// Puts `box` in place of the paywall's own box on top: the same box, changed.
    mutating func replaceOwnTop(with box: PaywallBox) {
        guard !ownBoxes.isEmpty else { return }
        ownBoxes[ownBoxes.count - 1] = box
    }

    /// A key typed into the box on top, when it takes text (license text on the checkout
    /// sheet, a code in the offer code box): nil leaves the key to the box's table.
    mutating func type(_ key: Key) -> [StoreEvent]? {
        switch top {
        case .checkoutSheet(let sheet): return typeOnCheckout(key, sheet: sheet)
        case .offerCode(let entry): return typeOnOfferCode(key, entry: entry)
        case .transactionManager, .confirmation, .link, .testStoreSheet, .notice, nil: return nil
        }
    }

    /// Pasted text, for the box on top when it takes text; nil elsewhere, where a paste is
    /// never taken for keys.
    mutating func paste(_ text: String) -> [StoreEvent]? {
        switch top {
        case .checkoutSheet(let sheet): return pasteOnCheckout(text, sheet: sheet)
        case .offerCode(let entry): return pasteOnOfferCode(text, entry: entry)
        case .transactionManager, .confirmation, .link, .testStoreSheet, .notice, nil: return nil
        }
    }

    // MARK: What the boxes carry, wherever they lie in the stack

    /// The open transaction manager.
    public var manager: TransactionManagerBox? {
        for case .transactionManager(let box) in ownBoxes.reversed() { return box }
        return nil
    }

    /// The open checkout sheet.
    public var checkout: CheckoutSheet? {
        for case .checkoutSheet(let sheet) in ownBoxes.reversed() { return sheet }
        return nil
    }

    /// The open confirmation.
    public var confirmation: PaywallConfirmation? {
        for case .confirmation(let asked) in ownBoxes.reversed() { return asked }
        return nil
    }

    /// The open offer code box.
    public var offerCodeEntry: OfferCodeEntry? {
        for case .offerCode(let entry) in ownBoxes.reversed() { return entry }
        return nil
    }

    /// The open link box's link.
    public var openLink: Link? {
        for case .link(let link) in ownBoxes.reversed() { return link }
        return nil
    }

    /// Changes the open checkout sheet, wherever it lies: the shell's answers (a license
    /// checked, a browser opened) reach it even under a notice that came meanwhile.
    mutating func updateCheckout(_ change: (inout CheckoutSheet) -> Void) {
        for index in ownBoxes.indices {
            guard case .checkoutSheet(var sheet) = ownBoxes[index] else { continue }
            change(&sheet)
            ownBoxes[index] = .checkoutSheet(sheet)
        }
    }
}
