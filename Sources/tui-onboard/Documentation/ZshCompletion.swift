/// The zsh completion script (`_tui-onboard`, for a directory on `fpath`), made from the table
/// in `CommandLineSpec`.
enum ZshCompletion {
    static func script() -> String {
        var lines = [
            "#compdef tui-onboard",
            "# zsh completion for tui-onboard. Made by `tui-onboard --completions zsh` from",
            "# Sources/tui-onboard/CommandLineSpec.swift: change that table, then run `make cli-docs`.",
            "",
            "_tui-onboard() {",
            "  local curcontext=$curcontext state line ret=1",
            "  local -a commands",
            "  commands=(",
        ]
        for command in CommandLineSpec.commands where command.name != .run {
            lines.append("    " + quoted("\(command.name.rawValue):\(command.summary)"))
        }
        lines += ["  )", "  _arguments -C -s \\"]
        lines += specs(for: .run).map { "    \($0) \\" }
        lines += [
            "    '1: :->command' \\",
            "    '*:: :->argument' && ret=0",
            "  case $state in",
            "    (command)",
            "      _describe -t commands 'tui-onboard command' commands && ret=0",
            "      ;;",
            "    (argument)",
            "      curcontext=${curcontext%:*:*}:tui-onboard-$words[1]:",
            "      case $words[1] in",
        ]
        for command in CommandLineSpec.commands where command.name != .run {
            var specs = specs(for: command.name)
            if !command.arguments.isEmpty {
                let label = command.arguments.filter { $0.isLetter || $0 == "_" }
                let repeated = command.arguments.hasSuffix("...")
                specs.append(quoted((repeated ? "*" : "1") + ":\(label):" + action(command.argumentCompletion)))
            }
            lines.append("        (\(command.name.rawValue))")
            lines.append("          _arguments -s \\")
            lines += specs.dropLast().map { "            \($0) \\" }
            lines.append("            \(specs.last ?? "") && ret=0")
            lines.append("          ;;")
        }
        lines += [
            "      esac",
            "      ;;",
            "  esac",
            "  return ret",
            "}",
            "",
            "if [[ $funcstack[1] == _tui-onboard ]]; then",
            "  _tui-onboard \"$@\"",
            "else",
            "  compdef _tui-onboard tui-onboard",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `_arguments` specs of the options `command` takes.
    private static func specs(for command: CommandName) -> [String] {
        CommandLineSpec.options(for: command).map { option in
            let help =
                "["
                + option.help.replacing("[", with: "\\[")
                .replacing("]", with: "\\]") + "]"
            var value = ""
            if let valueName = option.valueName { value = ":\(valueName):" + action(option.completion) }
            if option.names.count == 1 {
                return quoted(option.name + (option.valueName == nil ? "" : "=") + help + value)
            }
            let exclusive = "'(" + option.names.joined(separator: " ") + ")'"
            let names =
                "{" + option.names.map { $0 + (option.valueName == nil ? "" : "=") }.joined(separator: ",") + "}"
            return exclusive + names + quoted(help + value)
        }
    }

    private static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: return " "
        case .files: return "_files"
        case .directories: return "_directories"
        case .words(let words): return "(" + words.joined(separator: " ") + ")"
        }
    }

    /// In single quotes, a quote inside closed, escaped and reopened.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
