import OnboardKit

/// 24-bit colour beside ncurses. ncurses is given the nearest of 256 colours for every cell (no
/// terminfo entry is needed and the user's `TERM` keeps its keys and capabilities); after each
/// update the cells with a 24-bit colour are written again, same characters in the same place,
/// with `SGR 38;2` / `48;2`. The last sequence resets the attributes, which is how ncurses
/// leaves the terminal after an update, so its picture of the screen stays true.
enum TrueColorWriter {
    /// The bytes that repaint the cells of `runs` that have a 24-bit colour, then put the
    /// cursor at `cursor` (zero-based column and row); empty when no cell has one.
    static func repaint(_ runs: [CellRun], cursor: (x: Int, y: Int)) -> String {
        var bytes = ""
        for run in runs {
            var column = run.x
            var segmentStyle: Style?
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }
                guard needsTrueColor(cell.style) else {
                    segmentStyle = nil
                    continue
                }
                if segmentStyle != cell.style {
                    // A new segment: move there (a wide character before it was skipped in
                    // nothing, so the position is exact) and set its attributes.
                    bytes += "\u{1B}[\(run.y + 1);\(column + 1)H" + sgr(cell.style)
                    segmentStyle = cell.style
                }
                bytes += cell.terminalText
            }
        }
        guard !bytes.isEmpty else { return "" }
        return bytes + "\u{1B}[0m\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H"
    }

    static func needsTrueColor(_ style: Style) -> Bool {
        if case .rgb = style.foreground { return true }
        if case .rgb = style.background { return true }
        return false
    }

    /// One SGR sequence for a style, from normal attributes.
    static func sgr(_ style: Style) -> String {
        var parameters = ["0"]
        if style.isBold { parameters.append("1") }
        if style.isDim { parameters.append("2") }
        if style.isUnderline { parameters.append("4") }
        if style.isReverse { parameters.append("7") }
        parameters += color(style.foreground, base: 38)
        parameters += color(style.background, base: 48)
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    private static func color(_ color: Color, base: Int) -> [String] {
        switch color {
        case .terminalDefault: return []
        case .indexed(let index): return ["\(base)", "5", "\(index)"]
        case .rgb(let red, let green, let blue): return ["\(base)", "2", "\(red)", "\(green)", "\(blue)"]
        }
    }
}
