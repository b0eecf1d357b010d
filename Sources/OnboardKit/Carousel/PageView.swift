/// Draws one page, centred in a rectangle and clipped to it: art or symbol, heading, text.
/// Text that does not fit scrolls: `scroll` rows of it are above the rectangle, and a "more"
/// marker at the top or bottom says how much is out of sight.
public struct PageView {
    public var page: Page
    public var theme: Theme
    /// Rows the hero symbol is drawn above its resting place (for the drop-in bounce).
    public var symbolLift: Int
    /// Rows of an overflowing page scrolled out at the top (clamped to `scrollLimit`).
    public var scroll: Int
    /// How a PNG picture is drawn: half blocks, left to the shell's graphics protocol, or its
    /// alt text.
    public var pictureDisplay: PictureDisplay = .halfBlocks
    /// The terminal's cell in pixels, which sizes pictures.
    public var cellSize: CellPixelSize = .standard

    public init(page: Page, theme: Theme, symbolLift: Int = 0, scroll: Int = 0) {
        self.page = page
        self.theme = theme
        self.symbolLift = symbolLift
        self.scroll = scroll
    }

    /// How the lines of a block line up.
    enum Alignment {
        /// Each line centred on its own (headings).
        case centredLines
        /// The block centred as a whole, its lines aligned left (art, body text, lists), or
        /// right for a line of a right-to-left paragraph.
        case centredBlock
    }

    /// A block of lines drawn together with one style and one alignment.
    struct Block {
        var lines: [String]
        var style: Style
        var alignment: Alignment
        /// Each line's paragraph direction (`BidiText`); empty for art, whose lines are drawn left
        /// to right as the picture they make.
        var directions: [TextDirection?] = []
        /// Art and symbols are decoration: they are left out before text scrolls.
        var isArt = false
        var lift: Int = 0
        /// Colours of the art's own, one style per grapheme of each line (see `StepPage`).
        var styles: [[Style]] = []
        /// A PNG picture and its cells; `lines` are then blanks of its size.
        var picture: (picture: PagePicture, fit: PictureFit)?

        /// A block of wrapped text, each line with its paragraph's direction.
        init(text lines: [TextLayout.DirectedLine], style: Style, alignment: Alignment) {
            self.init(lines: lines.map(\.text), style: style, alignment: alignment, directions: lines.map(\.direction))
        }

        init(
            lines: [String], style: Style, alignment: Alignment, directions: [TextDirection?] = [],
            isArt: Bool = false, lift: Int = 0, styles: [[Style]] = []
        ) {
            self.lines = lines
            self.style = style
            self.alignment = alignment
            self.directions = directions
            self.isArt = isArt
            self.lift = lift
            self.styles = styles
        }
    }

    /// One row of the laid-out page: its text, its column within the page and its style.
    struct Row {
        var text: String
        var x: Int
        var style: Style
        var lift: Int = 0
        /// A style per grapheme, over `style`, for coloured art.
        var styles: [Style] = []
        /// The direction of the paragraph the row's text came from; nil to find it from the row.
        var direction: TextDirection?
        /// The row of a picture this row shows.
        var picture: (picture: PagePicture, fit: PictureFit, row: Int)?
    }

    /// How a page fits a rectangle.
    public enum Fit: Hashable, Sendable {
        case fits
        /// It fits once the art (or the hero's symbol) is left out; `rows` is what it needed.
        case withoutArt(rows: Int)
        /// Even without the art it needs `rows` rows, more than there are: it scrolls.
        case scrolls(rows: Int)
    }

    /// The widest text column a page uses in a rectangle this wide.
    static func textWidth(for width: Int) -> Int { max(1, min(width - 4, 64)) }

    public func fit(in rect: Rect) -> Fit {
        let blocks = layoutBlocks(
            textWidth: PageView.textWidth(for: rect.width), maxArtWidth: rect.width, maxArtHeight: rect.height)
        let needed = PageView.height(of: blocks)
        if needed <= rect.height { return .fits }
        let textOnly = PageView.height(of: PageView.withoutArt(blocks))
        return textOnly <= rect.height ? .withoutArt(rows: needed) : .scrolls(rows: textOnly)
    }

    /// The most rows the page can scroll in this rectangle; 0 when it fits.
    public func scrollLimit(in rect: Rect) -> Int {
        max(0, rows(in: rect).count - rect.height)
    }

