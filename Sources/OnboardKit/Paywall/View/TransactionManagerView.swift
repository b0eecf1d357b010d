import FoundationEssentials

/// The transaction manager's box: the store's clock, every transaction with its state and
/// dates, the chosen one highlighted, and the keys that act on it. Its geometry is one function
/// so that a click finds the row the drawing put there.
public enum TransactionManagerView {
    /// Where the box and its list sit on a canvas of `size`.
    struct Geometry {
        var box: Rect
        /// The canvas row of the list's first line, and how many rows it has.
        var listY: Int
        var visibleRows: Int
    }

    static func geometry(width: Int, height: Int) -> Geometry {
        let boxWidth = min(width, 110)
        let boxHeight = max(3, height - 2)
        let box = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        // Border, clock line, header, rows..., action line, border.
        return Geometry(box: box, listY: box.y + 3, visibleRows: max(0, boxHeight - 5))
    }

    public static func draw(
        _ manager: TransactionManagerBox, of paywall: PaywallController, into canvas: inout Canvas, theme: Theme
    ) {
        var manager = manager
        let rows = paywall.managerRows
        let geometry = geometry(width: canvas.width, height: canvas.height)
        manager.clamp(count: rows.count, visible: geometry.visibleRows)
        let box = geometry.box
        BoxView.draw(
            into: &canvas, box: box, style: theme.border, title: " " + Messages.tr("Transactions") + " ",
            footer: footer(width: box.width),
            titleStyle: theme.accentText, backdrop: theme.backdrop)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        canvas.draw(
            TextLayout.truncate(clockLine(paywall), width: inner.width), x: inner.x, y: inner.y,
            style: theme.muted, clip: inner)
        guard !rows.isEmpty else {
            canvas.draw(
                Messages.tr("No transactions yet: buy something on the paywall."), x: inner.x, y: inner.y + 2,
                style: theme.body, clip: inner)
            return
        }
        // Narrow, the IDs make room for what happened; the chosen one's ID is in the header.
        let isNarrow = inner.width < wideWidth
        let header =
            isNarrow
            ? "  " + SafeText.sanitize(rows[min(max(0, manager.selected), rows.count - 1)].id)
            : "  " + pad(Messages.tr("id"), 19) + pad(Messages.tr("what"), 14) + Messages.tr("product · dates · price")
        canvas.draw(
            TextLayout.truncate(header, width: inner.width), x: inner.x, y: inner.y + 1, style: theme.muted,
            clip: inner)
        for (offset, index) in (manager.top..<min(rows.count, manager.top + geometry.visibleRows)).enumerated() {
            let isSelected = index == manager.selected
            let line = (isSelected ? "▸ " : "  ") + text(of: rows[index], paywall: paywall, showsID: !isNarrow)
            canvas.draw(
                TextLayout.truncate(line, width: inner.width), x: inner.x, y: geometry.listY + offset,
                style: isSelected ? theme.primaryButton : theme.body, clip: inner)
        }
    }

    /// "Store clock: Jan 20, 2026 at 10:00 AM · 86400× real time · sandbox".
    static func clockLine(_ paywall: PaywallController) -> String {
        var parts = [
            Messages.tr(
                "Store clock: {{ moment }}",
                ["moment": StatusReport.momentText(paywall.now, locale: paywall.locale, timeZone: paywall.timeZone)])
        ]
        if paywall.clock.timeRate != 1 {
            parts.append(
                Messages.tr(
                    "{{ rate }}× real time",
                    ["rate": paywall.clock.timeRate.formatted(.number.grouping(.never).locale(paywall.locale))]))
        }
        if paywall.isSandbox { parts.append(Messages.tr("sandbox ledger")) }
        return parts.joined(separator: " · ")
    }

    /// One transaction: its ID, kind, product, dates, price and what happened to it since.
    /// The inside width from which every row shows its ID.
    static let wideWidth = 72

