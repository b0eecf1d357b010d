/// The commands of the command line. `run`, named by no word, shows the tour.
enum CommandName: String, CaseIterable, Hashable, Sendable {
    case run = ""
    case validate
    case symbols
    case dump
    case status
    case has
    case answer
    case answers
    case paywall
    case reset
    case license
    case store
    case initialize = "init"
    case report

    /// The word typed for it; nil for a run.
    var word: String? { self == .run ? nil : rawValue }

    /// How messages name it: "a run", "validate".
    var spoken: String { self == .run ? "a run" : rawValue }
}

/// One command, as the table in `CommandLineSpec` lists it.
struct CommandSpec: Sendable {
    var name: CommandName
    /// The arguments after the command's word as a synopsis shows them: `FILE...`, `[DIR]`.
    var arguments: String
    /// What a shell offers for those arguments.
    var argumentCompletion: ValueCompletion
    /// One line, for the list of commands in `--help` (and the start of the man page's entry).
    var summary: String
    /// More, for the command's own `--help` and the man page; may be empty.
    var details: String
    /// The command from its arguments (the words after its own), or why they are wrong.
    var parse: @Sendable ([String]) throws(Options.UsageError) -> Options.Command

    /// `validate FILE...`, `symbols`.
    var label: String {
        ([name.word ?? ""] + [arguments]).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
