import FoundationEssentials

/// The subscription lifecycle on the paywall: plan changes and what Enter does to the current
/// plan, each after a confirmation; the offer code box; the transaction manager.
extension PaywallController {
    // MARK: Enter on a package

    /// Buys `package`, or first asks when the purchase changes a plan, turns a renewal back on,
    /// or pays for what an active subscription already gives: one keypress never charges twice.
    mutating func buyOrConfirm(_ package: Package) -> [StoreEvent] {
        let product = package.product
        let snapshot = entitlements.snapshot
        let name = SafeText.sanitize(product.localizedTitle)
        // Chosen already: it takes over at the renewal; the current plan's row calls it off.
        if snapshot.scheduledProductIDs.contains(product.id) { return [] }
        if let change = snapshot.planChanges[product.id] {
            let from = SafeText.sanitize(catalog.products[change.currentProductID]?.localizedTitle ?? "")
            let message: String
            let label: String
            if change.isImmediate {
                label = change.change == .upgrade ? Messages.tr("Upgrade") : Messages.tr("Switch")
                // The refund as the store would record it now.
                let lifecycle = StoreLifecycle(catalog: catalog, calendar: calendar, locale: locale, timeZone: timeZone)
                let refund =
                    (try? lifecycle.plan(
                        .buy(productID: product.id, offerID: nil), in: context,
                        transactionID: "?"
                    ).get())?.transaction.proratedRefund.flatMap { Decimal(string: $0) }
                let currency = catalog.products[change.currentProductID]?.currencyCode ?? product.currencyCode
                let values = [
                    "from": from, "to": name, "price": formatter.pricePerPeriod(of: product),
                    "refund": refund.map { formatter.string(for: $0, currencyCode: currency) } ?? "",
                ]
                switch (change.change == .upgrade, refund != nil) {
                case (true, true):
                    message = Messages.tr(
                        "Upgrade from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} ({{ refund }}) is refunded.",
                        values)
                case (true, false):
                    message = Messages.tr(
                        "Upgrade from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} is refunded.",
                        values)
                case (false, true):
                    message = Messages.tr(
                        "Switch from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} ({{ refund }}) is refunded.",
                        values)
                case (false, false):
                    message = Messages.tr(
                        "Switch from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} is refunded.",
                        values)
                }
            } else {
                label = Messages.tr("Change plan")
                let values = ["from": from, "to": name, "price": formatter.pricePerPeriod(of: product)]
                message =
                    change.effectiveDate.map {
                        Messages.tr(
                            "Change from {{ from }} to {{ to }} on {{ date }}? {{ from }} stays until then; {{ to }} renews at {{ price }} from that day.",
                            values.merging(["date": day($0)]) { $1 })
                    }
                    ?? Messages.tr(
                        "Change from {{ from }} to {{ to }} at the next renewal? {{ from }} stays until then; {{ to }} renews at {{ price }} from that day.",
                        values)
            }
            confirmation = PaywallConfirmation(
                title: change.isImmediate ? Messages.tr("Change plan now") : Messages.tr("Change plan at renewal"),
                message: message,
                confirmLabel: label,
                action: .lifecycle(.buy(productID: product.id, offerID: nil), doneTitle: Messages.tr("Plan changed")))
            return []
        }
        if snapshot.resumableProductIDs.contains(product.id) {
            let status = statuses.first { $0.productID == product.id }
            let pending = status?.subscription?.pendingProductID.flatMap { catalog.products[$0]?.localizedTitle }
            let message =
                pending.map {
                    Messages.tr(
                        "Stay on {{ name }}? The change to {{ other }} is called off.",
                        ["name": name, "other": SafeText.sanitize($0)])
                }
                ?? Messages.tr(
                    "Turn auto-renew of {{ name }} back on? It renews at {{ price }}.",
                    ["name": name, "price": formatter.pricePerPeriod(of: product)])
            confirmation = PaywallConfirmation(
                title: pending == nil ? Messages.tr("Resume subscription") : Messages.tr("Keep your plan"),
                message: message,
                confirmLabel: pending == nil ? Messages.tr("Resume") : Messages.tr("Keep plan"),
                action: .lifecycle(
                    .buy(productID: product.id, offerID: nil), doneTitle: Messages.tr("Subscription kept")))
            return []
        }
        if product.type == .autoRenewable,
            case .inBillingRetry(let since) = GroupStanding(groupOf: product, in: context).current?.state
        {
            store.notice = .refused(
                message: Messages.tr(
                    "The payment failed on {{ date }}: resolve it in the transaction manager, or cancel, before buying in this group.",
                    ["date": day(since)]))
            return []
        }
        if let access = snapshot.alreadyEntitled[product.id] {
            let names = catalog.entitlements(grantedBy: product.id).filter { entitlement in
                statuses.contains { $0.entitlement.id == entitlement.id && $0.isActive }
            }.map { SafeText.sanitize($0.displayName) }
            let values = ["entitlements": Messages.list(names), "name": name]
            confirmation = PaywallConfirmation(
                title: Messages.tr("Already active"),
                message: access.map {
                    Messages.tr(
                        "You have {{ entitlements }} until {{ date }}: buy {{ name }} anyway?",
                        values.merging(["date": day($0)]) { $1 })
                } ?? Messages.tr("You have {{ entitlements }}: buy {{ name }} anyway?", values),
                confirmLabel: Messages.tr("Buy anyway"), action: .purchase(package))
            return []
        }
        return store.purchase(package, in: context)
    }

