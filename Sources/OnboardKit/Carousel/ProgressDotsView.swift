/// The progress dots under the page: one per page, the current one highlighted, or the
/// compact "4 / 37" when there are more pages than fit.
public enum ProgressDotsView {
    public static let currentDot = "●"
    public static let otherDot = "○"

    public static func draw(into canvas: inout Canvas, layout: CarouselLayout, theme: Theme) {
        let row = layout.dotsRow
        if layout.usesCompactProgress {
            let text = "\(layout.pageIndex + 1) / \(layout.pageCount)"
            // Right-to-left, the count reads from the right: "37 / 4".
            let direction: TextDirection = layout.direction == .rightToLeft ? .rightToLeft : .leftToRight
            canvas.draw(
                text, x: (layout.width - DisplayWidth.of(text)) / 2, y: row, style: theme.dotCurrent,
                direction: direction)
            return
        }
        let leftmost = layout.dotColumns.min() ?? 0
        for (page, column) in layout.dotColumns.enumerated() {
            let isCurrent = page == layout.pageIndex
            // The space between dots takes the other dots' style: ncurses writes a space rather
            // than move over it, and a space that matches needs no change of colour.
            if column > leftmost { canvas.draw(" ", x: column - 1, y: row, style: theme.dotOther) }
            canvas.draw(
                isCurrent ? currentDot : otherDot, x: column, y: row,
                style: isCurrent ? theme.dotCurrent : theme.dotOther)
        }
    }
}
