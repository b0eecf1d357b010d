/// The `?` overlay listing the keys of the table (`KeyBindings`), drawn as a box over the page.
public enum HelpOverlay {
    /// One line per entry of each map, in table order; a key that works anywhere only where no
    /// earlier line lists it (Ctrl-C already quits the tour); then the mouse.
    public static func entries(of maps: [KeyMap]) -> [(keys: String, action: String)] {
        var listed: Set<Key> = []
        var lines: [(keys: String, action: String)] = []
        for map in maps {
            for entry in map.entries {
                let keys = entry.bindings.flatMap(\.keys)
                if map.context == .anywhere, !keys.isEmpty, keys.allSatisfy({ listed.contains($0) }) { continue }
                listed.formUnion(keys)
                lines.append((entry.keys, Messages.tr(entry.help)))
            }
        }
        return lines + [(Messages.tr(mouse.keys), Messages.tr(mouse.action))]
    }

    /// The mouse's line: it has no key of the table, and works on every page.
    public static let mouse = (keys: Messages.trNoop("mouse"), action: Messages.trNoop("click · wheel or drag pages"))

    public static func draw(into canvas: inout Canvas, theme: Theme, maps: [KeyMap] = [KeyBindings.carousel]) {
        let all = entries(of: maps)
        let keyWidth = all.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let gap = "   "
        let title = " " + Messages.tr("Keys") + " "
        let footer = " " + Messages.tr("any key closes") + " "
        let widest = all.map { keyWidth + gap.count + DisplayWidth.of($0.action) }.max() ?? 0
        let boxWidth = min(canvas.width, max(widest, DisplayWidth.of(footer)) + 4)
        // A blank row above and below the list while the screen has room for them.
        let padding = all.count + 4 <= canvas.height ? 1 : 0
        let boxHeight = min(canvas.height, all.count + 2 + 2 * padding)
        let box = Rect(
            x: (canvas.width - boxWidth) / 2, y: (canvas.height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        BoxView.draw(
            into: &canvas, box: box, style: theme.border, title: title, footer: footer, titleStyle: theme.accentText,
            backdrop: theme.backdrop)
        let inner = box.inset(by: 1)
        let rows = max(0, inner.height - 2 * padding)
        // When not every key fits, the last row says there is more rather than hiding it.
        let shown = all.count > rows ? Array(all.prefix(max(0, rows - 1))) : all
        let actionWidth = max(0, inner.width - 2 - keyWidth - gap.count)
        for (index, entry) in shown.enumerated() {
            let row = inner.y + padding + index
            canvas.draw(entry.keys, x: inner.x + 1, y: row, style: theme.accentText, clip: inner)
            canvas.draw(
                TextLayout.truncate(entry.action, width: actionWidth), x: inner.x + 1 + keyWidth + gap.count, y: row,
                style: theme.body, clip: inner)
        }
        if shown.count < all.count, rows > 0 {
            canvas.draw(
                TextLayout.truncate(
                    Messages.trn(
                        "… {{ count }} more in a larger terminal", "… {{ count }} more in a larger terminal",
                        count: all.count - shown.count),
                    width: inner.width - 2),
                x: inner.x + 1, y: inner.y + padding + shown.count, style: theme.muted, clip: inner)
        }
    }
}
