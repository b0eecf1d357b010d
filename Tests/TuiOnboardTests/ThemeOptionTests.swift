import OnboardKit
import Testing

@testable import tui_onboard

/// The appearance a run starts with, from `--theme` (or the config file) and `COLORFGBG`.
@Suite struct ThemeOptionTests {
    @Test(arguments: [
        (ThemeChoice.auto, ["COLORFGBG": "0;15"], Appearance.light),
        (.auto, ["COLORFGBG": "15;0"], .dark),
        (.auto, [:], .dark),
        (.auto, ["COLORFGBG": "default;default"], .dark),
        (.dark, ["COLORFGBG": "0;15"], .dark),
        (.light, [:], .light),
    ])
    func theStartingAppearance(theme: ThemeChoice, environment: [String: String], expected: Appearance) {
        #expect(theme.startingAppearance(environment: environment) == expected)
    }

    @Test func theOptionReachesTheRun() throws {
        #expect(try Options.parse(["--theme", "light"]).tour.theme == .light)
        #expect(try Options.parse([]).tour.theme == nil)
    }
}
