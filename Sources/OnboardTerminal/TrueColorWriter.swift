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
    /// relative where that is shorter, and each change of style sends only what changed.
    /// `width` is the screen's: after its last column terminals differ on where the cursor is.
    static func repaint(_ runs: [CellRun], cursor: (x: Int, y: Int), width: Int = Int.max) -> String {
        var bytes = ""
        // Where the terminal's cursor is (nil after the last column: terminals differ there),
        // and the style it writes in (nil: normal attributes, as ncurses leaves them).
        var position: (x: Int, y: Int)? = cursor
        var current: Style?
        for run in runs {
            var column = run.x
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation {
                    // The wide character just written took this column too.
                    if let at = position, at.y == run.y, at.x == column {
                        position = column + 1 < width ? (column + 1, run.y) : nil
                    }
                    continue
                }
                guard needsTrueColor(cell.style) else { continue }
                bytes += move(from: position, to: (column, run.y))
                bytes += change(from: current, to: cell.style)
                current = cell.style
                bytes += cell.terminalText
                position = column + 1 < width ? (column + 1, run.y) : nil
            }
        }
        guard !bytes.isEmpty else { return "" }
        return bytes + "\u{1B}[0m" + move(from: position, to: cursor)
    }

    /// The shortest of the usual moves from `from` (nil: not known) to `to`.
    static func move(from: (x: Int, y: Int)?, to: (x: Int, y: Int)) -> String {
        guard let from, from.y == to.y else { return "\u{1B}[\(to.y + 1);\(to.x + 1)H" }
        let distance = to.x - from.x
        switch distance {
        case 0: return ""
        case 1: return "\u{1B}[C"
        case 2...: return "\u{1B}[\(distance)C"
        case -1: return "\u{1B}[D"
        default: return "\u{1B}[\(-distance)D"
        }
    }

    static func needsTrueColor(_ style: Style) -> Bool {
        if case .rgb = style.foreground { return true }
        if case .rgb = style.background { return true }
        return false
    }

    /// One SGR sequence that turns `from` (nil: normal attributes) into `to`: only what
    /// differs, or a reset and all of `to` when an attribute has to go off.
    static func change(from: Style?, to: Style) -> String {
        guard let from else { return sgr(to) }
        if from == to { return "" }
        let dropsAttribute =
            (from.isBold && !to.isBold) || (from.isDim && !to.isDim) || (from.isUnderline && !to.isUnderline)
            || (from.isReverse && !to.isReverse)
        if dropsAttribute { return sgr(to) }
        var parameters: [String] = []
        if to.isBold && !from.isBold { parameters.append("1") }
        if to.isDim && !from.isDim { parameters.append("2") }
        if to.isUnderline && !from.isUnderline { parameters.append("4") }
        if to.isReverse && !from.isReverse { parameters.append("7") }
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
