import FoundationEssentials

/// The offer code box: a code typed or pasted, checked before it closes, and what it gives
/// said in a confirmation before anything is redeemed.
extension PaywallController {
    /// An action on the offer code box, on top.
    mutating func performOnOfferCode(_ action: KeyAction?, entry: OfferCodeEntry) -> [StoreEvent] {
        switch action {
        case .redeemCode:
            guard !entry.text.isEmpty else {
                showOfferCodeProblem(Messages.tr("Type the code first."), in: entry)
                return []
            }
            let lifecycle = StoreLifecycle(catalog: catalog, calendar: calendar, locale: locale, timeZone: timeZone)
            // Checked here first, so a code that is not taken leaves the box open to try another.
            if case .failure(let refusal) = lifecycle.plan(.redeem(code: entry.text), in: context, transactionID: "?") {
                showOfferCodeProblem(SafeText.sanitize(refusal.message), in: entry)
                return []
            }
            closeOwnBox()
            // What the code gives is said before anything is bought.
            open(.confirmation(redeemConfirmation(of: entry.text)))
        case .close:
            closeOwnBox()
        default:
            break
        }
        return []
    }

    mutating func showOfferCodeProblem(_ problem: String, in entry: OfferCodeEntry) {
        var entry = entry
        entry.problem = problem
        replaceOwnTop(with: .offerCode(entry))
    }

    /// The box asking before `code` is redeemed: the product and the terms it gives.
    func redeemConfirmation(of code: String) -> PaywallConfirmation {
        let offer = catalog.offerCode(code)
        let product = offer.flatMap { catalog.products[$0.productID] }
        let terms = offer.map { offer -> String in
            let duration = offer.terms.totalDuration.description
            guard let product else { return duration }
            let values = [
                "duration": duration, "price": formatter.pricePerPeriod(of: product),
                "offer_price": formatter.string(for: offer.terms.price, currencyCode: product.currencyCode),
            ]
            switch offer.terms.paymentMode {
            case .freeTrial: return Messages.tr("{{ duration }} free, then {{ price }}", values)
            case .payAsYouGo:
                return Messages.tr("{{ offer_price }} a period for {{ duration }}, then {{ price }}", values)
            case .payUpFront: return Messages.tr("{{ offer_price }} for {{ duration }}, then {{ price }}", values)
            }
        }
        let shownCode = SafeText.sanitize(offer?.id ?? code)
        return PaywallConfirmation(
            title: Messages.tr("Redeem {{ code }}", ["code": shownCode]),
            message: Messages.tr(
                "{{ name }}: {{ terms }}?",
                ["name": SafeText.sanitize(product?.localizedTitle ?? ""), "terms": terms ?? ""]),
            confirmLabel: Messages.tr("Redeem"),
            action: .lifecycle(.redeem(code: code), doneTitle: Messages.tr("Code redeemed")))
    }

    /// A key typed into the offer code box, on top: characters and Backspace edit the code; nil
    /// for the box's own keys.
    mutating func typeOnOfferCode(_ key: Key, entry: OfferCodeEntry) -> [StoreEvent]? {
        var entry = entry
        switch key {
        case .character(let character):
            if !entry.type(character) { entry.problem = Messages.tr("Codes are letters, digits, - and _.") }
        case .backspace:
            entry.deleteBackward()
        default:
            return nil
        }
        replaceOwnTop(with: .offerCode(entry))
        return []
    }

    /// Pasted text in the offer code box, on top.
    mutating func pasteOnOfferCode(_ text: String, entry: OfferCodeEntry) -> [StoreEvent] {
        var entry = entry
        entry.paste(text)
        replaceOwnTop(with: .offerCode(entry))
        return []
    }
}
