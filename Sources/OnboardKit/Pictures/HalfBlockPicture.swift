/// A picture drawn with upper half blocks (`▀`): each cell shows two pixels, the top one in
/// the foreground colour and the bottom one in the background, fitted to the terminal's colours.
/// Mostly transparent pixels show the terminal's own background.
public struct HalfBlockPicture {
    public var raster: RasterImage
    public var fit: PictureFit
    /// The page's background, which partly transparent pixels are laid over.
    public var background: Color
    public var colorMode: ColorMode

    public init(raster: RasterImage, fit: PictureFit, background: Color, colorMode: ColorMode) {
        self.raster = raster
        self.fit = fit
        self.background = background
        self.colorMode = colorMode
    }

    static let upperHalf: Character = "▀"

    /// The colour of one half (`pixelRow` counts halves, two a row) of the cell in `column`.
    func color(column: Int, pixelRow: Int) -> Color {
        let scaleX = Double(raster.width) / Double(fit.columns)
        let scaleY = Double(raster.height) / Double(fit.rows * 2)
        let base = background.components ?? (0, 0, 0)
        let sample = raster.averageColor(
            x0: Double(column) * scaleX, y0: Double(pixelRow) * scaleY, x1: Double(column + 1) * scaleX,
            y1: Double(pixelRow + 1) * scaleY, over: base)
        guard sample.coverage >= 0.5 else { return .terminalDefault }
        return Color.rgb(sample.red, sample.green, sample.blue).fitted(to: colorMode)
    }

    /// The cells of the picture's row `row`, left to right.
    public func cells(row: Int) -> [Cell] {
        (0..<fit.columns).map { column in
            let top = color(column: column, pixelRow: row * 2)
            let bottom = color(column: column, pixelRow: row * 2 + 1)
            if top == .terminalDefault && bottom == .terminalDefault { return Cell.blank }
            // Two halves of one colour are a blank in that colour: no glyph whose foreground a
            // terminal might draw apart from its background (some change a colour that matches).
            if top == bottom { return Cell(grapheme: " ", style: Style(background: bottom)) }
            // A cell whose top half is clear shows its bottom half with a lower half block.
            if top == .terminalDefault {
                return Cell(grapheme: "▄", style: Style(foreground: bottom))
            }
            return Cell(grapheme: Self.upperHalf, style: Style(foreground: top, background: bottom))
        }
    }

    /// Draws the picture's row `row` with its left edge at `x`, clipped to `clip`.
    public func draw(row: Int, x: Int, y: Int, into canvas: inout Canvas, clip: Rect) {
        for (offset, cell) in cells(row: row).enumerated() where clip.contains(x: x + offset, y: y) {
            canvas.setCell(x: x + offset, y: y, cell)
        }
    }
}
