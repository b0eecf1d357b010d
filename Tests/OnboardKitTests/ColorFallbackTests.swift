import Foundation
import Testing

@testable import OnboardKit

/// Every page of the built-in tour, its help and the paywall's boxes, rendered for 8 and 16
/// colours as the terminal will get them (`Style.fitted`): no text may come out in the colour
/// of the background it sits on. On the terminal's own background that colour is unknown, so
/// text there may be neither black nor white (one of them is the background of nearly every
/// terminal); it may be the default foreground, bright black under 16 colours, or a hue.
@Suite struct ColorFallbackTests {
    static let accents: [(name: String, color: Color?)] = [
        ("default", nil), ("black", .rgb(0, 0, 0)), ("white", .rgb(255, 255, 255)), ("grey", .rgb(128, 128, 128)),
        ("yellow", .rgb(0xfa, 0xcc, 0x15)), ("navy", .rgb(0x1e, 0x29, 0x3b)), ("indexed 8", .indexed(8)),
    ]

    static func builtInDeck(accent: Color?) throws -> Deck {
        let path = DefaultDeckAssetTests.assetsDirectory.appendingPathComponent("default-deck.json").path
        var deck = try #require(DeckLoader.load(path: path, reader: DefaultDeckAssetTests.assetsReader).deck)
        if let accent { deck.accent = accent }
        return deck
    }

    static func app(
        _ deck: Deck, mode: ColorMode, width: Int = 80, height: Int = 24, appearance: Appearance = .dark
    ) throws -> OnboardingApp {
        let setup = PaywallSetup(
            catalog: try PaywallFixtures.defaultCatalog(), latency: 0.5,
            clock: StoreClock(startWallDate: StoreFixtures.date(2026, 1, 1), timeRate: 1))
        return PaywallFixtures.app(
            deck, setup: setup, width: width, height: height, colorMode: mode,
            settings: AppSettings(reducesMotion: true, seed: 1, appearance: appearance))
    }

