extension Canvas {
    /// A picture left to the shell that something was drawn over (confetti, a box, a hint)
    /// becomes half blocks in the cells still blank, under what covers it: a terminal's
    /// protocol would draw it over the box (kitty) or be cut by the confetti (sixel), and
    /// redrawing it for every frame the confetti moves would cost a picture a frame. Once
    /// nothing covers it, the shell draws it again, once.
    public mutating func coverPictures(colorMode: ColorMode) {
        guard !pictures.isEmpty else { return }
        let drawn = self
        let covered = removePictures { placement in
            let rect = placement.rect
            return (rect.y..<rect.maxY).contains { y in (rect.x..<rect.maxX).contains { drawn[$0, y] != .blank } }
        }
        for placement in covered {
            let rect = placement.rect
            let picture = HalfBlockPicture(
                raster: placement.picture.raster, fit: PictureFit(columns: rect.width, rows: rect.height),
                background: placement.background, colorMode: colorMode)
            for row in 0..<rect.height {
                for (offset, cell) in picture.cells(row: row).enumerated()
                where self[rect.x + offset, rect.y + row] == .blank {
                    setCell(x: rect.x + offset, y: rect.y + row, cell)
                }
            }
        }
    }
}
