/// `--help` and `tui-onboard COMMAND --help`, made from the table in `CommandLineSpec`.
enum UsageText {
    /// Lines are wrapped to fit this many columns.
    static let width = 100

    /// `tui-onboard --help`: every command's synopsis, the run's options, the commands, the
    /// keys and the exit codes.
    static func general() -> String {
        let run = CommandLineSpec.command(.run)
        var lines = synopsisLines()
        lines += ["", run.summary, "", "options:"]
        lines += table(CommandLineSpec.options(for: .run).map { ($0.label, $0.help) })
        lines += ["", "commands (`\(CommandLineSpec.program) COMMAND --help` lists the options of one):"]
        lines += table(CommandLineSpec.commands.filter { $0.name != .run }.map { ($0.label, $0.summary) })
        lines += ["", Options.keysLine, ""]
        lines += exitCodeLines()
        return lines.joined(separator: "\n")
    }

    /// `tui-onboard COMMAND --help`: its synopsis, what it does, and the options it takes.
    static func command(_ name: CommandName) -> String {
        let command = CommandLineSpec.command(name)
        var lines = ["usage: " + synopsis(of: command), ""]
        lines += wrap(sentence(command.summary), indent: 0)
        if !command.details.isEmpty { lines += [""] + wrap(command.details, indent: 0) }
        lines += ["", "options:"]
        lines += table(CommandLineSpec.options(for: name).map { ($0.label, $0.help) })
        return lines.joined(separator: "\n")
    }

    /// `tui-onboard validate [options] FILE...`: `[options]` when the command takes options of
    /// its own (every command takes `--help`).
    static func synopsis(of command: CommandSpec) -> String {
        var words = [CommandLineSpec.program]
        if let word = command.name.word { words.append(word) }
        if !ownOptions(of: command.name).isEmpty { words.append("[options]") }
        if !command.arguments.isEmpty { words.append(command.arguments) }
        return words.joined(separator: " ")
    }

    /// The options of `name` that not every command takes.
    static func ownOptions(of name: CommandName) -> [OptionSpec] {
        CommandLineSpec.options(for: name).filter { $0.commands != Set(CommandName.allCases) }
    }

    /// A summary as a sentence: capitalised, with a full stop.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }

    private static func synopsisLines() -> [String] {
        CommandLineSpec.commands.enumerated().map { index, command in
            (index == 0 ? "usage: " : "       ") + synopsis(of: command)
        }
    }

    private static func exitCodeLines() -> [String] {
        let items = CommandLineSpec.exitStatuses.map { "\($0.code) \($0.brief)" }
        let prefix = "exit codes: "
        var lines = wrap(items.joined(separator: ", "), indent: prefix.count)
        lines[0] = prefix + lines[0].dropFirst(prefix.count)
        return lines
    }

    /// Two columns: labels at two spaces, texts wrapped in a column two past the longest label.
    private static func table(_ rows: [(label: String, text: String)]) -> [String] {
        let column = 2 + (rows.map(\.label.count).max() ?? 0) + 2
        return rows.flatMap { label, text in
            var lines = wrap(text, indent: column)
            let head = "  " + label
            lines[0] = head + String(repeating: " ", count: column - head.count) + lines[0].dropFirst(column)
            return lines
        }
    }

    /// `text` in lines of at most `width` columns, each indented by `indent` (a word longer
    /// than a line stands alone).
    static func wrap(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines
    }
}