    public func draw(into canvas: inout Canvas, in rect: Rect, clip: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let rows = rows(in: rect)
        guard rows.count > rect.height else {
            var y = rect.y + (rect.height - rows.count) / 2
            for row in rows {
                draw(row, x: rect.x + row.x, y: y - row.lift, into: &canvas, clip: clip)
                y += 1
            }
            return
        }
        let limit = rows.count - rect.height
        let top = min(max(0, scroll), limit)
        let area = rect.intersection(clip)
        for (index, row) in rows[top..<(top + rect.height)].enumerated() {
            draw(row, x: rect.x + row.x, y: rect.y + index - row.lift, into: &canvas, clip: area)
        }
        // Markers cover the first and last rows while there is more that way (the rows under
        // them count as out of sight); a rectangle under three rows has no room for them.
        guard rect.height >= 3 else { return }
        if top > 0 {
            marker(
                Messages.trn("↑ {{ count }} more", "↑ {{ count }} more", count: top + 1), row: rect.y, in: rect,
                canvas: &canvas,
                clip: area)
        }
        if top < limit {
            marker(
                Messages.trn("↓ {{ count }} more", "↓ {{ count }} more", count: limit - top + 1), row: rect.maxY - 1,
                in: rect,
                canvas: &canvas, clip: area)
        }
    }

    /// One row; coloured art grapheme by grapheme, each style laid over the row's (the art's
    /// colour where the escapes set none) and fitted to the terminal's colours.
    private func draw(_ row: Row, x: Int, y: Int, into canvas: inout Canvas, clip: Rect) {
        if let picture = row.picture {
            drawPicture(picture, x: x, y: y, into: &canvas, clip: clip)
            return
        }
        guard !row.styles.isEmpty else {
            canvas.draw(row.text, x: x, y: y, style: row.style, clip: clip, direction: row.direction)
            return
        }
        var column = x
        for (grapheme, own) in zip(row.text, row.styles) {
            var style = own
            if style.foreground == .terminalDefault { style.foreground = row.style.foreground }
            canvas.draw(String(grapheme), x: column, y: y, style: style.fitted(to: theme.colorMode), clip: clip)
            column += DisplayWidth.of(grapheme)
        }
    }

    private func marker(_ text: String, row: Int, in rect: Rect, canvas: inout Canvas, clip: Rect) {
        canvas.fill(Rect(x: rect.x, y: row, width: rect.width, height: 1).intersection(clip))
        canvas.draw(text, x: rect.x + (rect.width - DisplayWidth.of(text)) / 2, y: row, style: theme.muted, clip: clip)
    }

