import Foundation
import Testing

/// Each command's own `--help`, and options refused by a command that does not take them.
@Suite("Command help")
struct CommandHelpTests {
    @Test(
        "every command has its own --help: its usage and its options, exit 0",
        arguments: [
            ("validate", "--catalog FILE"), ("status", "--json"), ("has", "--app ID"), ("reset", "--purchases"),
            ("init", "-h, --help"), ("symbols", "-h, --help"),
        ])
    func commandHelp(command: String, option: String) throws {
        let result = try CommandRunner.run(try BuiltBinary.path(), [command, "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("usage: tui-onboard \(command)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("\n  \(option)"), "\(result.standardOutput)")
        #expect(result.standardError.isEmpty)
    }

    @Test("an option the command does not take exits 2 and names the command")
    func refusedOption() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["reset", "--deck", state.path("deck.json"), "--state-dir", state.path("s")])
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "--deck is for a run, status, has, answer, answers, paywall, license and store, not reset"), "\(result)"
        )
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: state.path("s")), "nothing may be written")
    }
}