    /// Each text cell of `canvas` whose colour, as sent to the terminal, is its background's.
    static func hiddenText(_ canvas: Canvas, mode: ColorMode) -> [String] {
        var problems: [String] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                guard !cell.isContinuation, !cell.grapheme.isWhitespace else { continue }
                let style = cell.style.fitted(to: mode)
                let (foreground, background) =
                    style.isReverse ? (style.background, style.foreground) : (style.foreground, style.background)
                let hidden: Bool
                if background == .terminalDefault {
                    hidden = [.black, .white, .brightWhite].contains(foreground)
                } else {
                    hidden = foreground == background
                }
                if hidden { problems.append("\(x),\(y) \"\(cell.grapheme)\" \(foreground) on \(background)") }
            }
        }
        return problems
    }

    @Test(
        "no text in the background's colour at 8 and 16 colours",
        arguments: [ColorMode.basic8, .basic16], accents.map(\.name))
    func everyPageAndBox(mode: ColorMode, accentName: String) throws {
        try Self.checkEveryPageAndBox(mode: mode, accent: Self.accents.first { $0.name == accentName }?.color)
    }

    @Test(
        "no text in the background's colour with the default accent in every colour mode",
        arguments: ColorMode.allCases)
    func everyPageAndBoxInEveryMode(mode: ColorMode) throws {
        try Self.checkEveryPageAndBox(mode: mode, accent: nil)
    }

    @Test(
        "no text in the background's colour in the light theme at 8 and 16 colours",
        arguments: [ColorMode.basic8, .basic16], accents.map(\.name))
    func everyPageAndBoxLight(mode: ColorMode, accentName: String) throws {
        try Self.checkEveryPageAndBox(
            mode: mode, accent: Self.accents.first { $0.name == accentName }?.color, appearance: .light)
    }

    static func checkEveryPageAndBox(mode: ColorMode, accent: Color?, appearance: Appearance = .dark) throws {
        var deck = try Self.builtInDeck(accent: accent)
        deck.background = Background(.pattern(.stars))
        for (width, height) in [(80, 24), (40, 12)] {
            var app = try Self.app(deck, mode: mode, width: width, height: height, appearance: appearance)
            var screens: [(String, Canvas)] = []
            for index in deck.pages.indices {
                _ = app.update(.key(.home))
                for _ in 0..<index { _ = app.update(.key(.right)) }
                TestDecks.settle(&app)
                screens.append(("page \(index + 1)", TestDecks.screen(app)))
                if case .paywall = deck.pages[index] {
                    _ = app.update(.key(.character("p")))
                    screens.append(("privacy box", TestDecks.screen(app)))
                    _ = app.update(.key(.escape))
                }
            }
            _ = app.update(.key(.character("?")))
            screens.append(("help", TestDecks.screen(app)))
            for (name, canvas) in screens {
                let problems = Self.hiddenText(canvas, mode: mode)
                #expect(
                    problems.isEmpty,
                    "\(width)x\(height) \(name): \(problems.prefix(5))\n\(canvas.lines.joined(separator: "\n"))")
            }
        }
    }

    @Test func secondaryTextIsDimDefaultUnder8ColoursAndBrightBlackAbove() {
        #expect(Theme(colorMode: .basic8).muted.fitted(to: .basic8) == Style(isDim: true))
        #expect(Style(foreground: .brightBlack).fitted(to: .basic8) == Style(isDim: true))
        #expect(Theme(colorMode: .basic16).muted.fitted(to: .basic16) == Style(foreground: .brightBlack))
        #expect(Theme(colorMode: .indexed256).muted.fitted(to: .indexed256) == Style(foreground: .brightBlack))
        #expect(Theme(colorMode: .monochrome).muted == Style(isDim: true))
    }

    @Test(arguments: [
        (Color.rgb(139, 92, 246), ColorMode.basic8, Color.magenta),
        (.rgb(139, 92, 246), .basic16, .indexed(12)),
        (.rgb(0, 0, 0), .basic8, .terminalDefault),
        (.rgb(255, 255, 255), .basic16, .terminalDefault),
        (.rgb(0x1e, 0x29, 0x3b), .basic8, .terminalDefault),
        (.rgb(0xfa, 0xcc, 0x15), .basic8, .yellow),
        (.rgb(0xef, 0x44, 0x44), .basic8, .red),
        (.indexed(8), .basic8, .terminalDefault),
        (.rgb(139, 92, 246), .indexed256, .rgb(139, 92, 246)),
        (.rgb(139, 92, 246), .truecolor, .rgb(139, 92, 246)),
    ])
    func accentFallbacks(accent: Color, mode: ColorMode, expected: Color) {
        #expect(Theme(accent: accent, colorMode: mode).accent == expected)
    }

    /// The light theme's accents under 8 and 16 colours: red, green, blue or magenta, never the
    /// pale yellow, cyan or bright forms; a grey accent is the default foreground.
    @Test(arguments: [
        (Color.rgb(139, 92, 246), ColorMode.basic8, Color.magenta),
        (.rgb(139, 92, 246), .basic16, .magenta),
        (.rgb(0xfa, 0xcc, 0x15), .basic16, .red),
        (.rgb(0, 200, 220), .basic16, .blue),
        (.rgb(0x22, 0xc5, 0x5e), .basic8, .green),
        (.rgb(255, 255, 255), .basic16, .terminalDefault),
        (.indexed(12), .basic16, .blue),
    ])
    func lightAccentFallbacks(accent: Color, mode: ColorMode, expected: Color) {
        #expect(Theme(accent: accent, colorMode: mode, appearance: .light).accent == expected)
    }

    @Test(arguments: [ColorMode.basic8, .basic16], Appearance.allCases)
    func everyThemeColourHasAFallback(mode: ColorMode, appearance: Appearance) throws {
        let theme = Theme(colorMode: mode, appearance: appearance)
        let styles = [
            theme.heading, theme.body, theme.muted, theme.accentText, theme.art, theme.dotCurrent, theme.button,
            theme.primaryButton, theme.border, try #require(theme.pattern),
        ]
        let basic = mode == .basic8 ? 8 : 16
        for style in styles {
            let fitted = style.fitted(to: mode)
            for color in [fitted.foreground, fitted.background] {
                if case .indexed(let index) = color { #expect(Int(index) < basic, "\(style) in \(mode)") }
                #expect(color == .terminalDefault || color.components != nil)
            }
        }
    }

    @Test(arguments: [
        (Color.rgb(139, 92, 246), ColorMode.indexed256, Color.indexed(99)),
        (.rgb(139, 92, 246), .truecolor, .rgb(139, 92, 246)),
        (.rgb(139, 92, 246), .basic8, .magenta),
        (.indexed(9), .basic8, .red),
        (.indexed(9), .basic16, .indexed(9)),
        (.indexed(200), .basic16, .indexed(13)),
        (.brightWhite, .basic8, .white),
        (.red, .monochrome, .terminalDefault),
        (.terminalDefault, .basic8, .terminalDefault),
    ])
    func colourFitting(color: Color, mode: ColorMode, expected: Color) {
        #expect(color.fitted(to: mode) == expected)
    }

    @Test func textOnItsOwnColourTakesBlackOrWhite() {
        #expect(Style(foreground: .brightWhite, background: .white).fitted(to: .basic8).foreground == .black)
        #expect(Style(foreground: .indexed(12), background: .blue).fitted(to: .basic8).foreground == .white)
    }
}
