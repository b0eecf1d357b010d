import Foundation
import Testing

@testable import OnboardKit

/// `"image": "….png"` on step and hero pages: read through the host's decoder, sized to the
/// page, drawn in half blocks, left to a graphics protocol at rest, or shown as alt text.
@Suite struct PagePictureDeckTests {
    static func load(_ pages: String, files: [String: String] = ["/d/logo.png": "PNG 160x64"], decodes: Bool = true)
        -> DeckLoadResult
    {
        let json = #"{"app": {"id": "a", "name": "A"}, "pages": ["# + pages + "]}"
        return DeckLoader.decode(
            Array(json.utf8), file: "/d/deck.json", reader: PictureFixtures.reader(files, decodes: decodes))
    }

    static let stepPage = #"{"kind": "step", "image": "logo.png", "alt": "The logo", "heading": "Hello"}"#

    @Test func aStepPagesPNGImageIsDecodedWithItsAltText() throws {
        let deck = try #require(Self.load(Self.stepPage).deck)
        guard case .step(let step) = deck.pages[0] else { throw Failure.notAStep }
        let picture = try #require(step.picture)
        #expect(picture.raster.width == 160 && picture.raster.height == 64)
        #expect(picture.alt == "The logo" && picture.png == Array("PNG 160x64".utf8) && step.art.isEmpty)
    }

    @Test func aHeroPageShowsAPictureInsteadOfASymbol() throws {
        let page = #"{"kind": "hero", "image": "logo.png", "title": "Hi"}"#
        let deck = try #require(Self.load(page).deck)
        guard case .hero(let hero) = deck.pages[0] else { throw Failure.notAStep }
        #expect(hero.picture?.raster.width == 160 && hero.symbolName.isEmpty)
    }

    enum Failure: Error { case notAStep }

    @Test(arguments: [
        (
            #"{"kind": "step", "image": "gone.png", "heading": "H"}"#,
            #"picture "/d/gone.png": no such file"#
        ),
        (
            #"{"kind": "step", "image": "bad.png", "heading": "H"}"#,
            #"picture "/d/bad.png" is not a PNG file"#
        ),
        (
            #"{"kind": "step", "image": "huge.png", "heading": "H"}"#,
            #"picture "/d/huge.png" is too large"#
        ),
        (
            #"{"kind": "hero", "image": "logo.png", "symbol": "star", "title": "H"}"#,
            #"give either "symbol" or "image", not both"#
        ),
        (
            #"{"kind": "hero", "image": "art.txt", "title": "H"}"#,
            "a hero page's image is a PNG picture (a name ending in .png); text art goes on a step page"
        ),
    ])
    func aPictureThatCannotBeShownIsAnErrorNamingItsFile(page: String, message: String) {
        let files = [
            "/d/logo.png": "PNG 160x64", "/d/bad.png": "GIF89a", "/d/huge.png": "PNG 5000x10", "/d/art.txt": "*",
        ]
        let result = Self.load(page, files: files)
        #expect(result.deck == nil)
        #expect(result.diagnostics.contains { $0.severity == .error && $0.message == message }, "\(result.diagnostics)")
    }

    @Test func aHostWithoutADecoderSaysItCannotReadPictures() {
        let result = Self.load(Self.stepPage, decodes: false)
        #expect(result.diagnostics.map(\.message) == [#"picture "/d/logo.png": this program cannot read PNG pictures"#])
    }

    static func app(_ mode: ColorMode = .truecolor, protocol drawsWithProtocol: Bool = false) throws -> OnboardingApp {
        let deck = try #require(Self.load(Self.stepPage + "," + Self.stepPage.replacing("Hello", with: "Again")).deck)
        var settings = AppSettings()
        settings.drawsPicturesWithProtocol = drawsWithProtocol
        var app = OnboardingApp(deck: deck, colorMode: mode, width: 80, height: 24, settings: settings)
        _ = app.update(.resize(width: 80, height: 24))
        _ = TestDecks.settle(&app)
        return app
    }

    /// A cell of the test picture, all one colour: a blank in its colour (in 24-bit colour, or
    /// the nearest of 256 as `dump` draws).
    static func isPicture(_ cell: Cell) -> Bool {
        let color = Color.rgb(200, 100, 50)
        return cell.style.background == color || cell.style.background == color.fitted(to: .indexed256)
    }

    static func pictureCells(_ canvas: Canvas) -> Int {
        (0..<canvas.height).reduce(0) { sum, y in sum + (0..<canvas.width).filter { isPicture(canvas[$0, y]) }.count }
    }

