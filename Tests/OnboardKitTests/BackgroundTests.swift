import Testing

@testable import OnboardKit

/// Page backgrounds: decoding with positioned errors, each pattern drawn in the cells a page
/// leaves blank (snapshots, dark and light), never beside text, moving with the slide, still
/// under reduced motion and left out without colour.
@Suite struct BackgroundTests {
    static let app = #""app": {"id": "a.b", "name": "App", "version": "1.0.0"}"#

    static func load(_ json: String, files: [String: String] = [:]) -> DeckLoadResult {
        var all = files
        all["decks/deck.json"] = json
        return DeckLoader.load(path: "decks/deck.json", reader: .memory(all))
    }

    @Test func deckAndPageBackgroundsDecode() throws {
        let result = Self.load(
            """
            {
              \(Self.app), "background": "dots",
              "pages": [
                { "kind": "step", "heading": "One" },
                { "kind": "step", "heading": "Two", "background": { "pattern": "stars", "parallax": true } },
                { "kind": "hero", "symbol": "star", "title": "Three", "background": { "image": "art/wave.txt" } },
                { "kind": "step", "heading": "Four", "background": "none" }
              ]
            }
            """, files: ["decks/art/wave.txt": "\n ~~\n~  ~\n"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let deck = try #require(result.deck)
        #expect(deck.background(ofPage: 0) == Background(.pattern(.dots)))
        #expect(deck.background(ofPage: 1) == Background(.pattern(.stars), isParallax: true))
        #expect(deck.background(ofPage: 2) == Background(.art([" ~~", "~  ~"])))
        #expect(deck.background(ofPage: 3) == nil)
        // What's New keeps each page's own background.
        #expect(deck.keepingPages([1]).background(ofPage: 0) == Background(.pattern(.stars), isParallax: true))
    }

    @Test(arguments: [
        (
            "{\n  \(app), \"background\": \"dot\",\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\"} ]\n}",
            #"decks/deck.json:2:74: error: background: unknown background "dot"; expected one of "dots", "grid", "stars", "gradient", "none", or an object with an "image" (a text-art file) (did you mean "dots"?)"#
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\", \"background\": 3} ]\n}",
            #"decks/deck.json:3:61: error: pages[0].background: expected a pattern's name or an object with "pattern" or "image", found a number"#
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\", \"background\": {\"image\": \"none.txt\"}} ]\n}",
            #"decks/deck.json:3:71: error: pages[0].background.image: art file "decks/none.txt": no such file"#
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\", \"background\": {\"parallax\": true}} ]\n}",
            #"decks/deck.json:3:61: error: pages[0].background: a background needs a "pattern" or an "image""#
        ),
        (
            "{\n  \(app),\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\", \"background\": {\"pattern\": \"grid\", \"parallax\": 1}} ]\n}",
            #"decks/deck.json:3:93: error: pages[0].background.parallax: expected true or false, found a number"#
        ),
    ])
    func errorsNameThePathAndPosition(json: String, expected: String) {
        let result = Self.load(json)
        #expect(result.deck == nil)
        #expect(result.errors.map(\.description).contains(expected), "got \(result.errors.map(\.description))")
    }

    @Test func anUnknownMemberOfABackgroundIsAWarning() {
        let result = Self.load(
            "{\n  \(Self.app), \"background\": {\"pattern\": \"grid\", \"speed\": 2},\n  \"pages\": [ {\"kind\": \"step\", \"heading\": \"x\"} ]\n}"
        )
        #expect(result.deck != nil)
        #expect(
            result.warnings.map(\.description).contains { $0.contains("background") && $0.contains("\"speed\"") },
            "\(result.warnings.map(\.description))")
    }

    static func deck(_ background: Background) -> Deck {
        var deck = TestDecks.deck(pageCount: 2)
        deck.background = background
        return deck
    }

    static func app(
        _ background: Background, appearance: Appearance = .dark, mode: ColorMode = .indexed256,
        reducesMotion: Bool = false
    ) -> OnboardingApp {
        OnboardingApp(
            deck: deck(background), colorMode: mode, width: 40, height: 12,
            settings: AppSettings(reducesMotion: reducesMotion, appearance: appearance))
    }

    /// The pattern's cells and the page's text, each pattern cell's style checked.
    static func render(_ app: OnboardingApp, expecting style: Style?) -> String {
        let canvas = TestDecks.screen(app)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                if "·┼─│✦+░~".contains(cell.grapheme), cell.style != .plain {
                    #expect(cell.style == style, "\(x),\(y) \(cell.grapheme)")
                }
            }
        }
        return framed(canvas.lines, width: canvas.width)
    }

    @Test(
        "each pattern, light and dark, in the cells the page leaves blank",
        arguments: BackgroundPattern.allCases, Appearance.allCases)
    func patternSnapshots(pattern: BackgroundPattern, appearance: Appearance) throws {
        let app = Self.app(Background(.pattern(pattern)), appearance: appearance)
        let style = try #require(app.theme.pattern)
        assertSnapshot(Self.render(app, expecting: style), named: "background-\(pattern)-\(appearance)-40x12")
    }

    @Test func theLightPatternIsPaleAndTheDarkOneDim() throws {
        let dark = try #require(Self.app(Background(.pattern(.dots))).theme.pattern)
        let light = try #require(Self.app(Background(.pattern(.dots)), appearance: .light).theme.pattern)
        #expect(dark.foreground.fitted(to: .indexed256) == .indexed(238))
        #expect(light.foreground.fitted(to: .indexed256) == .indexed(250))
        // Low contrast against its own background: a pattern, not text.
        for (style, background) in [(dark, Color.black), (light, Color.brightWhite)] {
            let ratio = try #require(style.foreground.contrastRatio(with: background))
            #expect(ratio < 3, "\(style)")
        }
    }

    @Test func textArtRepeatsBehindThePage() {
        let app = Self.app(Background(.art(["<>"])))
        assertSnapshot(Self.render(app, expecting: app.theme.pattern), named: "background-art-40x12")
    }

    @Test("the pattern never touches text: no pattern cell beside a written one")
    func neverBesideText() {
        for pattern in BackgroundPattern.allCases {
            let canvas = TestDecks.screen(Self.app(Background(.pattern(pattern))))
            let plain = TestDecks.screen(Self.app(Background(.none)))
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas[x, y] != plain[x, y] {
                    // A pattern cell: blank before, and so are both its neighbours.
                    #expect(plain[x, y] == .blank)
                    if x > 0 { #expect(plain[x - 1, y] == .blank, "\(pattern) \(x),\(y)") }
                    if x + 1 < canvas.width { #expect(plain[x + 1, y] == .blank, "\(pattern) \(x),\(y)") }
                }
            }
        }
    }

    @Test func leftOutWithoutColour() {
        let canvas = TestDecks.screen(Self.app(Background(.pattern(.grid)), mode: .monochrome))
        let plain = TestDecks.screen(Self.app(Background(.none), mode: .monochrome))
        #expect(canvas == plain)
    }

    /// The column of the grid's first upright line on a row.
    static func firstDot(_ app: OnboardingApp, row: Int) -> Int? {
        let canvas = TestDecks.screen(app)
        return (0..<canvas.width).first { canvas[$0, row].grapheme == "│" }
    }

    @Test func theBackgroundScrollsWithTheSlideAndParallaxAtHalfSpeed() throws {
        var moving = Self.app(Background(.pattern(.grid)))
        var parallax = Self.app(Background(.pattern(.grid), isParallax: true))
        var still = Self.app(Background(.pattern(.grid)), reducesMotion: true)
        // A row of the grid with upright lines only (pattern rows 1-3 of every 4).
        let row = moving.layout.content.y + 1
        let start = try #require(Self.firstDot(moving, row: row))
        _ = moving.update(.key(.right))
        _ = parallax.update(.key(.right))
        _ = still.update(.key(.right))
        // A few frames in, the page has moved left by its offset; the pattern with it.
        for _ in 0..<6 {
            _ = moving.update(.tick(seconds: 1.0 / 60))
            _ = parallax.update(.tick(seconds: 1.0 / 60))
        }
        let offset = Int(moving.slide.offset.rounded())
        #expect(offset > 4)
        let movedBy = Self.modulo(start - (try #require(Self.firstDot(moving, row: row))), 10)
        #expect(movedBy == Self.modulo(offset, 10))
        let parallaxMovedBy = Self.modulo(start - (try #require(Self.firstDot(parallax, row: row))), 10)
        #expect(parallaxMovedBy == Self.modulo(offset / 2, 10))
        // Reduced motion: the page cuts, and the pattern stays where it was.
        #expect(!still.isAnimating)
        #expect(Self.firstDot(still, row: row) == start)
    }

    static func modulo(_ value: Int, _ divisor: Int) -> Int { ((value % divisor) + divisor) % divisor }
}
