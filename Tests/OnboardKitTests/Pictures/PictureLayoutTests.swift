import Testing

@testable import OnboardKit

/// Pictures in cells: their size at the terminal's cell size, kept in shape and shrunk to the
/// room, and half blocks in the terminal's colours.
@Suite struct PictureLayoutTests {
    @Test(arguments: [
        // A picture at its own size: 160x64 pixels in 8x16 cells is 20x4.
        (160, 64, CellPixelSize.standard, 80, 20, PictureFit(columns: 20, rows: 4)),
        // Shrunk to the columns there are, its shape kept.
        (1600, 640, CellPixelSize.standard, 40, 20, PictureFit(columns: 40, rows: 8)),
        // Shrunk to the rows there are.
        (800, 800, CellPixelSize.standard, 80, 10, PictureFit(columns: 20, rows: 10)),
        // Square cells make a square picture square in cells.
        (800, 800, CellPixelSize(width: 10, height: 10), 80, 10, PictureFit(columns: 10, rows: 10)),
        // A tiny icon keeps its own size, however small.
        (16, 16, CellPixelSize.standard, 80, 20, PictureFit(columns: 2, rows: 1)),
    ])
    func aPictureFitsItsRoomKeepingItsShape(
        width: Int, height: Int, cell: CellPixelSize, columns: Int, rows: Int, expected: PictureFit
    ) {
        let raster = PictureFixtures.plain(width: width, height: height)
        #expect(PictureFit.fitting(raster, cell: cell, maxColumns: columns, maxRows: rows) == expected)
    }

    @Test func noRoomForThreeRowsLeavesALargePictureOut() {
        let raster = PictureFixtures.plain(width: 800, height: 800)
        #expect(PictureFit.fitting(raster, cell: .standard, maxColumns: 80, maxRows: 2) == nil)
        #expect(PictureFit.fitting(raster, cell: .standard, maxColumns: 0, maxRows: 20) == nil)
        #expect(PictureFit.fitting(raster, cell: .standard, maxColumns: 80, maxRows: 3) != nil)
    }

    @Test(arguments: [
        (
            ColorMode.truecolor, Color.rgb(255, 0, 0), Color.rgb(0, 0, 255), Color.rgb(0, 255, 0),
            Color.rgb(255, 255, 255)
        ),
        (ColorMode.indexed256, Color.indexed(196), Color.indexed(21), Color.indexed(46), Color.indexed(231)),
        (ColorMode.basic8, Color.indexed(1), Color.indexed(4), Color.indexed(2), Color.indexed(7)),
    ])
    func eachCellShowsTwoPixelsInTheTerminalsColours(
        mode: ColorMode, topLeft: Color, bottomLeft: Color, topRight: Color, bottomRight: Color
    ) {
        let picture = HalfBlockPicture(
            raster: PictureFixtures.quadrants, fit: PictureFit(columns: 2, rows: 1), background: .black,
            colorMode: mode)
        let cells = picture.cells(row: 0)
        #expect(cells.map(\.grapheme) == ["▀", "▀"])
        #expect(cells[0].style.foreground == topLeft && cells[0].style.background == bottomLeft)
        #expect(cells[1].style.foreground == topRight && cells[1].style.background == bottomRight)
    }

    /// Halves of one colour make a blank in that colour: a terminal that redraws a glyph whose
    /// foreground matches its background (kitty does) cannot show anything else there.
    @Test func halvesOfOneColourAreABlankInIt() {
        let cells = HalfBlockPicture(
            raster: PictureFixtures.plain(width: 2, height: 2), fit: PictureFit(columns: 2, rows: 1),
            background: .black, colorMode: .truecolor
        ).cells(row: 0)
        #expect(cells == Array(repeating: Cell(grapheme: " ", style: Style(background: .rgb(200, 100, 50))), count: 2))
    }

    @Test func transparentPixelsShowTheTerminalsBackground() {
        // Top row clear; bottom row red, then clear.
        let raster = RasterImage(
            width: 2, height: 2, rgba: [0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0])!
        let cells = HalfBlockPicture(
            raster: raster, fit: PictureFit(columns: 2, rows: 1), background: .black, colorMode: .truecolor
        ).cells(row: 0)
        #expect(cells[0].grapheme == "▄" && cells[0].style.foreground == .rgb(255, 0, 0))
        #expect(cells[0].style.background == .terminalDefault)
        #expect(cells[1] == .blank)
    }

    @Test func scaledPixelsAverageTheAreaTheyCover() {
        // The quadrants at 1x1: a quarter each of red, green, blue and white.
        #expect(PictureFixtures.quadrants.scaledRGB(width: 1, height: 1, over: (0, 0, 0)) == [127, 127, 127])
        #expect(
            PictureFixtures.quadrants.scaledRGB(width: 2, height: 2, over: (0, 0, 0)) == [
                255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255,
            ])
        let clear = PictureFixtures.plain(width: 1, height: 1, rgba: [255, 255, 255, 0])
        #expect(clear.scaledRGB(width: 1, height: 1, over: (10, 20, 30)) == [10, 20, 30])
    }
}
