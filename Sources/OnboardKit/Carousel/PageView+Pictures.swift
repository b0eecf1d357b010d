/// PNG pictures on a page: laid out in the room the words leave, and drawn as half blocks, as
/// cells left blank for the shell's graphics protocol, or as their alt text.
extension PageView {
    /// The picture's block: its size in cells, or its alt text where no picture is shown;
    /// nothing when there is no room for it (nor alt text to stand for it).
    func pictureBlocks(_ picture: PagePicture, maxWidth: Int, maxHeight: Int) -> [Block] {
        guard pictureDisplay != .altText else { return altTextBlocks(picture, width: maxWidth) }
        guard
            let fit = PictureFit.fitting(
                picture.raster, cell: cellSize, maxColumns: min(maxWidth, Self.maximumPictureColumns),
                maxRows: maxHeight)
        else { return [] }
        var block = Block(
            lines: Array(repeating: String(repeating: " ", count: fit.columns), count: fit.rows), style: theme.art,
            alignment: .centredBlock, isArt: true)
        block.picture = (picture, fit)
        return [block]
    }

    /// Pictures are not drawn wider than this many columns, however wide the terminal: a page
    /// is read, not filled.
    static let maximumPictureColumns = 100

    /// The alt text in brackets, dimmed: it is what the picture shows, not the page's words.
    private func altTextBlocks(_ picture: PagePicture, width: Int) -> [Block] {
        guard !picture.alt.isEmpty else { return [] }
        let lines = TextLayout.wrapDirected("[" + picture.alt + "]", width: Self.textWidth(for: width))
        var block = Block(text: lines, style: theme.muted, alignment: .centredLines)
        block.isArt = true
        return [block]
    }

    /// One row of a picture. Left to a graphics protocol, the rows stay blank and the first
    /// records where the whole picture goes, provided all of it is in sight; a picture part
    /// out of sight (a scrolled page) is drawn in half blocks instead.
    func drawPicture(
        _ row: (picture: PagePicture, fit: PictureFit, row: Int), x: Int, y: Int, into canvas: inout Canvas, clip: Rect
    ) {
        let whole = Rect(x: x, y: y - row.row, width: row.fit.columns, height: row.fit.rows)
        if pictureDisplay == .reserved, clip.intersection(whole) == whole,
            canvas.bounds.intersection(whole) == whole
        {
            if row.row == 0 {
                canvas.addPicture(PicturePlacement(picture: row.picture, rect: whole, background: theme.background))
            }
            return
        }
        HalfBlockPicture(
            raster: row.picture.raster, fit: row.fit, background: theme.background, colorMode: theme.colorMode
        ).draw(row: row.row, x: x, y: y, into: &canvas, clip: clip)
    }
}
