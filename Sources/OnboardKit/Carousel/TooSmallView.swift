/// Shown instead of the carousel when the terminal is below the minimum size.
public enum TooSmallView {
    public static func message(width: Int, height: Int) -> String {
        "terminal too small (need \(CarouselLayout.minimumWidth) x \(CarouselLayout.minimumHeight), "
            + "have \(width) x \(height))"
    }

    public static func draw(into canvas: inout Canvas, theme: Theme) {
        let lines = TextLayout.wrap(message(width: canvas.width, height: canvas.height), width: canvas.width)
        let top = max(0, (canvas.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            canvas.draw(line, x: (canvas.width - DisplayWidth.of(line)) / 2, y: top + index, style: theme.accentText)
        }
    }
}
