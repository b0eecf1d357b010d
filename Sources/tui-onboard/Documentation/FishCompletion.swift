/// The fish completion script (`tui-onboard.fish`), made from the table in `CommandLineSpec`.
enum FishCompletion {
    static func script() -> String {
        let words = CommandLineSpec.commands.compactMap(\.name.word).joined(separator: " ")
        var lines = [
            "# fish completion for tui-onboard. Made by `tui-onboard --completions fish` from",
            "# Sources/tui-onboard/CommandLineSpec.swift: change that table, then run `make cli-docs`.",
            "complete -c tui-onboard -f",
        ]
        for command in CommandLineSpec.commands where command.name != .run {
            lines.append(
                "complete -c tui-onboard -n \(quoted("not __fish_seen_subcommand_from \(words)")) -a \(command.name.rawValue) -d \(quoted(command.summary))"
            )
        }
        for option in CommandLineSpec.options where !option.isHidden {
            var parts = ["complete -c tui-onboard"]
            if let condition = condition(for: option.commands, words: words) { parts.append("-n " + quoted(condition)) }
            for name in option.names {
                parts.append(name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst())
            }
            if option.valueName != nil { parts.append(arguments(option.completion)) }
            parts.append("-d " + quoted(option.help))
            lines.append(parts.joined(separator: " "))
        }
        for command in CommandLineSpec.commands where command.name != .run && command.argumentCompletion != .nothing {
            lines.append(
                "complete -c tui-onboard -n \(quoted("__fish_seen_subcommand_from \(command.name.rawValue)")) "
                    + arguments(command.argumentCompletion).replacing("-r ", with: ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// When an option is offered: after one of its commands, or before any command for a run.
    private static func condition(for commands: Set<CommandName>, words: String) -> String? {
        if commands == Set(CommandName.allCases) { return nil }
        var parts: [String] = []
        if commands.contains(.run) { parts.append("not __fish_seen_subcommand_from \(words)") }
        let named = CommandName.allCases.filter { $0 != .run && commands.contains($0) }.map(\.rawValue)
        if !named.isEmpty { parts.append("__fish_seen_subcommand_from " + named.joined(separator: " ")) }
        return parts.joined(separator: "; or ")
    }

    private static func arguments(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: return "-x"
        case .files: return "-r -F"
        case .directories: return "-x -a " + quoted("(__fish_complete_directories (commandline -ct))")
        case .words(let words): return "-x -a " + quoted(words.joined(separator: " "))
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
