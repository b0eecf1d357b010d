import Foundation
import OnboardDisk
import OnboardKit
import Testing

@testable import OnboardRun

/// The onboarding session as a host runs it, without a terminal: what it decides before the
/// terminal would be taken, and what `--plain` prints and saves.
@Suite struct OnboardingSessionTests {
    /// The first run shows the whole tour and saves it as seen; the next run shows nothing and
    /// touches no terminal; a version with a new page shows What's New with only that page.
    @Test func theTourShowsOnceThenWhatsNewAfterAnUpdate() throws {
        let fixtures = try SessionFixtures()
        let catalog = try fixtures.catalog()
        let first = fixtures.session(SessionFixtures.deck(catalogPath: catalog)) { $0.isPlain = true }.run()
        #expect(first.exitCode == 0)
        #expect(first.result?.outcome == .completed)
        #expect(first.result?.mode == .tour)
        #expect(first.result?.pagesSeen == [0, 1, 2])
        #expect(fixtures.printed.count == 1 && fixtures.printed[0].contains("Shortcuts"))

        let again = fixtures.session(SessionFixtures.deck(catalogPath: catalog)) { $0.isPlain = true }.run()
        #expect(again.exitCode == 0)
        #expect(again.result?.outcome == .notShown)
        #expect(again.result?.reason == .seen)
        #expect(fixtures.printed.count == 1, "a seen tour prints nothing")

        let update = fixtures.session(SessionFixtures.deck(version: "2", catalogPath: catalog)) { $0.isPlain = true }
        let (tour, result) = try SessionFixtures.plannedTour(update)
        #expect(result.mode == .whatsNew)
        #expect(tour.pageIndexes == [1])
        #expect(tour.headline == "What's new in Tool 2")
        // Every time, whatever was seen.
        let everyTime = fixtures.session(SessionFixtures.deck(catalogPath: catalog)) { $0.showsEveryTime = true }
        #expect(try SessionFixtures.plannedTour(everyTime).tour.pageIndexes == [0, 1, 2])
    }

    /// Without a terminal the tour stops with the documented code (2) and says why, having
    /// saved nothing: the next run is still a first run.
    @Test func withoutATerminalTheTourStopsAndStaysUnseen() throws {
        let fixtures = try SessionFixtures()
        let deck = SessionFixtures.deck(catalogPath: try fixtures.catalog())
        let outcome = fixtures.session(deck).run()
        #expect(outcome.exitCode == ExitCode.usage)
        #expect(outcome.result == nil)
        #expect(fixtures.said.contains { $0.contains("standard input is not a terminal") }, "\(fixtures.said)")
        #expect(try SessionFixtures.plannedTour(fixtures.session(deck)).result.mode == .tour)
    }

    /// The language, the direction and the locale's catalog follow the settings, then the
    /// environment; the app's own words come from the catalog found.
    @Test(
        arguments: [
            (nil, ["LANG": "de_DE.UTF-8"], "de", LayoutDirection.leftToRight),
            ("ar", ["LANG": "de_DE.UTF-8"], "ar", .rightToLeft),
            (nil, ["LANGUAGE": "he:de", "LANG": "de_DE.UTF-8"], "he", .rightToLeft),
            ("en", ["LANG": "ar_EG.UTF-8"], "en", .leftToRight),
            (nil, [:], "en", .leftToRight),
        ] as [(String?, [String: String], String, LayoutDirection)])
    func theLanguageAndDirectionFollowTheSettingThenTheEnvironment(
        option: String?, environment: [String: String], language: String, direction: LayoutDirection
    ) throws {
        let fixtures = try SessionFixtures()
        let session = fixtures.session(SessionFixtures.deck(catalogPath: nil), environment: environment) {
            $0.language = option
        }
        #expect(session.messages.language == language)
        #expect(session.layoutDirection == direction)
        let (tour, _) = try SessionFixtures.plannedTour(session)
        #expect(session.tourRun(tour).settings.layoutDirection == direction)
    }

