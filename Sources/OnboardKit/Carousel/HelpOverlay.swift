/// The `?` overlay listing every key, drawn as a box over the page.
public enum HelpOverlay {
    public static let entries: [(keys: String, action: String)] = [
        ("→ l Space Enter PgDn", "next page"),
        ("← h Backspace PgUp", "previous page"),
        ("Home g · End G", "first · last page"),
        ("1 … 9", "jump to page"),
        ("s", "skip the tour"),
        ("c", "confetti"),
        ("?", "show or hide this help"),
        ("q Esc Ctrl-C", "quit"),
    ]

    public static func draw(
        into canvas: inout Canvas, theme: Theme, extraEntries: [(keys: String, action: String)] = []
    ) {
        let all = entries + extraEntries
        let keyWidth = all.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let lines = all.map { entry in
            entry.keys + String(repeating: " ", count: keyWidth - DisplayWidth.of(entry.keys)) + "   " + entry.action
        }
        let title = " Keys "
        let footer = " any key closes "
        let innerWidth = max(lines.map { DisplayWidth.of($0) }.max() ?? 0, DisplayWidth.of(footer)) + 2
        let boxWidth = min(canvas.width, innerWidth + 2)
        let boxHeight = min(canvas.height, lines.count + 4)
        let box = Rect(
            x: (canvas.width - boxWidth) / 2, y: (canvas.height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        BoxView.draw(
            into: &canvas, box: box, style: theme.border, title: title, footer: footer, titleStyle: theme.accentText)
        let inner = box.inset(by: 1)
        for (index, line) in lines.enumerated() {
            let row = inner.y + 1 + index
            guard row < inner.maxY else { break }
            let keys = String(line.prefix(keyWidth))
            canvas.draw(keys, x: inner.x + 1, y: row, style: theme.accentText, clip: inner)
            canvas.draw(line.dropFirst(keyWidth), x: inner.x + 1 + keyWidth, y: row, style: theme.body, clip: inner)
        }
    }
}
