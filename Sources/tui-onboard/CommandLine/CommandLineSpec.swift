import FoundationEssentials
import Glibc
import OnboardKit

/// The one table of the command line. The parser (`Options.parse`), `--help`, each command's
/// `--help`, the man page (`tui-onboard.1`) and the bash, zsh and fish completions are all
/// made from it. A new command is its `CommandName`, its row (`command(_:)` does not compile
/// without it), the `Options.Command` its row parses to and its handler in `Launcher.run`
/// (which does not compile without it). A new option is its row in `options`, which sets a
/// field of one of `Options`' groups, and the code that reads that field.
enum CommandLineSpec {
    static let program = "tui-onboard"
    /// One line: the man page's NAME.
    static let tagline = "a first-run onboarding tour in the terminal"

    /// Options every command takes.
    static let everyCommand = Set(CommandName.allCases)

    /// Every command, in the order `--help` and the man page list them.
    static let commands = CommandName.allCases.map(command)

    /// The row of `name`. The switch has no `default:`, so a new command does not compile
    /// until it has its row.
    static func command(_ name: CommandName) -> CommandSpec {
        switch name {
        case .run: return runCommand
        case .validate: return validateCommand
        case .symbols: return symbolsCommand
        case .dump: return dumpCommand
        case .status: return statusCommand
        case .has: return hasCommand
        case .answer: return answerCommand
        case .answers: return answersCommand
        case .paywall: return paywallCommand
        case .reset: return resetCommand
        case .license: return licenseCommand
        case .store: return storeCommand
        case .initialize: return initializeCommand
        case .report: return reportCommand
        }
    }

    /// The option spelled `name` (`--deck`, `-h`), if there is one.
    static func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// The command whose word is `word`, if any.
    static func command(word: String) -> CommandSpec? {
        commands.first { $0.name.word == word }
    }

    /// The options `command` takes, in table order, hidden ones left out.
    static func options(for command: CommandName) -> [OptionSpec] {
        options.filter { $0.commands.contains(command) && !$0.isHidden }
    }

    // MARK: - What the man page says beside the table

    struct DocumentedExitCode {
        var code: String
        /// A few words, for `--help`.
        var brief: String
        /// A sentence, for the man page.
        var meaning: String
    }
}