    static func text(of row: TransactionListing.Row, paywall: PaywallController, showsID: Bool = true) -> String {
        let id = SafeText.sanitize(row.id)
        let kind = row.kind.rawValue
        let product = SafeText.sanitize(paywall.catalog.products[row.productID]?.localizedTitle ?? row.productID)
        var dates = paywall.day(row.date)
        if let expires = row.expiresDate { dates += " → " + paywall.day(expires) }
        var parts = [product, dates]
        if let price = row.price, let currency = row.currencyCode {
            parts.append(paywall.formatter.string(for: price, currencyCode: currency))
        }
        if let refunded = row.refundedAt {
            let values = ["date": paywall.day(refunded)]
            parts.append(
                row.revoked ? Messages.tr("revoked {{ date }}", values) : Messages.tr("refunded {{ date }}", values))
        }
        if let replacement = row.replacedBy {
            parts.append(Messages.tr("upgraded ({{ transaction }})", ["transaction": SafeText.sanitize(replacement)]))
        }
        if let pending = row.pendingProductID {
            parts.append(
                Messages.tr(
                    "to {{ name }}",
                    ["name": SafeText.sanitize(paywall.catalog.products[pending]?.localizedTitle ?? pending)]))
        }
        if let newPrice = row.newPrice {
            let amount = Decimal(string: newPrice).flatMap { value in
                paywall.catalog.products[row.productID].map {
                    paywall.formatter.string(for: value, currencyCode: $0.currencyCode)
                }
            }
            let values = ["price": amount ?? SafeText.sanitize(newPrice)]
            parts.append(
                row.requiresConsent == true
                    ? Messages.tr("new price {{ price }} (consent)", values)
                    : Messages.tr("new price {{ price }}", values))
        }
        if row.kind == .askToBuy, paywall.pendingTransactions.contains(where: { $0.id == row.id }) {
            parts.append(Messages.tr("waiting"))
        }
        // The product's name is the catalog's and the IDs the ledger's: each is kept apart from
        // the dates and prices beside it.
        var pieces: [LinePiece] = showsID ? [.value(pad(id, 19)), .text(pad(kind, 14))] : [.text(kind + " · ")]
        for (index, part) in parts.enumerated() {
            if index > 0 { pieces.append(.text(" · ")) }
            pieces.append(.value(part))
        }
        return BidiText.line(pieces)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let shown = TextLayout.truncate(text, width: width - 1)
        return shown + String(repeating: " ", count: max(1, width - DisplayWidth.of(shown)))
    }

    /// The keys, from the table, in the longest form that fits.
    static func footer(width: Int) -> String {
        let keys = KeyBindings.transactionManager
        func key(_ action: KeyAction) -> String { keys.keyNames(for: action).first ?? "" }
        let keyValues = [
            "renewal_key": key(.toggleRenewal), "refund_key": key(.refundTransaction), "fail_key": key(.failRenewal),
            "resolve_key": key(.resolveBilling), "accept_key": key(.acceptPriceIncrease),
            "decline_key": key(.declinePriceIncrease), "approve_key": key(.approveRequest),
            "deny_key": key(.declineRequest),
        ]
        let long =
            " "
            + Messages.tr(
                "{{ renewal_key }} cancel/resume · {{ refund_key }} refund · {{ fail_key }} fail renewal · {{ resolve_key }} resolve · {{ accept_key }}/{{ decline_key }} price · {{ approve_key }}/{{ deny_key }} ask to buy · Esc",
                keyValues) + " "
        let short =
            " "
            + Messages.tr(
                "{{ renewal_key }} renew · {{ refund_key }} refund · {{ fail_key }} fail · {{ resolve_key }} fix · Esc",
                keyValues) + " "
        return DisplayWidth.of(long) + 4 <= width ? long : short
    }

    /// The index of the transaction drawn at canvas row `y`, if any.
    static func row(atY y: Int, manager: TransactionManagerBox, rowCount: Int, width: Int, height: Int) -> Int? {
        let geometry = geometry(width: width, height: height)
        var box = manager
        box.clamp(count: rowCount, visible: geometry.visibleRows)
        let offset = y - geometry.listY
        guard offset >= 0, offset < geometry.visibleRows, box.top + offset < rowCount else { return nil }
        return box.top + offset
    }
}
