import Foundation
import Testing

@testable import tui_onboard

/// The one table of the command line, and everything made from it: the parser, `--help`,
/// each command's help, the man page and the completions.
@Suite struct CommandLineSpecTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let visibleOptions = CommandLineSpec.options.filter { !$0.isHidden }

    @Test func everyCommandHasOneRowAndEveryOptionOneSpelling() {
        for name in CommandName.allCases {
            #expect(CommandLineSpec.commands.filter { $0.name == name }.count == 1, "\(name)")
        }
        let spellings = CommandLineSpec.options.flatMap(\.names)
        #expect(Set(spellings).count == spellings.count, "an option is spelled twice: \(spellings)")
        for option in CommandLineSpec.options {
            #expect(!option.commands.isEmpty, "\(option.name) is for no command")
            #expect(option.names.allSatisfy { $0.hasPrefix("-") && !$0.contains("=") }, "\(option.names)")
            #expect(!option.help.contains("\n"), "\(option.name): help is wrapped by its readers")
        }
    }

    /// A value each option takes, found by trying a few: a new row needs no change here.
    static func sampleValue(for option: OptionSpec) -> String? {
        guard option.valueName != nil else { return nil }
        if case .choice(_, let values, _) = option.argument { return values.first }
        let command = CommandLineSpec.command(option.commands.sorted { $0.rawValue < $1.rawValue }[0])
        let key = "ed25519:" + String(repeating: "0", count: 64)
        return ["1", "2026-01-31", "x.json", "80x24", key, "de", "x=1"].first { candidate in
            let given = [option.name, candidate] + (companions[option.name] ?? [])
            return (try? Options.parse(line(for: command.name, adding: given))) != nil
        }
    }

    /// A command line that runs `command` with valid arguments, plus `extra`: one word for each
    /// argument its synopsis requires (`FILE...`, `ENTITLEMENT`), none for an optional one (`[DIR]`).
    static func line(for command: CommandName, adding extra: [String]) -> [String] {
        // A command whose first word picks what it does takes one of those words.
        if command == .license { return ["license", "list"] + extra }
        if command == .store { return ["store", "transactions"] + extra }
        let spec = CommandLineSpec.command(command)
        let required = spec.arguments.split(separator: " ").filter { !$0.hasPrefix("[") }.map { _ in "x" }
        return [command.word].compactMap { $0 } + required + extra
    }

    /// Each command's word reads as that command and no other, so none can fall through to
    /// the tour; `Launcher.run`'s switch, with no `default:`, gives each its handler.
    @Test(arguments: CommandName.allCases)
    func everyCommandsWordParsesToThatCommand(name: CommandName) throws {
        let options = try Options.parse(Self.line(for: name, adding: []))
        #expect(options.command.name == name)
        #expect(CommandLineSpec.command(name).name == name)
    }

    /// What an option needs beside it to mean anything (`--loop` without `--autoplay` is refused).
    static let companions = ["--loop": ["--autoplay", "1"], "--from": ["--animated-svg", "x.svg"]]

    @Test func everyOptionIsTakenByItsCommandsAndRefusedByTheOthersNamingTheCommand() throws {
        for option in Self.visibleOptions where option.commands != Set(CommandName.allCases) {
            let value = Self.sampleValue(for: option)
            if option.valueName != nil { #expect(value != nil, "no sample value for \(option.name)") }
            let given = [option.name] + (value.map { [$0] } ?? []) + (Self.companions[option.name] ?? [])
            for command in CommandName.allCases {
                let arguments = Self.line(for: command, adding: given)
                if option.commands.contains(command) {
                    #expect(throws: Never.self, "\(arguments)") { try Options.parse(arguments) }
                } else {
                    let message =
                        "\(option.name) is for \(Options.spokenList(of: option.commands)), not \(command.spoken)"
                    #expect(throws: Options.UsageError(description: message), "\(arguments)") {
                        try Options.parse(arguments)
                    }
                }
            }
        }
    }

    @Test func everyCommandHasItsOwnHelpListingExactlyItsOptions() throws {
        for command in CommandLineSpec.commands where command.name != .run {
            let options = try Options.parse([command.name.rawValue, "--help"])
            #expect(options.command == .commandHelp(command.name))
            let help = UsageText.command(command.name)
            #expect(help.hasPrefix("usage: tui-onboard \(command.name.rawValue)"))
            for option in Self.visibleOptions {
                let listed = help.contains("\n  \(option.label)")
                #expect(listed == option.commands.contains(command.name), "\(command.name): \(option.name)")
            }
        }
        // Help answers before the command's own arguments are checked.
        #expect(try Options.parse(["validate", "-h"]).command == .commandHelp(.validate))
        #expect(try Options.parse(["--help", "no-such-command"]).command == .help)
    }

    @Test func theGeneralHelpHasEveryCommandTheRunsOptionsAndTheKeys() {
        let help = UsageText.general()
        for command in CommandLineSpec.commands where command.name != .run {
            #expect(help.contains("tui-onboard \(command.name.rawValue)"), "\(command.name)")
            #expect(help.contains("\n  \(command.label)"), "\(command.name)")
        }
        for option in Self.visibleOptions {
            #expect(help.contains("\n  \(option.label)") == option.commands.contains(.run), "\(option.name)")
        }
        for option in CommandLineSpec.options where option.isHidden {
            #expect(!help.contains(option.name), "\(option.name) is hidden")
        }
        #expect(help.contains(Options.keysLine))
        let flowing = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for status in CommandLineSpec.exitStatuses { #expect(flowing.contains("\(status.code) \(status.brief)")) }
        let lines = (help + "\n" + CommandName.allCases.map(UsageText.command).joined(separator: "\n"))
            .split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= UsageText.width }, "a help line is wider than \(UsageText.width)")
    }

    @Test func theManPageAndTheCompletionsNameEveryVisibleOptionAndCommand() {
        let man = ManPage.render()
        // Without the comments, which name the generator.
        let scripts = CompletionShell.allCases.map { shell in
            shell.script.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        }
        for option in Self.visibleOptions {
            #expect(man.contains(ManPage.escape(option.name)), "man: \(option.name)")
            for (shell, script) in zip(CompletionShell.allCases, scripts) {
                let spelled = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(script.contains(spelled), "\(shell): \(option.name)")
            }
        }
        for option in CommandLineSpec.options where option.isHidden {
            #expect(!man.contains(ManPage.escape(option.name) + "\\fR"), "man: \(option.name) is hidden")
            #expect(scripts.allSatisfy { !$0.contains(option.name) }, "\(option.name) is hidden")
        }
        for command in CommandLineSpec.commands.compactMap(\.name.word) {
            #expect(man.contains(".B tui\\-onboard \(command)"), "man synopsis: \(command)")
            #expect(scripts.allSatisfy { $0.contains(command) }, "completions: \(command)")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(man.contains("\n.SH \(section)\n"), "man: \(section)")
        }
        #expect(man.contains("\n.SH \"EXIT STATUS\"\n"))
        for variable in [
            "NO_COLOR", "TUI_ONBOARD_REDUCE_MOTION", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "COLORTERM", "TERM",
        ] {
            #expect(man.contains("\n.B \(ManPage.escape(variable))\n"), "man: \(variable)")
        }
    }

    /// What `make cli-docs` writes is what is checked in (and what `make install` installs).
    @Test(arguments: [
        ("share/man/man1/tui-onboard.1", "--man"),
        ("share/bash-completion/completions/tui-onboard", "bash"),
        ("share/zsh/site-functions/_tui-onboard", "zsh"),
        ("share/fish/vendor_completions.d/tui-onboard.fish", "fish"),
    ])
    func theCheckedInFilesAreWhatTheTableMakes(path: String, generator: String) throws {
        let made = generator == "--man" ? ManPage.render() : try #require(CompletionShell(rawValue: generator)).script
        let checkedIn = try String(contentsOf: Self.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(checkedIn == made, "\(path) is stale: run `make cli-docs`")
    }

    @Test func theGeneratorsAreHiddenOptions() throws {
        #expect(try Options.parse(["--man"]).command == .manPage)
        #expect(try Options.parse(["--completions", "zsh"]).command == .completions(.zsh))
        #expect(
            throws: Options.UsageError(description: "option --completions takes one of bash, zsh, fish, not \"tcsh\"")
        ) {
            try Options.parse(["--completions=tcsh"])
        }
    }
}
