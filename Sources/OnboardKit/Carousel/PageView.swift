/// Draws one page, centred in a rectangle and clipped to it: art or symbol, heading, text.
public struct PageView {
    public var page: Page
    public var theme: Theme
    /// Rows the hero symbol is drawn above its resting place (for the drop-in bounce).
    public var symbolLift: Int

    public init(page: Page, theme: Theme, symbolLift: Int = 0) {
        self.page = page
        self.theme = theme
        self.symbolLift = symbolLift
    }

    /// A block of lines drawn together with one style and one alignment.
    struct Block {
        var lines: [String]
        var style: Style
        /// Art keeps its own left edge (centred as a block); text centres line by line.
        var centresEachLine: Bool
        var lift: Int = 0
    }

    public func draw(into canvas: inout Canvas, in rect: Rect, clip: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let textWidth = max(1, min(rect.width - 4, 64))
        var blocks = layoutBlocks(textWidth: textWidth, height: rect.height, maxArtWidth: rect.width)
        let total = PageView.height(of: blocks)
        if total > rect.height { blocks = PageView.fit(blocks, into: rect.height, width: textWidth) }
        var row = rect.y + max(0, (rect.height - PageView.height(of: blocks)) / 2)
        for (index, block) in blocks.enumerated() {
            if index > 0 { row += 1 }
            let blockWidth = block.lines.map { DisplayWidth.of($0) }.max() ?? 0
            let blockLeft = rect.x + (rect.width - blockWidth) / 2
            for line in block.lines {
                let x = block.centresEachLine ? rect.x + (rect.width - DisplayWidth.of(line)) / 2 : blockLeft
                canvas.draw(line, x: x, y: row - block.lift, style: block.style, clip: clip)
                row += 1
            }
        }
    }

    /// The page's blocks, with no text block longer than `height + 1` lines: one over the height
    /// still tells `fit` to cut with "…", and a page of megabytes is not wrapped on every frame.
    func layoutBlocks(textWidth: Int, height: Int, maxArtWidth: Int) -> [Block] {
        switch page {
        case .step(let step):
            var blocks: [Block] = []
            let artWidth = step.art.map { DisplayWidth.of($0) }.max() ?? 0
            if !step.art.isEmpty && artWidth <= maxArtWidth {
                blocks.append(Block(lines: step.art, style: theme.art, centresEachLine: false))
            }
            blocks.append(
                Block(
                    lines: TextLayout.wrap(step.heading, width: textWidth, maxLines: height + 1), style: theme.heading,
                    centresEachLine: true)
            )
            if !step.text.isEmpty {
                blocks.append(
                    Block(
                        lines: TextLayout.wrap(step.text, width: textWidth, maxLines: height + 1), style: theme.body,
                        centresEachLine: true)
                )
            }
            return blocks
        case .hero(let hero):
            var blocks: [Block] = []
            if let symbol = SymbolLibrary.symbol(named: hero.symbolName), symbol.width <= maxArtWidth {
                blocks.append(Block(lines: symbol.lines, style: theme.art, centresEachLine: false, lift: symbolLift))
            }
            blocks.append(
                Block(
                    lines: TextLayout.wrap(hero.title, width: textWidth, maxLines: height + 1), style: theme.heading,
                    centresEachLine: true)
            )
            if !hero.subtitle.isEmpty {
                blocks.append(
                    Block(
                        lines: TextLayout.wrap(hero.subtitle, width: textWidth, maxLines: height + 1),
                        style: theme.muted,
                        centresEachLine: true))
            }
            return blocks
        case .paywall(let paywall):
            let offering = paywall.offeringID.map { "“\($0)”" } ?? "the current offering"
            return [
                Block(
                    lines: TextLayout.wrap(paywall.title ?? "Upgrade", width: textWidth, maxLines: height + 1),
                    style: theme.heading,
                    centresEachLine: true),
                Block(
                    lines: TextLayout.wrap("The paywall for \(offering) appears here.", width: textWidth),
                    style: theme.muted, centresEachLine: true),
            ]
        }
    }

    static func height(of blocks: [Block]) -> Int {
        blocks.reduce(0) { $0 + $1.lines.count } + max(0, blocks.count - 1)
    }

    /// Makes blocks fit a height: art goes first (it is decoration), then text is cut with "…".
    static func fit(_ blocks: [Block], into height: Int, width: Int) -> [Block] {
        var fitted = blocks
        if fitted.count > 1 && !fitted[0].centresEachLine { fitted.removeFirst() }
        while PageView.height(of: fitted) > height, let last = fitted.indices.last {
            let excess = PageView.height(of: fitted) - height
            if fitted[last].lines.count > excess {
                let keep = fitted[last].lines.count - excess
                var lines = Array(fitted[last].lines.prefix(keep))
                if let final = lines.last {
                    lines[lines.count - 1] = TextLayout.truncate(final + " …", width: max(1, width))
                }
                fitted[last].lines = lines
            } else if fitted.count > 1 {
                fitted.removeLast()
            } else {
                fitted[last].lines = Array(fitted[last].lines.prefix(height))
            }
        }
        return fitted
    }
}