    mutating func performOnConfirmation(_ action: KeyAction?) -> [StoreEvent] {
        guard let asked = confirmation else { return [] }
        switch action {
        case .confirm:
            confirmation = nil
            switch asked.action {
            case .lifecycle(let lifecycleAction, let title):
                return store.perform(lifecycleAction, title: title, in: context, locale: locale, timeZone: timeZone)
            case .purchase(let package):
                return store.purchase(package, in: context)
            }
        case .close:
            confirmation = nil
        default:
            break
        }
        return []
    }

    // MARK: The offer code box

    mutating func performOnOfferCode(_ action: KeyAction?) -> [StoreEvent] {
        guard let entry = offerCodeEntry else { return [] }
        switch action {
        case .redeemCode:
            guard !entry.text.isEmpty else {
                offerCodeEntry?.problem = Messages.tr("Type the code first.")
                return []
            }
            let lifecycle = StoreLifecycle(catalog: catalog, calendar: calendar, locale: locale, timeZone: timeZone)
            // Checked here first, so a code that is not taken leaves the box open to try another.
            if case .failure(let refusal) = lifecycle.plan(.redeem(code: entry.text), in: context, transactionID: "?") {
                offerCodeEntry?.problem = SafeText.sanitize(refusal.message)
                return []
            }
            offerCodeEntry = nil
            // What the code gives is said before anything is bought.
            let offer = catalog.offerCode(entry.text)
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
            let code = SafeText.sanitize(offer?.id ?? entry.text)
            confirmation = PaywallConfirmation(
                title: Messages.tr("Redeem {{ code }}", ["code": code]),
                message: Messages.tr(
                    "{{ name }}: {{ terms }}?",
                    ["name": SafeText.sanitize(product?.localizedTitle ?? ""), "terms": terms ?? ""]),
                confirmLabel: Messages.tr("Redeem"),
                action: .lifecycle(.redeem(code: entry.text), doneTitle: Messages.tr("Code redeemed")))
            return []
        case .close:
            offerCodeEntry = nil
        default:
            break
        }
        return []
    }

    /// A key typed into the offer code box: characters and Backspace edit the code; nil for
    /// the box's own keys.
    mutating func typeOnOfferCode(_ key: Key) -> [StoreEvent]? {
        guard offerCodeEntry != nil else { return nil }
        switch key {
        case .character(let character):
            if offerCodeEntry?.type(character) == false {
                offerCodeEntry?.problem = Messages.tr("Codes are letters, digits, - and _.")
            }
            return []
        case .backspace:
            offerCodeEntry?.deleteBackward()
            return []
        default:
            return nil
        }
    }

