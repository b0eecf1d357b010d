import FoundationEssentials

/// The checkout sheet of a product sold for real: opening it, its keys, and the license text
/// pasted or typed into it.
extension PaywallController {
    // MARK: The checkout sheet

    /// Opens the checkout sheet when `product` is sold for real (a checkout address, signed
    /// licensing, a reference from the shell); false leaves the purchase to the simulation.
    mutating func openCheckout(for product: Product) -> Bool {
        guard let address = product.checkout, catalog.licensing != nil, let reference = checkoutReference else {
            return false
        }
        open(
            .checkoutSheet(
                CheckoutSheet(
                    productTitle: product.localizedTitle, productID: product.id,
                    url: address.url(reference: reference), reference: reference)))
        return true
    }

    /// An action on the checkout sheet, on top.
    mutating func performOnCheckout(_ action: KeyAction?, sheet: CheckoutSheet) -> [StoreEvent] {
        switch action {
        case .openCheckout:
            updateCheckout { $0.openFailure = nil }
            return [.openAddress(sheet.url)]
        case .close:
            closeOwnBox()
        default:
            break
        }
        return []
    }

    /// A key typed on the checkout sheet that belongs to license text (from its `-` on, Enter
    /// as a newline, Escape to give up) or to the license key it asks for; nil for the sheet's
    /// own keys.
    mutating func typeOnCheckout(_ key: Key, sheet: CheckoutSheet) -> [StoreEvent]? {
        guard !sheet.isVerifying else { return nil }
        if sheet.isAskingForKey { return typeLicenseKey(key, sheet: sheet) }
        var sheet = sheet
        var character: Character?
        switch key {
        case .character(let typed): character = typed
        case .enter where sheet.isTyping: character = "\n"
        case .escape where sheet.isTyping:
            sheet.eraseTyped()
            replaceOwnTop(with: .checkoutSheet(sheet))
            return []
        default: break
        }
        guard let character, sheet.isTyping || character == "-" else { return nil }
        let complete = sheet.type(character)
        replaceOwnTop(with: .checkoutSheet(sheet))
        return complete.map { verify($0) } ?? []
    }

    /// A key typed while the sheet asks for a license key: every key is the key's (`o` and `q`
    /// included), Backspace erases, Enter submits, Escape gives up the file.
    mutating func typeLicenseKey(_ key: Key, sheet: CheckoutSheet) -> [StoreEvent] {
        var sheet = sheet
        var events: [StoreEvent] = []
        switch key {
        case .character(let typed): sheet.editKey { _ = $0.type(typed) }
        case .backspace: sheet.editKey { $0.deleteBackward() }
        case .escape: sheet.cancelKeyEntry()
        case .enter:
            if let submitted = sheet.submitKey() { events = [.verifyLicense(submitted.license, key: submitted.key)] }
        default: return []
        }
        replaceOwnTop(with: .checkoutSheet(sheet))
        return events
    }

    /// Pasted text on the checkout sheet: a license, verified at once, or the license key it
    /// asks for. Nil while one is being verified.
    mutating func pasteOnCheckout(_ text: String, sheet: CheckoutSheet) -> [StoreEvent]? {
        guard !sheet.isVerifying else { return nil }
        guard sheet.isAskingForKey else { return verify(text) }
        var sheet = sheet
        sheet.editKey { $0.paste(text) }
        replaceOwnTop(with: .checkoutSheet(sheet))
        return []
    }

    mutating func verify(_ text: String) -> [StoreEvent] {
        updateCheckout { $0.handOver(text) }
        return [.verifyLicense(text)]
    }

    /// The shell verified the license: "Licensed to NAME" and the confetti, or why not, on the
    /// sheet, or for an encrypted one the question of its license key (again); `licenses` (those
    /// stored now, when the shell read them) replace the paywall's.
    mutating func finishLicenseCheck(_ outcome: CheckoutSheet.Outcome, licenses: [License]?) -> [StoreEvent] {
        updateCheckout { $0.finish(outcome) }
        if let licenses {
            self.licenses = licenses
            refreshStatusLines()
        }
        if case .licensed = outcome { return [.celebrate] }
        return []
    }

    /// The shell tried to open the browser; `failure` says why it could not.
    mutating func addressOpened(failure: String?) {
        updateCheckout { $0.openFailure = failure }
    }
}
