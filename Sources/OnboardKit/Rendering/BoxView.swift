/// A rounded box with an optional title in its top edge and footer in its bottom edge; its
/// inside and a one-cell margin around it are cleared so it can sit over a page, and with a
/// `backdrop` style the whole page behind it takes that style (dimmed), so the box reads as in
/// front and no fragment of the page touches its border.
public enum BoxView {
    public static func draw(
        into canvas: inout Canvas, box: Rect, style: Style, title: String? = nil, footer: String? = nil,
        titleStyle: Style? = nil, backdrop: Style? = nil
    ) {
        if let backdrop { canvas.restyle(canvas.bounds) { _ in backdrop } }
        canvas.fill(Rect(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2))
        guard box.width >= 2, box.height >= 2 else {
            canvas.fill(box)
            return
        }
        canvas.fill(box)
        let horizontal = String(repeating: "─", count: box.width - 2)
        canvas.draw("╭" + horizontal + "╮", x: box.x, y: box.y, style: style)
        canvas.draw("╰" + horizontal + "╯", x: box.x, y: box.maxY - 1, style: style)
        for row in (box.y + 1)..<(box.maxY - 1) {
            canvas.draw("│", x: box.x, y: row, style: style)
            canvas.draw("│", x: box.maxX - 1, y: row, style: style)
        }
        let edge = Rect(x: box.x + 1, y: box.y, width: box.width - 2, height: box.height)
        if let title, box.width > 4 {
            canvas.draw(
                TextLayout.truncate(title, width: box.width - 4), x: box.x + 2, y: box.y, style: titleStyle ?? style,
                clip: edge)
        }
        if let footer, box.width > 4 {
            let text = TextLayout.truncate(footer, width: box.width - 4)
            canvas.draw(
                text, x: box.maxX - 2 - DisplayWidth.of(text), y: box.maxY - 1, style: style.dimmed(), clip: edge)
        }
    }
}
