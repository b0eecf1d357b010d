import Foundation
import Glibc
import Testing

/// An output option aimed at the state directory, by any spelling, is refused with 2 before
/// anything runs, and every file there keeps its bytes.
@Suite("Outputs aimed at the state directory")
struct OutputIntoStateDirectoryTests {
    /// A state directory `state` with a ledger, a state file and a `sandbox/` subdirectory, and
    /// a directory `elsewhere` beside it for links.
    struct Layout {
        let root: TemporaryDirectory
        var state: String { root.path("state") }
        var elsewhere: String { root.path("elsewhere") }
        var ledger: String { "\(state)/ledger.jsonl" }

        init() throws {
            root = try TemporaryDirectory()
            for directory in [root.path("state/sandbox"), root.path("elsewhere")] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try Data("whatever was bought\n".utf8).write(to: URL(fileURLWithPath: ledger))
            try Data(#"{"apps": {}}"#.utf8).write(to: URL(fileURLWithPath: "\(state)/state.json"))
        }

        /// Every file under the state directory with its bytes.
        func snapshot() -> [String: Data] {
            let names = FileManager.default.subpaths(atPath: state) ?? []
            return Dictionary(
                uniqueKeysWithValues: names.map {
                    ($0, FileManager.default.contents(atPath: "\(state)/\($0)") ?? Data())
                })
        }
    }

    /// Ways of naming a file of the state directory.
    enum FileTrick: String, CaseIterable, CustomTestStringConvertible {
        case direct, symbolicLink, hardLink, dotDot, stateFile, danglingLink, newFileInside
        var testDescription: String { rawValue }

        func path(in layout: Layout) throws -> String {
            switch self {
            case .direct:
                return layout.ledger
            case .symbolicLink:
                let link = "\(layout.elsewhere)/result.json"
                try #require(symlink("../state/ledger.jsonl", link) == 0)
                return link
            case .hardLink:
                let link = "\(layout.elsewhere)/result.json"
                try #require(Glibc.link(layout.ledger, link) == 0)
                return link
            case .dotDot:
                return "\(layout.elsewhere)/../state/ledger.jsonl"
            case .stateFile:
                return "\(layout.state)/state.json"
            case .danglingLink:
                let link = "\(layout.elsewhere)/result.json"
                try #require(symlink("../state/ledger.reset-later.jsonl", link) == 0)
                return link
            case .newFileInside:
                return "\(layout.state)/sandbox/result.json"
            }
        }
    }

    /// The options that write one file, and a command line for each.
    enum FileOption: String, CaseIterable, CustomTestStringConvertible {
        case resultJSON = "--result-json"
        case record = "--record"
        var testDescription: String { rawValue }

        func arguments(_ path: String, state: String) -> [String] {
            switch self {
            // --plain would run the tour at once; without the check it writes the result.
            case .resultJSON: return ["--plain", "--state-dir", state, "--result-json", path]
            // No terminal: the run would stop at that check, so the message must be this one.
            case .record: return ["--state-dir", state, "--record", path]
            }
        }
    }

    private static func expectRefused(
        _ output: CommandRunner.Output, option: String, path: String, layout: Layout, before: [String: Data]
    ) {
        #expect(output.status == 2, "\(output)")
        let line = output.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("tui-onboard: \(option) \(path) "), "\(output.standardError)")
        #expect(line.contains("the state directory \(layout.state)"), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(layout.snapshot() == before, "the state directory changed")
        #expect(FileManager.default.contents(atPath: layout.ledger) == Data("whatever was bought\n".utf8))
    }

    @Test(arguments: FileTrick.allCases, FileOption.allCases)
    func aFileOfTheStateDirectoryIsNeverAnOutput(trick: FileTrick, option: FileOption) throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let path = try trick.path(in: layout)
        let before = layout.snapshot()
        let output = try CommandRunner.run(try BuiltBinary.path(), option.arguments(path, state: layout.state))
        Self.expectRefused(output, option: option.rawValue, path: path, layout: layout, before: before)
        var info = stat()
        #expect(lstat("\(layout.state)/sandbox/result.json", &info) != 0, "a file was created in the state directory")
    }

    /// In a terminal, where a recording would otherwise start: refused before the terminal is touched.
    @Test(arguments: [FileTrick.symbolicLink, .hardLink, .dotDot])
    func aRecordingInATerminalIsRefusedBeforeItStarts(trick: FileTrick) throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let path = try trick.path(in: layout)
        let before = layout.snapshot()
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages, arguments: ["--state-dir", layout.state, "--record", path],
            capturingStandardError: true)
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        #expect(terminal.waitForExit() == 2)
        #expect(terminal.standardError().contains("--record \(path) "), "\(terminal.standardError())")
        #expect(terminal.recordedOutput().isEmpty, "the terminal was written to")
        #expect(layout.snapshot() == before, "the state directory changed")
    }

    /// Ways of naming the state directory or a directory in it.
    enum DirectoryTrick: String, CaseIterable, CustomTestStringConvertible {
        case itself, subdirectory, symbolicLink, dotDot, newInside
        var testDescription: String { rawValue }

        func path(in layout: Layout) throws -> String {
            switch self {
            case .itself: return layout.state
            case .subdirectory: return "\(layout.state)/sandbox"
            case .symbolicLink:
                let link = "\(layout.elsewhere)/pictures"
                try #require(symlink("../state", link) == 0)
                return link
            case .dotDot: return "\(layout.elsewhere)/../state/"
            case .newInside: return "\(layout.state)/pictures"
            }
        }
    }

    /// `dump --svg DIR` and `init DIR` take no --state-dir: theirs comes from XDG_STATE_HOME.
    @Test(arguments: DirectoryTrick.allCases, ["--svg", "init"])
    func theStateDirectoryIsNeverFilledWithPicturesOrAStarterDeck(trick: DirectoryTrick, option: String) throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        // XDG_STATE_HOME/tui-onboard is the state directory: make `state` that, by a link.
        let home = layout.root.path("xdg")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try #require(symlink(layout.state, "\(home)/tui-onboard") == 0)
        let path = try trick.path(in: layout)
        let before = layout.snapshot()
        let command = option == "--svg" ? ["dump", "--svg", path] : ["init", path]
        let output = try CommandRunner.run(
            "/usr/bin/env", ["XDG_STATE_HOME=\(home)", try BuiltBinary.path()] + command)
        #expect(output.status == 2, "\(output)")
        #expect(output.standardError.hasPrefix("tui-onboard: \(option) \(path) "), "\(output.standardError)")
        #expect(output.standardError.contains("the state directory \(home)/tui-onboard"), "\(output.standardError)")
        #expect(layout.snapshot() == before, "the state directory changed")
    }

    @Test("outputs beside the state directory are written as before")
    func outputsOutsideAreWritten() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        // A name that starts like the state directory's is not inside it.
        let result = root.path("state-result.json")
        let output = try CommandRunner.run(
            try BuiltBinary.path(), ["--plain", "--state-dir", root.path("state"), "--result-json", result])
        #expect(output.status == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: result))
    }
}
