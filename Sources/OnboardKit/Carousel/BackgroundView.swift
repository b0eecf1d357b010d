/// Draws a page's background (a pattern or repeated text art) into the cells of an area that
/// the page left blank, never beside text: a cell is drawn only when it and its left and right
/// neighbours are blank, so a word never touches the pattern.
public struct BackgroundView: Sendable {
    public let background: Background
    public let style: Style
    /// The widest art line's columns (0 for a pattern), measured once rather than per cell.
    private let artWidth: Int

    public init(background: Background, style: Style) {
        self.background = background
        self.style = style
        if case .art(let lines) = background.source {
            artWidth = lines.map(DisplayWidth.of).max() ?? 0
        } else {
            artWidth = 0
        }
    }

    /// Draws into the cells of `area` that are clear in `page` (the canvas as the pages left
    /// it, so that one pattern cell does not keep its neighbour from being drawn). `origin` is
    /// the canvas point that is the pattern's (0, 0): moving it with the slide makes the
    /// background scroll with the page.
    public func draw(into canvas: inout Canvas, area: Rect, origin: (x: Int, y: Int), over page: Canvas) {
        let area = area.intersection(canvas.bounds).intersection(page.bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            // A picture's cells are blank for the shell to draw it in: no pattern goes there.
            for x in area.x..<area.maxX
            where Self.isClear(page, x: x, y: y) && !page.pictures.contains(where: { $0.rect.contains(x: x, y: y) }) {
                guard
                    let glyph = glyph(
                        x: x - origin.x, y: y - origin.y, height: area.height, row: y - area.y)
                else { continue }
                canvas.setCell(x: x, y: y, Cell(grapheme: glyph, style: style))
            }
        }
    }

    /// Whether a cell and its neighbours on the row are blank and unstyled.
    static func isClear(_ canvas: Canvas, x: Int, y: Int) -> Bool {
        for column in (x - 1)...(x + 1) where column >= 0 && column < canvas.width {
            let cell = canvas[column, y]
            if cell.isContinuation || cell.grapheme != " " || cell.style != .plain { return false }
        }
        return true
    }

    /// The glyph at pattern coordinates (`x`, `y`); nil for a blank. `row` of `height` is the
    /// cell's row in the area, for the gradient.
    func glyph(x: Int, y: Int, height: Int, row: Int) -> Character? {
        switch background.source {
        case .none: return nil
        case .art(let lines): return Self.artGlyph(lines, width: artWidth, x: x, y: y)
        case .pattern(.dots):
            // Every fourth column on every other row, the rows staggered.
            let shifted = x + (Self.modulo(y / 2, 2) * 2)
            return Self.modulo(y, 2) == 0 && Self.modulo(shifted, 4) == 0 ? "·" : nil
        case .pattern(.grid):
            let onRow = Self.modulo(y, 4) == 0
            let onColumn = Self.modulo(x, 10) == 0
            if onRow && onColumn { return "┼" }
            if onRow { return "─" }
            return onColumn ? "│" : nil
        case .pattern(.stars):
            let value = Self.scatter(x: x, y: y) % 1000
            if value < 6 { return "✦" }
            if value < 14 { return "+" }
            if value < 40 { return "·" }
            return nil
        case .pattern(.gradient):
            // A light shade that thickens toward the bottom, dithered (4x4 ordered dither).
            guard height > 0 else { return nil }
            let depth = Double(row + 1) / Double(height)
            let bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
            let threshold = (Double(bayer[Self.modulo(y, 4) * 4 + Self.modulo(x, 4)]) + 0.5) / 16
            return depth * depth > threshold ? "░" : nil
        }
    }

    /// Art repeated across and down, two columns and one row apart; wide graphemes are left
    /// out (one cell holds one column here).
    static func artGlyph(_ lines: [String], width: Int, x: Int, y: Int) -> Character? {
        guard !lines.isEmpty, width > 0 else { return nil }
        let line = modulo(y, lines.count + 1)
        guard line < lines.count else { return nil }
        let column = modulo(x, width + 2)
        var at = 0
        for grapheme in lines[line] {
            let graphemeWidth = DisplayWidth.of(grapheme)
            if at == column { return graphemeWidth == 1 && grapheme != " " ? grapheme : nil }
            at += graphemeWidth
            if at > column { return nil }
        }
        return nil
    }

    static func modulo(_ value: Int, _ divisor: Int) -> Int { ((value % divisor) + divisor) % divisor }

    /// A fixed, well-spread number for a cell (a hash of its coordinates), for the stars: the
    /// same cell always gets the same star, without a random generator.
    static func scatter(x: Int, y: Int) -> Int {
        let column = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
        let row = UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
        var value = column ^ row
        value ^= value >> 31
        value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 29
        return Int(value % 1_000_003)
    }
}
