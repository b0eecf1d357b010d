import OnboardKit

/// 24-bit colour beside ncurses. ncurses is given the nearest of 256 colours for every cell (no
/// terminfo entry is needed and the user's `TERM` keeps its keys and capabilities), and is told
/// that the cells with a 24-bit colour are already drawn (`tui_mark_cell_drawn`), so it writes
/// them not at all; after its update these bytes write them once, same characters in the same
/// place, with `SGR 38;2` / `48;2`. The last sequence resets the attributes, which is how
/// ncurses leaves the terminal after an update, so its picture of the screen stays true.
enum TrueColorWriter {
    /// The bytes that paint the cells of `runs` that have a 24-bit colour, then put the cursor
    /// at `cursor` (zero-based column and row); empty when no cell has one. Cursor moves are
    /// the shortest the usual sequences allow, and each change of style sends only what
    /// changed. The cells go in row order or grouped by style, whichever is shorter: confetti
    /// scatters a few colours over the screen, and a 24-bit change of colour (about 17 bytes)
    /// costs more than the longer moves grouping takes. `width` is the screen's: after its last
    /// column terminals differ on where the cursor is.
    static func repaint(_ runs: [CellRun], cursor: (x: Int, y: Int), width: Int = Int.max) -> String {
        var paints: [Paint] = []
        for run in runs {
            for (offset, cell) in run.cells.enumerated() where !cell.isContinuation && needsTrueColor(cell) {
                let columns = DisplayWidth.columns(ofScalar: cell.leadScalar) >= 2 ? 2 : 1
                paints.append(Paint(x: run.x + offset, y: run.y, columns: columns, cell: cell))
            }
        }
        guard !paints.isEmpty else { return "" }
        let inRows = write(paints, cursor: cursor, width: width)
        var groups: [Style: [Paint]] = [:]
        var styles: [Style] = []
        for paint in paints {
            if groups[paint.cell.style] == nil { styles.append(paint.cell.style) }
            groups[paint.cell.style, default: []].append(paint)
        }
        guard styles.count < paints.count else { return inRows }
        let byStyle = write(styles.flatMap { groups[$0] ?? [] }, cursor: cursor, width: width)
        return byStyle.utf8.count < inRows.utf8.count ? byStyle : inRows
    }

    /// One cell to paint, and the columns it takes.
    private struct Paint {
        var x: Int
        var y: Int
        var columns: Int
        var cell: Cell
    }

    /// The bytes that paint `paints` in their order, starting with the cursor at `cursor` in
    /// normal attributes, and put it back there in normal attributes.
    private static func write(_ paints: [Paint], cursor: (x: Int, y: Int), width: Int) -> String {
        var bytes = ""
        // Where the terminal's cursor is (nil after the last column: terminals differ there),
        // and the style it writes in (nil: normal attributes, as ncurses leaves them).
        var position: (x: Int, y: Int)? = cursor
        var current: Style?
        for paint in paints {
            bytes += move(from: position, to: (paint.x, paint.y))
            if !looksTheSame(paint.cell, in: current) {
                bytes += change(from: current, to: paint.cell.style)
                current = paint.cell.style
            }
            bytes += paint.cell.terminalText
            let next = paint.x + paint.columns
            position = next < width ? (next, paint.y) : nil
        }
        return bytes + "\u{1B}[0m" + move(from: position, to: cursor)
    }

    /// The shortest of the usual moves from `from` (nil: not known) to `to`: absolute (CUP),
    /// or a row (VPA, or up or down) and a column (CHA, or left or right) of their own.
    static func move(from: (x: Int, y: Int)?, to: (x: Int, y: Int)) -> String {
        let absolute = "\u{1B}[\(to.y + 1);\(to.x + 1)H"
        guard let from else { return absolute }
        let column = step(to.x - from.x, to: to.x, forward: "C", backward: "D", absolute: "G")
        guard from.y != to.y else { return column }
        let row = step(to.y - from.y, to: to.y, forward: "B", backward: "A", absolute: "d")
        let split = row + column
        return split.utf8.count < absolute.utf8.count ? split : absolute
    }

    /// The shorter of a move by `distance` along one axis (final `forward` or `backward`, the
    /// count left out for one) and the move to `position` on it (final `absolute`); "" for none.
    private static func step(
        _ distance: Int, to position: Int, forward: Character, backward: Character, absolute: Character
    ) -> String {
        guard distance != 0 else { return "" }
        let count = abs(distance) == 1 ? "" : "\(abs(distance))"
        let relative = "\u{1B}[" + count + String(distance > 0 ? forward : backward)
        let direct = "\u{1B}[\(position + 1)\(absolute)"
        return direct.utf8.count < relative.utf8.count ? direct : relative
    }

    static func needsTrueColor(_ cell: Cell) -> Bool {
        if case .rgb = cell.style.foreground { return true }
        if case .rgb = cell.style.background { return true }
        return false
    }

    /// Whether `cell` looks the same written in `style`: a space in plain attributes shows no
    /// foreground, so the page's spaces between accent-coloured words, uncovered as confetti
    /// leaves them, need no change of colour.
    static func looksTheSame(_ cell: Cell, in style: Style?) -> Bool {
        let shown = cell.style
        let style = style ?? Style()
        if style == shown { return true }
        guard cell.leadScalar == 0x20, cell.scalar(at: 1) == 0, !shown.isUnderline, !shown.isReverse else {
            return false
        }
        return style.background == shown.background && style.isBold == shown.isBold && style.isDim == shown.isDim
            && !style.isUnderline && !style.isReverse
    }

    /// One SGR sequence that turns `from` (nil: normal attributes) into `to`: only what
    /// differs, or a reset and all of `to` when an attribute has to go off.
    static func change(from: Style?, to: Style) -> String {
        guard let from else { return sgr(to) }
        if from == to { return "" }
        let dropsAttribute =
            (from.isBold && !to.isBold) || (from.isDim && !to.isDim) || (from.isUnderline && !to.isUnderline)
            || (from.isReverse && !to.isReverse) || (from.isItalic && !to.isItalic)
        if dropsAttribute { return sgr(to) }
        var parameters: [String] = []
        if to.isBold && !from.isBold { parameters.append("1") }
        if to.isDim && !from.isDim { parameters.append("2") }
        if to.isUnderline && !from.isUnderline { parameters.append("4") }
        if to.isReverse && !from.isReverse { parameters.append("7") }
        if to.isItalic && !from.isItalic { parameters.append("3") }
        if to.foreground != from.foreground { parameters += color(to.foreground, base: 38, reset: "39") }
        if to.background != from.background { parameters += color(to.background, base: 48, reset: "49") }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// One SGR sequence for a style, from normal attributes.
    static func sgr(_ style: Style) -> String {
        var parameters = ["0"]
        if style.isBold { parameters.append("1") }
        if style.isDim { parameters.append("2") }
        if style.isUnderline { parameters.append("4") }
        if style.isReverse { parameters.append("7") }
        if style.isItalic { parameters.append("3") }
        parameters += color(style.foreground, base: 38, reset: nil)
        parameters += color(style.background, base: 48, reset: nil)
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    private static func color(_ color: Color, base: Int, reset: String?) -> [String] {
        switch color {
        case .terminalDefault: return reset.map { [$0] } ?? []
        case .indexed(let index): return ["\(base)", "5", "\(index)"]
        case .rgb(let red, let green, let blue): return ["\(base)", "2", "\(red)", "\(green)", "\(blue)"]
        }
    }
}