    /// Rows of half blocks in the picture's colour, centred over the heading.
    @Test func aPageDrawsItsPictureInHalfBlocksAboveItsWords() throws {
        let screen = TestDecks.screen(try Self.app())
        let rows = (0..<screen.height).filter { y in (0..<screen.width).contains { Self.isPicture(screen[$0, y]) } }
        #expect(rows.count == 4, "160x64 pixels are 20x4 cells:\n\(screen.text)")
        let row = try #require(rows.first)
        let columns = (0..<screen.width).filter { Self.isPicture(screen[$0, row]) }
        #expect(columns.count == 20 && columns.first == 30)
        let heading = try #require((0..<screen.height).first { screen.lines[$0].contains("Hello") })
        #expect(heading == rows.last! + 2)
        #expect(screen.pictures.isEmpty)
    }

    /// At rest, with a graphics protocol, the cells are left blank and the picture's place is
    /// recorded; while the page slides, half blocks move with it.
    @Test func withAGraphicsProtocolThePageAtRestLeavesThePictureToTheShell() throws {
        var app = try Self.app(protocol: true)
        let screen = TestDecks.screen(app)
        #expect(Self.pictureCells(screen) == 0)
        let placement = try #require(screen.pictures.first)
        #expect(screen.pictures.count == 1 && placement.rect.width == 20 && placement.rect.height == 4)
        #expect(placement.rect.x == 30 && placement.picture.alt == "The logo")
        _ = app.update(.key(.right))
        _ = app.update(.tick(seconds: app.settings.timeStep))
        let moving = TestDecks.screen(app)
        #expect(app.isAnimating && moving.pictures.isEmpty && Self.pictureCells(moving) > 0)
        _ = TestDecks.settle(&app)
        let next = TestDecks.screen(app)
        #expect(next.pictures.count == 1 && Self.pictureCells(next) == 0 && next.text.contains("Again"))
    }

    /// A box drawn over the picture takes it back from the shell (kitty would draw it over the
    /// box): half blocks under the box until it closes, then the picture again.
    @Test func aBoxOverThePictureTakesItBackUntilItCloses() throws {
        var app = try Self.app(protocol: true)
        #expect(TestDecks.screen(app).pictures.count == 1)
        _ = app.update(.key(.character("?")))
        let helped = TestDecks.screen(app)
        #expect(app.isShowingHelp && helped.pictures.isEmpty, "\(helped.text)")
        _ = app.update(.key(.escape))
        _ = TestDecks.settle(&app)
        #expect(!app.isShowingHelp && TestDecks.screen(app).pictures.count == 1)
    }

    /// A page's background pattern leaves the picture's cells to the picture.
    @Test func aBackgroundPatternLeavesThePicturesCellsBlank() throws {
        let page = Self.stepPage.replacing("}", with: #", "background": "dots"}"#)
        let deck = try #require(Self.load(page).deck)
        var settings = AppSettings()
        settings.drawsPicturesWithProtocol = true
        var app = OnboardingApp(deck: deck, colorMode: .truecolor, width: 80, height: 24, settings: settings)
        _ = app.update(.resize(width: 80, height: 24))
        _ = TestDecks.settle(&app)
        let screen = TestDecks.screen(app)
        let placement = try #require(screen.pictures.first)
        let rect = placement.rect
        #expect((rect.y..<rect.maxY).allSatisfy { y in (rect.x..<rect.maxX).allSatisfy { screen[$0, y] == .blank } })
        #expect(screen.text.contains("·") || screen.text.contains("."), "the pattern is drawn elsewhere")
    }

    @Test func withoutColoursTheAltTextStandsForThePicture() throws {
        let screen = TestDecks.screen(try Self.app(.monochrome, protocol: true))
        #expect(screen.text.contains("[The logo]") && Self.pictureCells(screen) == 0 && screen.pictures.isEmpty)
    }

    @Test func plainTextGivesTheAltText() throws {
        let deck = try #require(Self.load(Self.stepPage).deck)
        let lines = PlainTextRenderer.render(deck).split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.contains("Hello") })
        #expect(lines[heading + 2] == "[The logo]", "\(lines)")
    }

    @Test func anSVGCarriesThePNGFileItself() throws {
        let deck = try #require(Self.load(Self.stepPage).deck)
        let kept = PagePictures.render(deck, width: 80, height: 24, keepsPNGPictures: true)
        let svg = SVGPicture().render(kept[0].canvas, title: "t")
        let data = Data("PNG 160x64".utf8).base64EncodedString()
        #expect(
            svg.contains(
                #"width="200" height="80" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,"#
                    + data + "\"><title>The logo</title></image>"))
        let blocks = PagePictures.render(deck, width: 80, height: 24)[0].canvas
        #expect(Self.pictureCells(blocks) == 20 * 4 && blocks.pictures.isEmpty)
    }
}