    /// Every row of the page in a rectangle, blank rows between blocks, columns relative to
    /// the rectangle. When the page is too tall the art is left out first.
    func rows(in rect: Rect) -> [Row] {
        let textWidth = PageView.textWidth(for: rect.width)
        var blocks = layoutBlocks(textWidth: textWidth, maxArtWidth: rect.width, maxArtHeight: rect.height)
        if PageView.height(of: blocks) > rect.height { blocks = PageView.withoutArt(blocks) }
        var rows: [Row] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 { rows.append(Row(text: "", x: 0, style: block.style)) }
            let blockWidth = block.lines.map { DisplayWidth.of($0) }.max() ?? 0
            for (lineIndex, line) in block.lines.enumerated() {
                // Art is a picture of columns: drawn left to right, its words in another script
                // read in their own places (the key art's Arabic labels stay under their keys).
                let direction =
                    block.isArt
                    ? .leftToRight : block.directions.indices.contains(lineIndex) ? block.directions[lineIndex] : nil
                let x: Int
                switch block.alignment {
                case .centredLines: x = (rect.width - DisplayWidth.of(line)) / 2
                case .centredBlock where direction == .rightToLeft:
                    x = (rect.width - blockWidth) / 2 + blockWidth - DisplayWidth.of(line)
                case .centredBlock: x = (rect.width - blockWidth) / 2
                }
                let styles = block.styles.indices.contains(lineIndex) ? block.styles[lineIndex] : []
                // Coloured art is drawn cell by cell; plain art keeps its pieces in their columns.
                let text = block.isArt && styles.isEmpty ? BidiText.pictureLine(line) : line
                var row = Row(
                    text: text, x: x, style: block.style, lift: block.lift, styles: styles, direction: direction)
                row.picture = block.picture.map { ($0.picture, $0.fit, lineIndex) }
                rows.append(row)
            }
        }
        return rows
    }

    /// The most rows of text a page lays out. Far beyond what anyone scrolls through (and
    /// `validate` warns long before), it keeps a hostile deck of megabytes from being wrapped
    /// whole on every frame.
    static let maximumTextRows = 2_000

    func layoutBlocks(textWidth: Int, maxArtWidth: Int, maxArtHeight: Int = Int.max) -> [Block] {
        switch page {
        case .step(let step):
            if let picture = step.picture {
                let text = headingAndText(step.heading, step.text, textWidth: textWidth)
                return pictureBlocks(
                    picture, maxWidth: maxArtWidth, maxHeight: maxArtHeight - Self.height(of: text) - 1)
                    + text
            }
            var blocks: [Block] = []
            let artWidth = step.art.map { DisplayWidth.of($0) }.max() ?? 0
            if !step.art.isEmpty && artWidth <= maxArtWidth {
                blocks.append(
                    Block(
                        lines: step.art, style: theme.art, alignment: .centredBlock, isArt: true,
                        styles: step.artStyles))
            }
            return blocks + headingAndText(step.heading, step.text, textWidth: textWidth)
        case .hero(let hero):
            var blocks: [Block] = []
            if let picture = hero.picture {
                let words = heroWords(hero, textWidth: textWidth)
                return pictureBlocks(
                    picture, maxWidth: maxArtWidth, maxHeight: maxArtHeight - Self.height(of: words) - 1)
                    + words
            }
            if let symbol = SymbolLibrary.symbol(named: hero.symbolName), symbol.width <= maxArtWidth {
                blocks.append(
                    Block(
                        lines: symbol.lines, style: theme.art, alignment: .centredBlock, isArt: true, lift: symbolLift))
            }
            return blocks + heroWords(hero, textWidth: textWidth)
        case .question(let question):
            // Drawn by `QuestionView`; these blocks are the words, for what measures them.
            return headingAndText(question.heading, question.text, textWidth: textWidth)
        case .paywall(let paywall):
            let placeholder =
                paywall.offeringID.map {
                    Messages.tr("The paywall for “{{ offering }}” appears here.", ["offering": $0])
                }
                ?? Messages.tr("The paywall for the current offering appears here.")
            return [
                Block(
                    text: TextLayout.wrapDirected(paywall.title ?? Messages.tr("Upgrade"), width: textWidth),
                    style: theme.heading,
                    alignment: .centredLines),
                Block(
                    lines: TextLayout.wrap(placeholder, width: textWidth),
                    style: theme.muted, alignment: .centredLines),
            ]
        }
    }

    /// A hero page's title over its subtitle (none when empty).
    private func heroWords(_ hero: HeroPage, textWidth: Int) -> [Block] {
        var blocks = [
            Block(
                text: TextLayout.wrapDirected(hero.title, width: textWidth), style: theme.heading,
                alignment: .centredLines)
        ]
        if !hero.subtitle.isEmpty {
            blocks.append(
                Block(
                    text: TextLayout.wrapBlockDirected(hero.subtitle, width: textWidth, maxLines: Self.maximumTextRows),
                    style: theme.muted, alignment: .centredBlock))
        }
        return blocks
    }

    /// A heading, centred line by line, over its text as a block (none for empty text).
    private func headingAndText(_ heading: String, _ text: String, textWidth: Int) -> [Block] {
        let headingBlock = Block(
            text: TextLayout.wrapDirected(heading, width: textWidth), style: theme.heading, alignment: .centredLines)
        guard !text.isEmpty else { return [headingBlock] }
        return [
            headingBlock,
            Block(
                text: TextLayout.wrapBlockDirected(text, width: textWidth, maxLines: Self.maximumTextRows),
                style: theme.body, alignment: .centredBlock),
        ]
    }

    static func height(of blocks: [Block]) -> Int {
        blocks.reduce(0) { $0 + $1.lines.count } + max(0, blocks.count - 1)
    }

    /// The blocks without art, unless the art is all there is.
    static func withoutArt(_ blocks: [Block]) -> [Block] {
        let text = blocks.filter { !$0.isArt }
        return text.isEmpty ? blocks : text
    }
}
