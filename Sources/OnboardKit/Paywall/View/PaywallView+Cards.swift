/// The packages as boxed cards side by side (a `cards` paywall): name, price, price per month,
/// badge and offer, the chosen card drawn in heavy lines and the button's colours. Where they do
/// not fit the width (every card at least `minimumCardText` columns inside) or the height, the
/// list's rows take their place.
extension PaywallView {
    /// Cards narrower inside than this are rows instead.
    static let minimumCardText = 12

    /// How the cards are drawn: each card's lines of text, the width inside a card, and the
    /// height and width of the whole row of cards.
    struct CardGeometry {
        var texts: [[String]]
        var inner: Int
        var height: Int { (texts.first?.count ?? 0) + 2 }
        var totalWidth: Int { texts.count * (inner + 4) + max(0, texts.count - 1) }
    }

    /// The cards' geometry in `width` columns, or nil where the page shows rows.
    func cardGeometry(_ fit: Fit, width: Int) -> CardGeometry? {
        let rows = presentation.rows
        guard presentation.design.layout == .cards, fit.cards, !rows.isEmpty else { return nil }
        let texts = cardTexts(offer: fit.offer)
        let natural = texts.flatMap { $0 }.map { DisplayWidth.of($0) }.max() ?? 0
        let available = (width - (rows.count - 1)) / rows.count - 4
        let inner = min(natural, available)
        guard inner >= Self.minimumCardText else { return nil }
        return CardGeometry(texts: texts.map { $0.map { TextLayout.truncate($0, width: inner) } }, inner: inner)
    }

    /// The widest row of cards: what the page's width grows to where the screen has it.
    var naturalCardsWidth: Int {
        guard presentation.design.layout == .cards, !presentation.rows.isEmpty else { return 0 }
        let inner = cardTexts(offer: true).flatMap { $0 }.map { DisplayWidth.of($0) }.max() ?? 0
        return CardGeometry(texts: Array(repeating: [], count: presentation.rows.count), inner: inner).totalWidth
    }

    /// Each card's lines: the same kinds of line in every card, so they keep one height.
    func cardTexts(offer: Bool) -> [[String]] {
        let rows = presentation.rows
        let hasMonth = rows.contains { $0.perMonth != nil }
        let hasTag = rows.contains { RowColumns.tag(of: $0, short: false) != nil }
        let hasOffer = offer && rows.contains { $0.offer != nil }
        return rows.map { row in
            var lines = [row.name, row.price]
            if hasMonth { lines.append(row.perMonth ?? "") }
            if hasTag { lines.append(RowColumns.tag(of: row, short: false) ?? "") }
            if hasOffer { lines.append(row.shortOffer ?? row.offer ?? "") }
            return lines
        }
    }

    /// The row of cards as lines, in visual order (the first card on the right, right to left),
    /// each card clickable and styled by whether it is chosen.
    func cardLines(_ cards: CardGeometry) -> [Line] {
        let rows = presentation.rows
        let rightToLeft = layoutDirection == .rightToLeft
        let order = rightToLeft ? Array(rows.indices.reversed()) : Array(rows.indices)
        let cardWidth = cards.inner + 4
        func edge(_ selected: Bool, top: Bool) -> String {
            let line = String(repeating: selected ? "━" : "─", count: cards.inner + 2)
            if selected { return (top ? "┏" : "┗") + line + (top ? "┓" : "┛") }
            return (top ? "╭" : "╰") + line + (top ? "╮" : "╯")
        }
        func content(_ text: String, selected: Bool) -> String {
            let pad = String(repeating: " ", count: max(0, cards.inner - DisplayWidth.of(text)))
            let cell = BidiText.mayNeedReordering(text) ? BidiText.isolated(text) : text
            let side = selected ? "┃" : "│"
            return side + " " + (rightToLeft ? pad + cell : cell + pad) + " " + side
        }
        var lines: [Line] = []
        for lineIndex in 0..<cards.height {
            var text = ""
            var line = Line(text: "", style: theme.body, kind: .spread(width: cards.totalWidth))
            for (position, index) in order.enumerated() {
                let row = rows[index]
                if position > 0 { text += " " }
                let start = position * (cardWidth + 1)
                switch lineIndex {
                case 0: text += edge(row.isSelected, top: true)
                case cards.height - 1: text += edge(row.isSelected, top: false)
                default: text += content(cards.texts[index][lineIndex - 1], selected: row.isSelected)
                }
                line.segments.append((start..<start + cardWidth, .package(index)))
                if row.isSelected || row.isOwned || row.isBlocked {
                    line.spans.append((start..<start + cardWidth, style(of: row)))
                }
            }
            line.text = text
            lines.append(line)
        }
        return lines
    }
}