    /// Pasted text in the offer code box; elsewhere nil.
    mutating func pasteOnOfferCode(_ text: String) -> [StoreEvent]? {
        guard offerCodeEntry != nil else { return nil }
        offerCodeEntry?.paste(text)
        return []
    }

    // MARK: The transaction manager

    /// The store's transactions at its date now, oldest first, as the manager lists them.
    public var managerRows: [TransactionListing.Row] {
        TransactionListing(catalog: catalog, calendar: calendar).rows(of: ledger, at: now)
    }

    /// The rows the manager's box has room for, set when it is drawn.
    static let managerChrome = 6

    mutating func performOnManager(_ action: KeyAction?) -> [StoreEvent] {
        guard var box = manager else { return [] }
        let rows = managerRows
        switch action {
        case .previousRow: box.selected -= 1
        case .nextRow: box.selected += 1
        case .close:
            manager = nil
            return []
        default: break
        }
        box.clamp(count: rows.count, visible: Int.max)
        manager = box
        guard rows.indices.contains(box.selected) else { return [] }
        let row = rows[box.selected]
        let lifecycle: LifecycleAction
        let title: String
        switch action {
        case .toggleRenewal:
            let current = catalog.products[row.productID].map { GroupStanding(groupOf: $0, in: context).current }
            let isOff = current??.details.unsubscribeDetectedAt != nil
            lifecycle = isOff ? .uncancel(productID: row.productID) : .cancel(productID: row.productID)
            title = isOff ? Messages.tr("Auto-renew on") : Messages.tr("Auto-renew off")
        case .refundTransaction:
            // Money and access: asked first, never on one key.
            let shownID = SafeText.sanitize(row.id)
            let name = SafeText.sanitize(catalog.products[row.productID]?.localizedTitle ?? row.productID)
            confirmation = PaywallConfirmation(
                title: Messages.tr("Refund"),
                message: Messages.tr(
                    "Refund {{ transaction }} ({{ name }})? Access through it ends now.",
                    ["transaction": shownID, "name": name]),
                confirmLabel: Messages.tr("Refund"),
                action: .lifecycle(
                    .refund(transactionID: row.id, reason: "refunded in the transaction manager", revoke: false),
                    doneTitle: Messages.tr("Refunded")))
            return []
        case .failRenewal:
            lifecycle = .billingIssue(productID: row.productID)
            title = Messages.tr("Renewal will fail")
        case .resolveBilling:
            lifecycle = .resolve(productID: row.productID)
            title = Messages.tr("Billing resolved")
        case .acceptPriceIncrease, .declinePriceIncrease:
            let agree = action == .acceptPriceIncrease
            let status = statuses.first { $0.subscription?.priceIncrease?.status == .awaitingConsent }
            guard let increase = status?.subscription?.priceIncrease, let productID = status?.productID,
                let product = catalog.products[productID]
            else {
                store.notice = .refused(message: Messages.tr("No price increase waits for an answer."))
                return []
            }
            let price = formatter.string(for: increase.newPrice, currencyCode: product.currencyCode)
            let name = SafeText.sanitize(product.localizedTitle)
            confirmation = PaywallConfirmation(
                title: agree ? Messages.tr("Accept the new price") : Messages.tr("Decline the new price"),
                message: agree
                    ? Messages.tr(
                        "Renew {{ name }} at {{ price }} from the next renewal?", ["name": name, "price": price])
                    : Messages.tr(
                        "Decline {{ price }} for {{ name }}? It then ends with its period.",
                        ["name": name, "price": price]),
                confirmLabel: agree ? Messages.tr("Accept") : Messages.tr("Decline"),
                action: .lifecycle(
                    .answerPriceIncrease(productID: productID, agree: agree),
                    doneTitle: agree ? Messages.tr("New price accepted") : Messages.tr("New price declined")))
            return []
        case .approveRequest, .declineRequest:
            guard row.kind == .askToBuy, pendingTransactions.contains(where: { $0.id == row.id }) else {
                store.notice = .refused(
                    message: Messages.tr(
                        "{{ transaction }} is not an ask-to-buy request waiting",
                        ["transaction": SafeText.sanitize(row.id)]))
                return []
            }
            return action == .approveRequest
                ? store.approvePending(transactionID: row.id, in: context)
                : store.declinePending(transactionID: row.id, in: context)
        default:
            return []
        }
        return store.perform(lifecycle, title: title, in: context, locale: locale, timeZone: timeZone)
    }

