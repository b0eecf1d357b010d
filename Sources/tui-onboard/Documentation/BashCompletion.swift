/// The bash completion script, made from the table in `CommandLineSpec`. It needs nothing
/// but bash (not the bash-completion package): `complete -F` and `compgen`.
enum BashCompletion {
    static func script() -> String {
        let options = CommandLineSpec.options.filter { !$0.isHidden }
        let valueOptions = options.filter { $0.valueName != nil }
        let commands = CommandLineSpec.commands
        var lines = [
            "# bash completion for tui-onboard. Made by `tui-onboard --completions bash` from",
            "# Sources/tui-onboard/CommandLineSpec.swift: change that table, then run `make cli-docs`.",
            "_tui_onboard() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\"",
            "    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}",
            "    # bash splits --option=value at the \"=\".",
            "    if [[ $cur == \"=\" ]]; then",
            "        cur=\"\"",
            "    elif [[ $prev == \"=\" ]] && ((COMP_CWORD > 1)); then",
            "        prev=${COMP_WORDS[COMP_CWORD - 2]}",
            "    fi",
            "    # The command is the first word that is neither an option nor an option's value.",
            "    local command=\"\" i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in",
            "            \(valueOptions.flatMap(\.names).joined(separator: "|")))",
            "                ((i++))",
            "                [[ ${COMP_WORDS[i]} == \"=\" ]] && ((i++))",
            "                ;;",
            "            -*) ;;",
            "            *)",
            "                command=${COMP_WORDS[i]}",
            "                break",
            "                ;;",
            "        esac",
            "    done",
            "    case $prev in",
        ]
        // One branch per kind of value, its options in the table's order.
        var branches: [(names: [String], reply: String)] = []
        for option in valueOptions {
            let statement = reply(option.completion)
            if let index = branches.firstIndex(where: { $0.reply == statement }) {
                branches[index].names += option.names
            } else {
                branches.append((option.names, statement))
            }
        }
        for branch in branches {
            lines.append("        \(branch.names.joined(separator: "|")))")
            lines.append("            " + branch.reply)
            lines.append("            return")
            lines.append("            ;;")
        }
        lines += ["    esac", "    if [[ $cur == -* ]]; then", "        case $command in"]
        for command in commands {
            let names = CommandLineSpec.options(for: command.name).flatMap(\.names)
            lines.append("            \(quotedPattern(command.name.rawValue))) " + reply(.words(names)) + " ;;")
        }
        lines += ["        esac", "        return", "    fi", "    case $command in"]
        let words = commands.compactMap(\.name.word)
        lines.append("        \"\") " + reply(.words(words)) + " ;;")
        for command in commands where command.name != .run && command.argumentCompletion != .nothing {
            lines.append(
                "        \(quotedPattern(command.name.rawValue))) " + reply(command.argumentCompletion) + " ;;")
        }
        lines += ["    esac", "}", "complete -F _tui_onboard tui-onboard"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The statement that fills COMPREPLY with what `completion` offers for `$cur`.
    private static func reply(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing:
            return "COMPREPLY=()"
        case .files:
            return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .directories:
            return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
        case .words(let words):
            return "mapfile -t COMPREPLY < <(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")"
        }
    }

    private static func quotedPattern(_ word: String) -> String { "\"\(word)\"" }
}
