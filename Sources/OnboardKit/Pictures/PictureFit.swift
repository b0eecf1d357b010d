/// The cells a picture takes: as large as its pixels at the terminal's cell size, shrunk to
/// the room there is, keeping its shape (a cell is about twice as tall as it is wide, so a
/// square picture takes about twice as many columns as rows).
public struct PictureFit: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Pictures are not shown smaller than this many rows (or their own size, if smaller):
    /// below it a page's words need the room more.
    static let minimumRows = 3

    /// The cells for `raster` in at most `maxColumns` x `maxRows`; nil when the room is smaller
    /// than the least worth showing.
    public static func fitting(
        _ raster: RasterImage, cell: CellPixelSize, maxColumns: Int, maxRows: Int
    ) -> PictureFit? {
        let width = Double(raster.width)
        let height = Double(raster.height)
        let cellWidth = Double(cell.width)
        let cellHeight = Double(cell.height)
        guard maxColumns > 0, maxRows > 0 else { return nil }
        let scale = min(1, Double(maxColumns) * cellWidth / width, Double(maxRows) * cellHeight / height)
        let columns = min(maxColumns, max(1, Int((width * scale / cellWidth).rounded())))
        let rows = min(maxRows, max(1, Int((height * scale / cellHeight).rounded())))
        let natural = max(1, Int((height / cellHeight).rounded()))
        guard rows >= min(minimumRows, natural) else { return nil }
        return PictureFit(columns: columns, rows: rows)
    }
}

/// A picture on the canvas, for the shell to draw with a graphics protocol over cells the page
/// left blank (`PictureDisplay.reserved`).
public struct PicturePlacement: Hashable, Sendable {
    public var picture: PagePicture
    /// The cells it covers, wholly on the canvas.
    public var rect: Rect
    /// The colour the picture's transparent parts are laid over where a protocol cannot leave
    /// them transparent (sixel).
    public var background: Color

    public init(picture: PagePicture, rect: Rect, background: Color) {
        self.picture = picture
        self.rect = rect
        self.background = background
    }
}