    /// A click on row `index` of the manager's list chooses it.
    mutating func selectManagerRow(_ index: Int) {
        guard manager != nil, managerRows.indices.contains(index) else { return }
        manager?.selected = index
    }

    /// Scrolls the manager's choice by `delta` rows (the wheel).
    mutating func scrollManager(by delta: Int) {
        _ = performOnManager(delta < 0 ? .previousRow : .nextRow)
    }

    // MARK: Words

    /// What the rows say about plan changes, renewals to restore and win-back offers.
    func lifecycleWords(_ snapshot: EntitlementSnapshot) -> PaywallLifecycleText {
        var text = PaywallLifecycleText()
        for (id, change) in snapshot.planChanges {
            text.planChangeTags[id] = change.tag(day: day)
            let name = SafeText.sanitize(catalog.products[id]?.localizedTitle ?? id)
            if snapshot.scheduledProductIDs.contains(id) {
                text.planChangeCalls[id] =
                    change.effectiveDate.map {
                        Messages.tr("Changes to {{ name }} on {{ date }}", ["name": name, "date": day($0)])
                    }
                    ?? Messages.tr("Changes to {{ name }} at renewal", ["name": name])
                text.buyLabels[id] = ""
            } else if change.isImmediate {
                text.planChangeCalls[id] =
                    change.change == .upgrade
                    ? Messages.tr("Upgrade to {{ name }} now", ["name": name])
                    : Messages.tr("Switch to {{ name }} now", ["name": name])
                text.buyLabels[id] = change.change == .upgrade ? Messages.tr("upgrade") : Messages.tr("switch")
            } else {
                text.planChangeCalls[id] =
                    change.effectiveDate.map {
                        Messages.tr("Change to {{ name }} on {{ date }}", ["name": name, "date": day($0)])
                    }
                    ?? Messages.tr("Change to {{ name }} at renewal", ["name": name])
                text.buyLabels[id] = Messages.tr("change plan")
            }
        }
        for id in snapshot.resumableProductIDs {
            let pending = statuses.first { $0.productID == id }?.subscription?.pendingProductID
            text.resumeCalls[id] = pending == nil ? Messages.tr("Resume auto-renew") : Messages.tr("Keep this plan")
            text.buyLabels[id] = pending == nil ? Messages.tr("resume") : Messages.tr("keep plan")
        }
        for (id, offer) in snapshot.winBackOffers {
            guard let product = catalog.products[id] else { continue }
            let terms = offer.terms
            let duration = terms.totalDuration.description
            text.winBackOffers[id] =
                switch terms.paymentMode {
                case .freeTrial:
                    Messages.tr(
                        "Welcome back: {{ duration }} free, then {{ price }}",
                        ["duration": duration, "price": formatter.pricePerPeriod(of: product)])
                case .payUpFront:
                    Messages.tr(
                        "Welcome back: {{ offer_price }} for {{ duration }}",
                        [
                            "duration": duration,
                            "offer_price": formatter.string(for: terms.price, currencyCode: product.currencyCode),
                        ])
                case .payAsYouGo:
                    Messages.tr(
                        "Welcome back: {{ offer_price }} a period for {{ duration }}",
                        [
                            "duration": duration,
                            "offer_price": formatter.string(for: terms.price, currencyCode: product.currencyCode),
                        ])
                }
        }
        return text
    }

    func day(_ date: Date) -> String { EntitlementStatus.day(date, locale: locale, timeZone: timeZone) }
}
