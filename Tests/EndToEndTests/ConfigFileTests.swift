import Foundation
import Glibc
import Testing

/// `$XDG_CONFIG_HOME/tui-onboard/config.json` as a run reads it: a bad file is an error with
/// its position and exit 65, before the terminal is touched; one that cannot be reached is a
/// warning, and the run goes on.
@Suite("Config file")
struct ConfigFileTests {
    static let badConfig = "{\n  \"reduceMotion\": true,\n  \"theme\": \"blue\"\n}\n"

    static func configHome(with text: String, in directory: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(
            atPath: directory.path("config/tui-onboard"), withIntermediateDirectories: true)
        _ = try directory.write(text, to: "config/tui-onboard/config.json")
        return directory.path("config")
    }

    @Test("a bad config file exits 65 with file:line:column, and prints no page")
    func badConfigWithPlain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = try Self.configHome(with: Self.badConfig, in: directory)
        let result = try CommandRunner.run(
            "/usr/bin/env",
            ["XDG_CONFIG_HOME=\(home)", try BuiltBinary.path(), "--plain", "--state-dir", directory.path("state")])
        #expect(result.status == 65)
        #expect(
            result.standardError.contains("\(home)/tui-onboard/config.json:3:12: error: theme: expected one of"),
            "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        // Only runs read it: the commands a host calls keep working.
        let status = try CommandRunner.run(
            "/usr/bin/env",
            ["XDG_CONFIG_HOME=\(home)", try BuiltBinary.path(), "status", "--state-dir", directory.path("state")])
        #expect(status.status == 0, "\(status)")
    }

    @Test("a bad config file in a terminal exits 65 and never touches the terminal")
    func badConfigInTerminal() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = try Self.configHome(with: "{\"theme\": \"dark\",}", in: directory)
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages, capturingStandardError: true, environment: ["XDG_CONFIG_HOME": home])
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        #expect(terminal.waitForExit() == 65)
        #expect(terminal.standardError().contains("config.json:1:18: error:"), "\(terminal.standardError())")
        #expect(terminal.recordedOutput().isEmpty, "the app wrote to the terminal")
    }

    @Test("a good config file is read: the run goes ahead")
    func goodConfig() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = try Self.configHome(with: "{\"reduceMotion\": true, \"theme\": \"light\"}", in: directory)
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages, arguments: ["--state-dir", directory.path("state")],
            environment: ["XDG_CONFIG_HOME": home])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText(DeckFixtures.headings[0]) != nil, "\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("a config file that is a directory is a warning: the run goes on without it")
    func configThatIsADirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.path("config/tui-onboard/config.json"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            "/usr/bin/env",
            [
                "XDG_CONFIG_HOME=\(directory.path("config"))", try BuiltBinary.path(), "--plain", "--state-dir",
                directory.path("state"),
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning:") && result.standardError.contains("going on without it"))
        #expect(result.standardOutput.contains("Welcome to tui-onboard"))
    }

    /// Under `su` without `-`, HOME is still the other user's, whose home this user may not enter.
    @Test("a home this user may not enter, as under su: a warning, and the tour is shown")
    func homeThatCannotBeEntered() throws {
        try #require(getuid() == 0, "needs root to run as another user")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = directory.path("home")
        #expect(mkdir(home, 0o700) == 0)
        let state = directory.path("state")
        #expect(mkdir(state, 0o700) == 0 && chown(state, 65534, 65534) == 0)
        #expect(chmod(directory.url.path, 0o755) == 0)
        let result = try CommandRunner.run(
            "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "HOME=\(home)",
                try BuiltBinary.path(), "--plain", "--state-dir", state,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains("\(home)/.config/tui-onboard/config.json: cannot read: permission denied"),
            "\(result.standardError)")
        #expect(result.standardOutput.contains("Welcome to tui-onboard"))
    }
}
