import Foundation
import Testing

/// The checked-in man page and completions (made from the command-line table, see
/// `CommandLineSpecTests`) as man, bash, zsh and fish read them, and as `make` installs them.
@Suite("Man page and completions")
struct ManPageAndCompletionTests {
    static func checkedIn(_ path: String) -> String {
        BuiltBinary.repositoryRoot.appendingPathComponent(path).path
    }

    static let manPage = checkedIn("share/man/man1/tui-onboard.1")
    static let bashCompletion = checkedIn("share/bash-completion/completions/tui-onboard")
    static let zshCompletion = checkedIn("share/zsh/site-functions/_tui-onboard")
    static let fishCompletion = checkedIn("share/fish/vendor_completions.d/tui-onboard.fish")

    @Test("man renders tui-onboard.1 at 80 columns without a single warning")
    func manPageRendersWithoutWarnings() throws {
        let man = try SystemTool.path("man", package: "man-db")
        _ = try SystemTool.path("groff", package: "groff-base")
        let warnings = try CommandRunner.run(
            "/usr/bin/env", ["MANWIDTH=80", man, "--warnings", "-l", Self.manPage], standardOutput: .device("/dev/null")
        )
        #expect(warnings.status == 0)
        #expect(warnings.standardError.isEmpty, "man warns: \(warnings.standardError)")
        let page = try CommandRunner.run("/usr/bin/env", ["MANWIDTH=80", man, "-l", Self.manPage])
        for heading in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
        ] {
            #expect(page.standardOutput.contains("\n\(heading)\n"), "no \(heading) in the rendered page")
        }
        #expect(page.standardOutput.contains("--deck FILE"))
        #expect(page.standardOutput.contains("XDG_CONFIG_HOME"))
    }

    /// Runs the bash completion function for the words of a command line, the last one being
    /// completed, after sourcing the script as bash-completion would.
    static func bashCompletions(_ words: [String]) throws -> CommandRunner.Output {
        let script = """
            source "$1" || exit 9
            complete -p tui-onboard || exit 8
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _tui_onboard
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try CommandRunner.run(
            "/bin/bash", ["--norc", "--noprofile", "-c", script, "bash", bashCompletion] + words)
    }

    @Test("bash sources the completion without error and completes --de to --deck")
    func bashCompletesDeck() throws {
        let result = try Self.bashCompletions(["tui-onboard", "--de"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput == "complete -F _tui_onboard tui-onboard\n--deck\n")
    }

    @Test(
        "bash offers each command's own options, the commands, and an option's values",
        arguments: [
            (["tui-onboard", "status", "--j"], ["--json"]),
            (["tui-onboard", "validate", "--de"], [""]),
            (["tui-onboard", "--simulate", "p"], ["pending", "prompt"]),
            (["tui-onboard", "--theme=", "l"], ["light"]),
            (["tui-onboard", "--deck", "x.json", "va"], ["validate"]),
            (["tui-onboard", "reset", "--p"], ["--purchases"]),
        ])
    func bashCompletesByCommand(words: [String], expected: [String]) throws {
        let words = words.flatMap { $0.hasSuffix("=") ? [String($0.dropLast()), "="] : [$0] }
        let result = try Self.bashCompletions(words)
        let offered = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        #expect(Array(offered.dropLast()).map(String.init) == expected, "\(words): \(result)")
    }

    @Test("zsh reads _tui-onboard (syntax, and compinit registers it for tui-onboard)")
    func zshCompletionLoads() throws {
        let zsh = try SystemTool.path("zsh", package: "zsh")
        let syntax = try CommandRunner.run(zsh, ["-n", Self.zshCompletion])
        #expect(syntax.status == 0 && syntax.standardError.isEmpty, "\(syntax)")
        let directory = (Self.zshCompletion as NSString).deletingLastPathComponent
        let registered = try CommandRunner.run(
            zsh,
            [
                "-f", "-c",
                "fpath=(\(directory) $fpath); autoload -U compinit; compinit -u -D; print -r -- $_comps[tui-onboard]",
            ])
        #expect(registered.standardOutput == "_tui-onboard\n", "\(registered)")
    }

    @Test("zsh, typed into, completes --de to --deck= and offers status's options")
    func zshCompletesInATerminal() throws {
        let zsh = try SystemTool.path("zsh", package: "zsh")
        let directory = (Self.zshCompletion as NSString).deletingLastPathComponent
        let terminal = try TmuxTerminal(
            width: 100, height: 30, arguments: ["-f"], environment: ["PS1": "zsh$ "], program: zsh)
        defer { terminal.close() }
        try terminal.start()
        try terminal.sendKeys("fpath=(\(directory) $fpath); autoload -U compinit; compinit -u -D", "Enter")
        try terminal.sendKeys("tui-onboard --de", "Tab")
        #expect(terminal.waitForText("tui-onboard --deck=") != nil, "\(terminal.screen())")
        try terminal.sendKeys("C-u", "tui-onboard status --j", "Tab")
        #expect(terminal.waitForText("tui-onboard status --json") != nil, "\(terminal.screen())")
    }

    @Test("fish reads tui-onboard.fish and completes --de to --deck, and status's --json")
    func fishCompletes() throws {
        let fish = try SystemTool.path("fish", package: "fish")
        let syntax = try CommandRunner.run(fish, ["--no-config", "-n", Self.fishCompletion])
        #expect(syntax.status == 0 && syntax.standardError.isEmpty, "\(syntax)")
        let script = """
            source $argv[1]; complete -C 'tui-onboard --de'; complete -C 'tui-onboard status --j'; complete -C 'tui-onboard validate --de'
            """
        let result = try CommandRunner.run(fish, ["--no-config", "-c", script, Self.fishCompletion])
        let names = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(names == ["--deck", "--json"], "\(result)")
    }

    @Test(
        "make install-data installs the catalogs, man pages and completions where gettext, man and the shells look; uninstall removes them"
    )
    func makeInstallsAndUninstalls() throws {
        let make = try SystemTool.path("make", package: "make")
        let destination = try TemporaryDirectory()
        defer { destination.remove() }
        let root = BuiltBinary.repositoryRoot.path
        let variables = ["DESTDIR=\(destination.path("root"))", "PREFIX=/usr/local"]
        let installed = try CommandRunner.run(make, ["-s", "-C", root, "install-data"] + variables)
        #expect(installed.status == 0, "\(installed)")
        let share = destination.path("root/usr/local/share")
        let files = [
            "man/man1/tui-onboard.1", "man/man1/tui-onboard-license.1", "bash-completion/completions/tui-onboard",
            "zsh/site-functions/_tui-onboard", "fish/vendor_completions.d/tui-onboard.fish",
            "locale/de/LC_MESSAGES/tui-onboard.mo",
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: "\(share)/\(file)"), "\(file) was not installed")
        }
        // The built-in tour is inside the binary: nothing of Assets/ is installed.
        #expect(!FileManager.default.fileExists(atPath: "\(share)/tui-onboard"))
        // man finds it by name in the installed tree.
        let man = try SystemTool.path("man", package: "man-db")
        let page = try CommandRunner.run(man, ["-M", "\(share)/man", "tui-onboard"])
        #expect(page.status == 0 && page.standardOutput.contains("tui-onboard"), "\(page)")

        let removed = try CommandRunner.run(make, ["-s", "-C", root, "uninstall"] + variables)
        #expect(removed.status == 0, "\(removed)")
        for file in files {
            #expect(!FileManager.default.fileExists(atPath: "\(share)/\(file)"), "\(file) was left behind")
        }
    }
}
