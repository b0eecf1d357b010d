import FoundationEssentials

/// The transaction manager: its rows, moving the choice, and what its keys do to the chosen
/// transaction (money and access only after a confirmation).
extension PaywallController {
    /// The store's transactions at its date now, oldest first, as the manager lists them.
    public var managerRows: [TransactionListing.Row] {
        TransactionListing(catalog: catalog, calendar: calendar).rows(of: ledger, at: now)
    }

    /// The rows the manager's box has room for, set when it is drawn.
    static let managerChrome = 6

    /// An action on the transaction manager, on top: the arrows move the choice, the other keys
    /// act on the chosen transaction.
    mutating func performOnManager(_ action: KeyAction?, box: TransactionManagerBox) -> [StoreEvent] {
        var box = box
        let rows = managerRows
        switch action {
        case .previousRow: box.selected -= 1
        case .nextRow: box.selected += 1
        case .close:
            closeOwnBox()
            return []
        default: break
        }
        box.clamp(count: rows.count, visible: Int.max)
        replaceOwnTop(with: .transactionManager(box))
        guard rows.indices.contains(box.selected) else { return [] }
        return perform(action, onManagerRow: rows[box.selected])
    }

    /// What the manager's keys do to the chosen transaction `row`.
    mutating func perform(_ action: KeyAction?, onManagerRow row: TransactionListing.Row) -> [StoreEvent] {
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
            open(.confirmation(refundConfirmation(of: row)))
            return []
        case .failRenewal:
            lifecycle = .billingIssue(productID: row.productID)
            title = Messages.tr("Renewal will fail")
        case .resolveBilling:
            lifecycle = .resolve(productID: row.productID)
            title = Messages.tr("Billing resolved")
        case .acceptPriceIncrease, .declinePriceIncrease:
            askAboutPriceIncrease(agree: action == .acceptPriceIncrease)
            return []
        case .approveRequest, .declineRequest:
            return answerRequest(row, approve: action == .approveRequest)
        default:
            return []
        }
        return store.perform(lifecycle, title: title, in: context, locale: locale, timeZone: timeZone)
    }

    /// The box asking before `row` is refunded.
    func refundConfirmation(of row: TransactionListing.Row) -> PaywallConfirmation {
        let shownID = SafeText.sanitize(row.id)
        let name = SafeText.sanitize(catalog.products[row.productID]?.localizedTitle ?? row.productID)
        return PaywallConfirmation(
            title: Messages.tr("Refund"),
            message: Messages.tr(
                "Refund {{ transaction }} ({{ name }})? Access through it ends now.",
                ["transaction": shownID, "name": name]),
            confirmLabel: Messages.tr("Refund"),
            action: .lifecycle(
                .refund(transactionID: row.id, reason: "refunded in the transaction manager", revoke: false),
                doneTitle: Messages.tr("Refunded")))
    }

    /// Asks before accepting (`agree`) or declining the price increase that waits for an
    /// answer; a notice says when none waits.
    mutating func askAboutPriceIncrease(agree: Bool) {
        let status = statuses.first { $0.subscription?.priceIncrease?.status == .awaitingConsent }
        guard let increase = status?.subscription?.priceIncrease, let productID = status?.productID,
            let product = catalog.products[productID]
        else {
            store.notice = .refused(message: Messages.tr("No price increase waits for an answer."))
            return
        }
        let price = formatter.string(for: increase.newPrice, currencyCode: product.currencyCode)
        let name = SafeText.sanitize(product.localizedTitle)
        open(
            .confirmation(
                PaywallConfirmation(
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
                        doneTitle: agree ? Messages.tr("New price accepted") : Messages.tr("New price declined")))))
    }

    /// Approves or declines the ask-to-buy request `row`; a notice says when it is none waiting.
    mutating func answerRequest(_ row: TransactionListing.Row, approve: Bool) -> [StoreEvent] {
        guard row.kind == .askToBuy, pendingTransactions.contains(where: { $0.id == row.id }) else {
            store.notice = .refused(
                message: Messages.tr(
                    "{{ transaction }} is not an ask-to-buy request waiting",
                    ["transaction": SafeText.sanitize(row.id)]))
            return []
        }
        return approve
            ? store.approvePending(transactionID: row.id, in: context)
            : store.declinePending(transactionID: row.id, in: context)
    }

    /// A click on row `index` of the manager's list, on top, chooses it.
    mutating func selectManagerRow(_ index: Int, box: TransactionManagerBox) {
        guard managerRows.indices.contains(index) else { return }
        var box = box
        box.selected = index
        replaceOwnTop(with: .transactionManager(box))
    }

    /// Scrolls the choice of the manager, on top, by `delta` rows (the wheel).
    mutating func scrollManager(by delta: Int, box: TransactionManagerBox) {
        _ = performOnManager(delta < 0 ? .previousRow : .nextRow, box: box)
    }
}
