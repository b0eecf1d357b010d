import Testing

@testable import OnboardKit

/// Text on the accent (the selected package, the button) is readable whatever the accent.
@Suite struct ThemeContrastTests {
    static let accents: [(name: String, color: Color)] =
        ColorName.named.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        + ["#facc15", "#ffffff", "#000000", "#8b5cf6", "#777777", "#22c55e", "#0ea5e9", "#f43f5e"].map {
            ($0, ColorName.parse($0)!)
        }

    @Test(arguments: [ColorMode.truecolor, .indexed256])
    func everyNamedAccentGetsTextWithAtLeastAAContrast(mode: ColorMode) throws {
        for accent in Self.accents {
            let style = Theme(accent: accent.color, colorMode: mode).primaryButton
            // What the terminal shows: the nearest colour of its palette.
            let ratio = try #require(
                style.foreground.shown(in: mode).contrastRatio(with: style.background.shown(in: mode)))
            #expect(ratio >= 4.5, "\(accent.name) in \(mode): \(ratio)")
        }
    }

    @Test func aLightAccentGetsDarkTextAndADarkAccentLightText() {
        let yellow = Theme(accent: ColorName.parse("#facc15"), colorMode: .truecolor).primaryButton
        #expect(yellow.foreground == .black)
        let indigo = Theme(accent: ColorName.parse("indigo"), colorMode: .truecolor).primaryButton
        #expect(indigo.foreground == .brightWhite)
    }

    @Test func contrastRatiosAreWCAGs() throws {
        #expect(try #require(Color.black.contrastRatio(with: .brightWhite)) == 21)
        #expect(try #require(Color.rgb(119, 119, 119).contrastRatio(with: .brightWhite)) > 4.47)
        #expect(try #require(Color.rgb(119, 119, 119).contrastRatio(with: .brightWhite)) < 4.49)
        #expect(Color.terminalDefault.contrastRatio(with: .black) == nil)
    }

    @Test func monochromeUsesReverseVideo() {
        let style = Theme(accent: ColorName.parse("#facc15"), colorMode: .monochrome).primaryButton
        #expect(style.isReverse && style.background == .terminalDefault)
    }
}

/// Dark and light themes: the accent keeps at least 4.5:1 against the theme's background,
/// whatever the deck's accent and the background the terminal reports.
@Suite struct ThemeAppearanceTests {
    static let backgrounds: [Color] = [
        .black, .brightWhite, .rgb(0x1e, 0x1e, 0x1e), .rgb(0x28, 0x2c, 0x34), .rgb(0xfd, 0xf6, 0xe3),
        .rgb(0xee, 0xee, 0xee), .rgb(0x80, 0x80, 0x80), .rgb(0x00, 0x2b, 0x36),
    ]

    @Test(
        "every accent is readable on every background in 256 colours and truecolor",
        arguments: [ColorMode.truecolor, .indexed256], backgrounds)
    func accentContrast(mode: ColorMode, background: Color) throws {
        for accent in ThemeContrastTests.accents {
            let theme = Theme(accent: accent.color, colorMode: mode, background: background)
            let ratio = try #require(theme.accent.shown(in: mode).contrastRatio(with: background.shown(in: mode)))
            #expect(ratio >= 4.5, "\(accent.name) on \(background) in \(mode): \(ratio) (\(theme.accent))")
            // The button's text stays readable on the adapted accent.
            let button = theme.primaryButton
            let buttonRatio = try #require(
                button.foreground.shown(in: mode).contrastRatio(with: button.background.shown(in: mode)))
            #expect(buttonRatio >= 4.5, "\(accent.name) button on \(background) in \(mode)")
        }
    }

    @Test func aLightThemeDarkensAPaleAccentAndADarkThemeKeepsTheDefault() throws {
        let light = Theme(accent: ColorName.parse("#facc15"), colorMode: .truecolor, appearance: .light)
        #expect(light.accent != ColorName.parse("#facc15"))
        #expect(try #require(light.accent.relativeLuminance) < 0.2)
        #expect(Theme(colorMode: .truecolor, appearance: .dark).accent == Theme.defaultAccent)
        #expect(Theme(colorMode: .truecolor, appearance: .light).accent != Theme.defaultAccent)
    }

    @Test(arguments: [
        (Color.black, Appearance.dark), (.brightWhite, .light), (.rgb(0x1e, 0x1e, 0x1e), .dark),
        (.rgb(0xfd, 0xf6, 0xe3), .light), (.rgb(0x00, 0x2b, 0x36), .dark), (.rgb(0x80, 0x80, 0x80), .light),
        (.rgb(0x70, 0x70, 0x70), .dark), (.indexed(7), .light), (.indexed(4), .dark),
    ])
    func luminanceDecidesTheAppearance(background: Color, expected: Appearance) {
        #expect(Appearance(background: background) == expected)
    }

    @Test(arguments: [
        ("15;0", Appearance?.some(.dark)), ("0;15", .light), ("0;default;15", .light), ("7;4", .dark),
        ("0;7", .light), ("default;default", nil), ("", nil), ("15;300", nil),
    ])
    func colorFGBGGivesAGuess(value: String, expected: Appearance?) {
        #expect(Appearance(colorFGBG: value) == expected)
    }

    @Test func theTerminalsAnswerSwitchesTheThemeOnlyWhenFollowed() {
        let deck = TestDecks.deck(pageCount: 2)
        var following = OnboardingApp(
            deck: deck, colorMode: .truecolor, width: 40, height: 12,
            settings: AppSettings(appearance: .dark, followsTerminalBackground: true))
        #expect(following.theme.appearance == .dark)
        #expect(following.update(.terminalBackground(.rgb(0xfd, 0xf6, 0xe3))).isEmpty)
        #expect(following.theme.appearance == .light)
        #expect(following.theme.background == .rgb(0xfd, 0xf6, 0xe3))
        var fixed = OnboardingApp(
            deck: deck, colorMode: .truecolor, width: 40, height: 12, settings: AppSettings(appearance: .dark))
        _ = fixed.update(.terminalBackground(.brightWhite))
        #expect(fixed.theme.appearance == .dark)
    }
}