    /// A German reader with the German catalog (`TUI_ONBOARD_LOCALEDIR`) reads the app's own
    /// words in German; without it, English, and the session says once where it looked.
    @Test func theGermanCatalogIsReadOrItsAbsenceIsSaid() throws {
        let fixtures = try SessionFixtures()
        let locale = fixtures.root + "/locale"
        try FileManager.default.createDirectory(atPath: locale + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = [
            "msgfmt", "-o", locale + "/de/LC_MESSAGES/tui-onboard.mo",
            SessionFixtures.repository.appendingPathComponent("po/de.po").path,
        ]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        try #require(msgfmt.terminationStatus == 0)
        let update = SessionFixtures.deck(version: "2", catalogPath: nil)
        var seen = FirstRunVisit(appID: SessionFixtures.appID, version: "1", outcome: .completed, date: Date())
        seen.answers = [:]
        let firstRun = FirstRunRun(stateDirectory: fixtures.stateDirectory)
        firstRun.save(seen)

        let german = fixtures.session(update, environment: ["LANG": "de_DE.UTF-8", "TUI_ONBOARD_LOCALEDIR": locale])
        let headline = try SessionFixtures.plannedTour(german).tour.headline
        #expect(headline != nil && headline != "What's new in Tool 2" && headline?.contains("Tool 2") == true)

        // A host that keeps its catalogs elsewhere names the directories; none holds German here.
        var plain = fixtures.session(update, environment: ["LANG": "de_DE.UTF-8", "TUI_ONBOARD_LOCALEDIR": locale])
        plain.localeDirectories = [fixtures.root + "/none"]
        plain.settings.isPlain = true
        _ = plain.run()
        #expect(fixtures.said.filter { $0.contains("no message catalog for \"de\"") }.count == 1, "\(fixtures.said)")
        #expect(fixtures.printed.first?.contains("What's new in Tool 2") == true)
    }

    /// Reduced motion and the theme: the settings win over the environment, which wins over the
    /// config file, and the run starts with what they give.
    @Test(
        arguments: [
            (false, nil, [:], nil, false, ThemeChoice.auto),
            (false, nil, [:], #"{"reduceMotion": true, "theme": "light"}"#, true, .light),
            (false, nil, ["TUI_ONBOARD_REDUCE_MOTION": "0"], #"{"reduceMotion": true}"#, false, .auto),
            (false, nil, ["TUI_ONBOARD_REDUCE_MOTION": "1"], #"{"reduceMotion": false}"#, true, .auto),
            (true, .dark, ["TUI_ONBOARD_REDUCE_MOTION": "0"], #"{"theme": "light"}"#, true, .dark),
        ] as [(Bool, ThemeChoice?, [String: String], String?, Bool, ThemeChoice)])
    func preferencesRankSettingsThenEnvironmentThenConfig(
        reducesMotion: Bool, theme: ThemeChoice?, variables: [String: String], config: String?, reduced: Bool,
        chosen: ThemeChoice
    ) throws {
        let fixtures = try SessionFixtures()
        let configHome = fixtures.root + "/config"
        if let config {
            try FileManager.default.createDirectory(
                atPath: configHome + "/tui-onboard", withIntermediateDirectories: true)
            try Data(config.utf8).write(to: URL(fileURLWithPath: configHome + "/tui-onboard/config.json"))
        }
        let environment = variables.merging(["XDG_CONFIG_HOME": configHome, "COLORFGBG": "0;15"]) { $1 }
        let session = fixtures.session(SessionFixtures.deck(catalogPath: nil), environment: environment) {
            ($0.reducesMotion, $0.theme) = (reducesMotion, theme)
        }
        let settings = session.tourRun(try SessionFixtures.plannedTour(session).tour).settings
        #expect(settings.reducesMotion == reduced)
        #expect(settings.appearance == chosen.startingAppearance(environment: environment))
        #expect(settings.followsTerminalBackground == (chosen == .auto))
    }

    /// A config file that is not valid stops the run (65) before anything is shown, saying where.
    @Test func aBadConfigFileStopsTheRun() throws {
        let fixtures = try SessionFixtures()
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/tui-onboard", withIntermediateDirectories: true)
        try Data(#"{"theme": "blue"}"#.utf8).write(
            to: URL(fileURLWithPath: fixtures.root + "/tui-onboard/config.json"))
        let outcome = fixtures.session(
            SessionFixtures.deck(catalogPath: nil), environment: ["XDG_CONFIG_HOME": fixtures.root]
        ) { $0.isPlain = true }.run()
        #expect(outcome.exitCode == ExitCode.badData)
        #expect(fixtures.printed.isEmpty)
        #expect(fixtures.said.contains { $0.contains("config.json:1:11: error: theme") }, "\(fixtures.said)")
    }
}
