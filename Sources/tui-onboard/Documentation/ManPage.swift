/// The man page, `tui-onboard.1`, in roff: made from the table in `CommandLineSpec`, printed by
/// the hidden `--man` and checked in by `make cli-docs` (a test keeps the two the same).
enum ManPage {
    static func render(version: String = Launcher.version) -> String {
        let program = escape(CommandLineSpec.program)
        var lines = [
            ".\\\" Made by `tui-onboard --man` from Sources/tui-onboard/CommandLineSpec.swift:",
            ".\\\" change that table, then run `make cli-docs`.",
            ".TH \(escape(CommandLineSpec.program.uppercased())) 1 \"\" \"\(program) \(escape(version))\" \"User Commands\"",
            // Left-aligned, unhyphenated: option and variable names stay whole and copyable.
            ".nh",
            ".ad l",
            ".SH NAME",
            "\(program) \\- \(escape(CommandLineSpec.tagline))",
            ".SH SYNOPSIS",
        ]
        for (index, command) in CommandLineSpec.commands.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(".B " + ([program] + [command.name.word].compactMap { $0 }).joined(separator: " "))
            var rest: [String] = []
            if !UsageText.ownOptions(of: command.name).isEmpty { rest.append("[\\fIoptions\\fR]") }
            if !command.arguments.isEmpty { rest.append(arguments(command.arguments)) }
            if !rest.isEmpty { lines.append(rest.joined(separator: " ")) }
        }
        let run = CommandLineSpec.command(.run)
        lines +=
            [".SH DESCRIPTION", text(run.summary), ".PP", text(run.details), ".PP", ".nf"]
            + Options.keysLine.split(separator: "\n").map { text(String($0)) } + [".fi"]

        lines.append(".SH COMMANDS")
        for command in CommandLineSpec.commands where command.name != .run {
            lines += [
                ".TP",
                bold(escape(command.name.rawValue))
                    + (command.arguments.isEmpty ? "" : " " + arguments(command.arguments)),
            ]
            var paragraph = UsageText.sentence(command.summary)
            if !command.details.isEmpty { paragraph += " " + command.details }
            lines.append(text(paragraph))
            let own = UsageText.ownOptions(of: command.name)
            if !own.isEmpty {
                lines.append("Options: " + own.map { bold(escape($0.name)) }.joined(separator: ", ") + ".")
            }
        }

        lines.append(".SH OPTIONS")
        for option in CommandLineSpec.options where !option.isHidden {
            var tag = option.names.map { bold(escape($0)) }.joined(separator: ", ")
            if let valueName = option.valueName { tag += " " + italic(valueName) }
            lines += [".TP", tag, text(UsageText.sentence(option.help))]
            if option.commands != Set(CommandName.allCases) {
                lines.append(text("For \(Options.spokenList(of: option.commands))."))
            }
        }

        lines.append(".SH ENVIRONMENT")
        for variable in CommandLineSpec.environment {
            lines += [".TP", ".B " + escape(variable.name), text(variable.meaning)]
        }
        lines.append(".SH FILES")
        for file in CommandLineSpec.files {
            lines += [".TP", ".I " + escape(file.path), text(file.meaning)]
        }
        lines.append(".SH \"EXIT STATUS\"")
        for status in CommandLineSpec.exitStatuses {
            lines += [".TP", ".B " + status.code, text(status.meaning)]
        }
        lines.append(".SH EXAMPLES")
        for example in CommandLineSpec.examples {
            lines += [".PP", text(example.meaning), ".PP", ".RS 4", ".nf", text(example.command), ".fi", ".RE"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `FILE...` and `[DIR]` in italics, brackets and dots upright.
    private static func arguments(_ synopsis: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            if !word.isEmpty { result += italic(word) }
            word = ""
        }
        for character in synopsis {
            if character.isLetter || character == "_" {
                word.append(character)
            } else {
                flush()
                result += escape(String(character))
            }
        }
        flush()
        return result
    }

    private static func bold(_ text: String) -> String { "\\fB\(text)\\fR" }
    private static func italic(_ text: String) -> String { "\\fI\(escape(text))\\fR" }

    /// A line of running text: escaped, and kept from being read as a request.
    private static func text(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Backslashes and hyphens as roff wants them: `\e`, and `\-` so that options stay
    /// copyable (a bare `-` may be set as a hyphen).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        return result
    }
}
