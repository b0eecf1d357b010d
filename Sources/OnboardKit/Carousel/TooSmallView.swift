/// Shown instead of the carousel when the terminal is below the minimum size.
public enum TooSmallView {
    public static func message(width: Int, height: Int) -> String {
        Messages.tr(
            "terminal too small (need {{ minimum_width }} x {{ minimum_height }}, have {{ width }} x {{ height }})",
            [
                "minimum_width": String(CarouselLayout.minimumWidth),
                "minimum_height": String(CarouselLayout.minimumHeight), "width": String(width),
                "height": String(height),
            ])
    }

    public static func draw(into canvas: inout Canvas, theme: Theme) {
        let lines = TextLayout.wrap(message(width: canvas.width, height: canvas.height), width: canvas.width)
        let top = max(0, (canvas.height - lines.count) / 2)
        // A wrapped sentence is a block: its lines start in one column.
        let left = max(0, (canvas.width - (lines.map { DisplayWidth.of($0) }.max() ?? 0)) / 2)
        for (index, line) in lines.enumerated() {
            canvas.draw(line, x: left, y: top + index, style: theme.accentText)
        }
    }
}
