/// The paywall's boxes over the page (the transaction manager, the checkout sheet, the offer
/// code box, a confirmation, the test store's sheet asking how a purchase ends, a link's
/// address, a notice), stacked as `PaywallController.openBoxes` says.
public enum PaywallOverlay {
    /// Draws the open boxes in the order they stack (`openBoxes`), so the one drawn last is
    /// `top`, the one that takes the next key and the next click.
    public static func draw(_ paywall: PaywallController, into canvas: inout Canvas, theme: Theme) {
        for box in paywall.openBoxes { draw(box, of: paywall, into: &canvas, theme: theme) }
    }

    static func draw(_ box: PaywallBox, of paywall: PaywallController, into canvas: inout Canvas, theme: Theme) {
        switch box {
        case .transactionManager(let manager):
            TransactionManagerView.draw(manager, of: paywall, into: &canvas, theme: theme)
        case .checkoutSheet(let sheet):
            CheckoutSheetView.draw(sheet, into: &canvas, theme: theme)
        case .confirmation(let asked):
            self.box(
                title: " \(asked.title) ", lines: [asked.message],
                footer: " " + Messages.tr("Enter {{ action }} · Esc cancel", ["action": hintLabel(asked.confirmLabel)])
                    + " ",
                into: &canvas, theme: theme)
        case .offerCode(let entry):
            let field = BidiText.line(
                [.text("› "), .value(SafeText.sanitize(entry.text)), .text("▏")], rightToLeft: false)
            var lines = [Messages.tr("Type or paste your offer code:"), "", field]
            if let problem = entry.problem { lines += ["", problem] }
            self.box(
                title: " " + Messages.tr("Redeem an offer code") + " ", lines: lines,
                footer: " " + Messages.tr("Enter redeem · Esc close") + " ", into: &canvas, theme: theme)
        case .testStoreSheet(let package):
            drawTestStoreSheet(for: package.product, of: paywall, into: &canvas, theme: theme)
        case .notice(let notice):
            let footer =
                " "
                + (notice.isRetryable ? Messages.tr("Enter retries · Esc closes") : Messages.tr("any key continues"))
                + " "
            self.box(
                title: " \(notice.title) ", lines: [SafeText.sanitize(notice.message)], footer: footer,
                into: &canvas, theme: theme)
        case .link(let link):
            guard let url = paywall.url(of: link) else { return }
            drawLink(url, of: link, into: &canvas, theme: theme)
        }
    }

    /// The test store's sheet: the product, its price and offer, and the outcomes' keys.
    static func drawTestStoreSheet(
        for product: Product, of paywall: PaywallController, into canvas: inout Canvas, theme: Theme
    ) {
        var lines = [SafeText.sanitize(product.localizedTitle), paywall.formatter.pricePerPeriodFull(of: product)]
        if let offer = paywall.formatter.introductoryOfferText(for: product),
            EntitlementResolver.isEligibleForIntroductoryOffer(
                product, catalog: paywall.catalog, ledger: paywall.ledger)
        {
            lines.append(Messages.tr("Offer: {{ offer }}", ["offer": offer]))
        }
        lines += ["", sheetKeys]
        box(
            title: " " + Messages.tr("Test Store: confirm purchase") + " ", lines: lines,
            footer: " " + Messages.tr("Esc cancels") + " ", into: &canvas, theme: theme)
    }

    /// A link's address, as a link where it fits on one row.
    static func drawLink(_ url: String, of link: PaywallController.Link, into canvas: inout Canvas, theme: Theme) {
        let title = " " + (link == .privacyPolicy ? Messages.tr("Privacy Policy") : Messages.tr("Terms of Use")) + " "
        let shown = SafeText.sanitize(url)
        let rect = box(
            title: title, lines: [Messages.tr("Open this address in a browser:"), "", shown],
            footer: " " + Messages.tr("any key closes") + " ",
            into: &canvas, theme: theme)
        // The address is the box's last line; where it fits on one row it becomes a link.
        let row = rect.maxY - 3
        if shown == url, row >= 0, row < canvas.height, canvas.lines[row].contains(shown) {
            let width = DisplayWidth.of(shown)
            canvas.addHyperlink(Hyperlink(url: url, x: rect.x + (rect.width - width) / 2, y: row, width: width))
        }
    }

    /// "1 success · 2 failure · 3 cancel · 4 ask to buy": each outcome's first key, from the table.
    static var sheetKeys: String {
        KeyBindings.testStoreSheet.entries.map { entry in
            (entry.bindings.first?.keyNames.first ?? "") + " " + Messages.tr(entry.help)
        }.joined(separator: " · ")
    }

    /// A button's label inside a key hint: lower case in English ("Enter refund"); other
    /// languages keep their capitals, which German nouns need.
    static func hintLabel(_ label: String) -> String {
        Messages.current.language == "en" ? label.lowercased() : label
    }

    @discardableResult
    static func box(title: String, lines: [String], footer: String, into canvas: inout Canvas, theme: Theme) -> Rect {
        let innerWidth = min(max(canvas.width - 6, 1), 56)
        // Each given line wraps into a paragraph whose lines start in one column; the paragraph
        // is centred as a whole, so a sentence's last word does not drift to the middle.
        let paragraphs = lines.map { $0.isEmpty ? [""] : TextLayout.wrap($0, width: innerWidth - 2) }
        let wrapped = paragraphs.flatMap { paragraph in
            let paragraphWidth = paragraph.map { DisplayWidth.of($0) }.max() ?? 0
            return paragraph.map { (text: $0, blockWidth: paragraphWidth) }
        }
        let width = min(
            canvas.width,
            max(DisplayWidth.of(title), DisplayWidth.of(footer), wrapped.map(\.blockWidth).max() ?? 0) + 6)
        let height = min(canvas.height, wrapped.count + 4)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        BoxView.draw(
            into: &canvas, box: rect, style: theme.border, title: title, footer: footer, titleStyle: theme.accentText,
            backdrop: theme.backdrop)
        let inner = rect.inset(by: 1)
        for (index, line) in wrapped.enumerated() where inner.y + 1 + index < inner.maxY {
            canvas.draw(
                line.text, x: inner.x + (inner.width - line.blockWidth) / 2, y: inner.y + 1 + index, style: theme.body,
                clip: inner)
        }
        return rect
    }
}
