/// One option of the command line, as the table in `CommandLineSpec` lists it: the parser,
/// `--help`, each command's help, the man page and the shell completions all read it.
struct OptionSpec: Sendable {
    /// What follows the option's name, and what reading it does to the options.
    enum Argument: Sendable {
        /// A switch: `--plain`.
        case none(set: @Sendable (inout Options) -> Void)
        /// A value, next or after `=`: `--deck FILE`, `--deck=FILE`. `set` rejects a value it
        /// cannot use with the reason, which the parser puts after "option NAME ".
        case value(
            name: String, completion: ValueCompletion,
            set: @Sendable (inout Options, String) throws(Rejection) -> Void)
        /// One of a fixed set of words: `--simulate MODE`. The parser refuses any other word.
        case choice(name: String, values: [String], set: @Sendable (inout Options, String) -> Void)
    }

    /// Why a value was refused: "needs a whole number from 0, not \"-3\"".
    struct Rejection: Error {
        var reason: String
    }

    /// Every spelling, short ones first: `["-h", "--help"]`.
    var names: [String]
    var argument: Argument
    /// One sentence or two, plain text without line breaks: renderers wrap it.
    var help: String
    /// The commands that take it; given to any other, it is a usage error naming the command.
    var commands: Set<CommandName>
    /// Left out of the usage, the man page and the completions (generators of those files).
    var isHidden = false

    /// The spelling messages use: the long one.
    var name: String { names.last ?? "" }

    /// `FILE`, `MODE`; nil for a switch.
    var valueName: String? {
        switch argument {
        case .none: return nil
        case .value(let name, _, _), .choice(let name, _, _): return name
        }
    }

    /// What a shell offers for the value.
    var completion: ValueCompletion {
        switch argument {
        case .none: return .nothing
        case .value(_, let completion, _): return completion
        case .choice(_, let values, _): return .words(values)
        }
    }

    /// `--deck FILE`, `-h, --help`: how the usage and the man page show it.
    var label: String {
        names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
    }
}

/// What a shell may complete where a value or an argument goes.
enum ValueCompletion: Equatable, Sendable {
    /// Free text (a number, an id, a date): nothing to offer.
    case nothing
    /// File names.
    case files
    /// Directory names.
    case directories
    /// One of these words.
    case words([String])
}
