import Foundation
import OnboardKit
import Testing

@testable import OnboardRun

/// `config.json`: where it is, what it may say, how a bad one is reported, and how it ranks
/// below the environment and the options.
@Suite struct UserConfigTests {
    @Test(
        arguments: [
            (["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"], "/xdg/tui-onboard/config.json"),
            (["XDG_CONFIG_HOME": "/xdg/", "HOME": "/home/u"], "/xdg/tui-onboard/config.json"),
            (["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"], "/home/u/.config/tui-onboard/config.json"),
            (["XDG_CONFIG_HOME": "", "HOME": "/home/u"], "/home/u/.config/tui-onboard/config.json"),
            ([:], nil),
        ] as [([String: String], String?)])
    func theFileIsUnderXDGConfigHomeElseHomeConfig(environment: [String: String], expected: String?) {
        #expect(UserConfig.path(environment: environment) == expected)
    }

    @Test func bothMembersAreRead() {
        let decoded = UserConfig.decode(Array(#"{"reduceMotion": true, "theme": "light"}"#.utf8), file: "c.json")
        #expect(decoded.config == UserConfig(reducesMotion: true, theme: .light))
        #expect(decoded.diagnostics.isEmpty)
        #expect(UserConfig.decode(Array("{}".utf8), file: "c.json").config == UserConfig())
    }

    @Test(arguments: [
        (
            "{\n  \"theme\": \"blue\"\n}",
            "c.json:2:12: error: theme: expected one of \"auto\", \"dark\", \"light\", found \"blue\""
        ),
        ("{\"reduceMotion\": \"yes\"}", "c.json:1:18: error: reduceMotion: expected true or false, found a string"),
        ("{\"theme\": \"dark\",}", "c.json:1:18: error: trailing comma before '}'"),
        ("[true]", "c.json:1:1: error: expected an object, found an array"),
        ("", "c.json:1:1: error: "),
    ])
    func aBadFileIsAnErrorWithLineAndColumn(text: String, message: String) {
        let decoded = UserConfig.decode(Array(text.utf8), file: "c.json")
        #expect(decoded.config == nil)
        #expect(decoded.diagnostics.first?.description.hasPrefix(message) == true, "\(decoded.diagnostics)")
    }

    @Test func anUnknownMemberIsAWarningSoALaterVersionsFileStillWorks() {
        let decoded = UserConfig.decode(Array("{\"theme\": \"dark\",\n \"them\": 1}".utf8), file: "c.json")
        #expect(decoded.config == UserConfig(theme: .dark))
        #expect(
            decoded.diagnostics.map(\.description) == [
                "c.json:2:2: warning: them: unknown member \"them\" is ignored (did you mean \"theme\"?)"
            ])
    }

    /// Options win over environment variables, environment variables over the file.
    @Test(
        arguments: [
            (false, nil, [:], UserConfig(), RunPreferences(reducesMotion: false, theme: .auto)),
            (
                false, nil, [:], UserConfig(reducesMotion: true, theme: .light),
                RunPreferences(reducesMotion: true, theme: .light)
            ),
            (
                false, nil, ["TUI_ONBOARD_REDUCE_MOTION": "0"], UserConfig(reducesMotion: true),
                RunPreferences(reducesMotion: false, theme: .auto)
            ),
            (
                false, nil, ["TUI_ONBOARD_REDUCE_MOTION": ""], UserConfig(reducesMotion: true),
                RunPreferences(reducesMotion: true, theme: .auto)
            ),
            (
                false, nil, ["TUI_ONBOARD_REDUCE_MOTION": "1"], UserConfig(reducesMotion: false),
                RunPreferences(reducesMotion: true, theme: .auto)
            ),
            (
                true, .dark, ["TUI_ONBOARD_REDUCE_MOTION": "0"],
                UserConfig(reducesMotion: false, theme: .light), RunPreferences(reducesMotion: true, theme: .dark)
            ),
        ] as [(Bool, ThemeChoice?, [String: String], UserConfig, RunPreferences)])
    func flagsWinOverTheEnvironmentWhichWinsOverTheFile(
        reducesMotion: Bool, theme: ThemeChoice?, environment: [String: String], config: UserConfig,
        expected: RunPreferences
    ) {
        let resolved = RunPreferences.resolve(
            reducesMotion: reducesMotion, theme: theme, environment: environment, config: config)
        #expect(resolved == expected)
    }

    @Test func aRunReadsTheFileFromXDGConfigHome() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("tui-onboard")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": home.path]
        var said: [String] = []
        let load = {
            RunPreferences.load(reducesMotion: false, theme: .dark, environment: environment) { said.append($0) }
        }
        // No file: the defaults.
        #expect(load() == .success(RunPreferences(reducesMotion: false, theme: .dark)))
        try Data(#"{"reduceMotion": true, "theme": "light"}"#.utf8).write(
            to: directory.appendingPathComponent("config.json"))
        #expect(load() == .success(RunPreferences(reducesMotion: true, theme: .dark)))
        #expect(said.isEmpty)
        try Data(#"{"theme": 3}"#.utf8).write(to: directory.appendingPathComponent("config.json"))
        #expect(load() == .failure(SessionStop(exitCode: 65)))
        #expect(said.count == 1 && said[0].contains("config.json:1:11: error: theme"), "\(said)")
    }
}
