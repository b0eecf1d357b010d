/// The command line, parsed. Parsing is pure so that every usage error can be tested.
struct Options: Equatable {
    enum Command: Equatable {
        case run
        case validate([String])
        case symbols
        case help
        case version
    }

    var command: Command = .run
    var deckPath: String?
    var stateDirectory: String?
    var isPlain = false
    var reducesMotion = false
    var seed: UInt64?

    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    static let usage = """
        usage: tui-onboard [options]
               tui-onboard validate FILE...
               tui-onboard symbols

        Shows a first-run onboarding tour in the terminal.

        options:
          --deck FILE        the deck to show (default: the built-in tour)
          --state-dir DIR    where state is kept (default: $XDG_STATE_HOME/tui-onboard)
          --plain            print every page as text to stdout instead
          --reduce-motion    cut between pages instead of animating (also TUI_ONBOARD_REDUCE_MOTION=1)
          --seed N           seed for anything random, so runs repeat exactly
          -h, --help         show this help
          -V, --version      show the version

        commands:
          validate FILE...   check decks and report every problem; exit 0 when valid, 65 when not
          symbols            list the built-in symbols for hero pages

        keys: → next · ← back · Home/End · 1-9 jump · s skip · ? help · q quit

        exit codes: 0 finished or skipped, 2 usage or no terminal, 65 bad deck,
                    66 missing file, 74 I/O error, 130 interrupted (129 hangup, 143 terminated)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var positionals: [String] = []
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(description: "option \(option) needs a value")
            }
            return arguments[index]
        }
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                index += 1
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            switch name {
            case "--":
                optionsEnded = true
            case "--deck":
                options.deckPath = try value(for: name, inline: inline)
            case "--state-dir":
                options.stateDirectory = try value(for: name, inline: inline)
            case "--seed":
                let text = try value(for: name, inline: inline)
                guard let seed = UInt64(text) else {
                    throw UsageError(description: "option --seed needs a whole number from 0, not \"\(text)\"")
                }
                options.seed = seed
            case "--plain", "--reduce-motion", "-h", "--help", "-V", "--version":
                if inline != nil { throw UsageError(description: "option \(name) takes no value") }
                switch name {
                case "--plain": options.isPlain = true
                case "--reduce-motion": options.reducesMotion = true
                case "-h", "--help": options.command = .help
                default: options.command = .version
                }
            default:
                throw UsageError(description: "unknown option \(name)")
            }
            index += 1
        }
        if options.command == .help || options.command == .version { return options }
        if let first = positionals.first {
            switch first {
            case "validate":
                guard positionals.count > 1 else { throw UsageError(description: "validate needs at least one FILE") }
                options.command = .validate(Array(positionals.dropFirst()))
            case "symbols":
                guard positionals.count == 1 else { throw UsageError(description: "symbols takes no arguments") }
                options.command = .symbols
            default:
                throw UsageError(description: "unknown command \"\(first)\" (commands: validate, symbols)")
            }
        }
        return options
    }
}
