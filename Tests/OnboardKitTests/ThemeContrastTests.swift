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
