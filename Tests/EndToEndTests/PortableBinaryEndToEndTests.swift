import Foundation
import Testing

/// The program works from any folder: copied alone it shows the built-in tour (which is inside
/// it) and says once that a language's catalog is missing; beside a `share/locale`, wherever
/// that pair is put or linked from, it speaks the language. No path of the tree it was built
/// in is compiled into it.
@Suite("A binary copied anywhere")
struct PortableBinaryEndToEndTests {
    /// A folder holding a copy of the program and nothing else.
    static func copiedAlone(into directory: TemporaryDirectory) throws -> String {
        let copy = directory.path("elsewhere/tui-onboard")
        try FileManager.default.createDirectory(
            atPath: directory.path("elsewhere"), withIntermediateDirectories: true)
        try copyProgram(to: copy)
        return copy
    }

    /// Copies the built program with cp(1), so that no file descriptor open for writing it is
    /// ever in this process: a child another test forks meanwhile would inherit one, and the
    /// copy could not run until that child execs (ETXTBSY, "Text file busy").
    static func copyProgram(to destination: String) throws {
        let copied = try CommandRunner.run("/bin/cp", [try BuiltBinary.path(), destination], timeout: .seconds(60))
        guard copied.status == 0 else { throw EndToEndError("cp: \(copied.standardError)") }
    }

    @Test("copied alone: the built-in tour, and has and status, with nothing on stderr")
    func aBinaryCopiedAloneShowsTheBuiltInTour() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let binary = try Self.copiedAlone(into: directory)
        let state = ["--state-dir", directory.path("state")]
        let tour = try InstalledProgram.run(binary, ["--plain"] + state)
        #expect(tour.status == 0, "\(tour.standardError)")
        #expect(tour.standardOutput.contains("[1/9] Welcome to tui-onboard"))
        #expect(tour.standardOutput.contains("tui-onboard Pro: Not purchased"), "the built-in catalog is in too")
        #expect(tour.standardError.isEmpty)
        // A host's commands read the built-in catalog, and never speak of catalogs of messages.
        for (arguments, status) in [(["has", "pro"], Int32(1)), (["status"], 0)] {
            let run = try InstalledProgram.run(binary, arguments + state, language: "de_DE.UTF-8")
            #expect(run.status == status, "\(arguments): \(run.standardError)")
            #expect(run.standardError.isEmpty, "\(arguments)")
        }
    }

    @Test(
        "copied alone, a language it has no catalog for is said once on stderr, and the tour goes on",
        arguments: [
            (["--plain", "--lang", "de", "--state-dir", "STATE"], "de"), (["dump", "--lang", "de"], "de"),
            (["--plain", "--lang", "pt_BR", "--state-dir", "STATE"], "pt_BR"),
        ])
    func aMissingCatalogIsSaidOnce(arguments: [String], language: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let binary = try Self.copiedAlone(into: directory)
        let run = try InstalledProgram.run(binary, arguments.map { $0 == "STATE" ? directory.path("state") : $0 })
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(run.standardError)")
        #expect(lines.first?.contains("no message catalog for \"\(language)\" was found") == true)
        let looked = directory.url.resolvingSymlinksInPath().path + "/share/locale/\(language)/LC_MESSAGES"
        #expect(lines.first?.contains(looked) == true, "names where it looked: \(run.standardError)")
        // The deck's own texts are in the language; the app's words fall back to English.
        #expect(run.standardOutput.contains("Not purchased"))
    }

    @Test("beside a share/locale, as unpacked anywhere and through a link, it speaks the language")
    func besideItsCatalogsItSpeaksTheLanguage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let prefix = directory.path("some/prefix")
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try Self.copyProgram(to: prefix + "/bin/tui-onboard")
        // The catalogs the build compiled, beside the build's own folder.
        let built = URL(fileURLWithPath: try BuiltBinary.path()).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale")
        try FileManager.default.createDirectory(atPath: prefix + "/share", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: built.path, toPath: prefix + "/share/locale")
        try FileManager.default.createDirectory(atPath: directory.path("links"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("links/tui-onboard"), withDestinationPath: prefix + "/bin/tui-onboard")
        for binary in [prefix + "/bin/tui-onboard", directory.path("links/tui-onboard")] {
            let run = try InstalledProgram.run(
                binary, ["--plain", "--lang", "de", "--state-dir", directory.path("state")])
            #expect(run.status == 0, "\(binary): \(run.standardError)")
            #expect(run.standardOutput.contains("tui-onboard Pro: Nicht gekauft"), "\(binary)")
            #expect(run.standardError.isEmpty, "\(binary)")
        }
        let report = try InstalledProgram.run(
            directory.path("links/tui-onboard"), ["--version", "--verbose", "--lang", "de"])
        let realPrefix = URL(fileURLWithPath: prefix).resolvingSymlinksInPath().path
        #expect(report.standardOutput.contains("built-in tour: inside the executable"))
        #expect(
            report.standardOutput.contains(
                "\(realPrefix)/share/locale: " + (try InstalledProgram.languages()).joined(separator: " ")))
        #expect(
            report.standardOutput.contains(
                "language: de, from \(realPrefix)/share/locale/de/LC_MESSAGES/tui-onboard.mo"))
    }

    @Test("--version --verbose says where each thing was looked for when there is nothing beside it")
    func theVersionReportSaysWhereThingsAre() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let binary = try Self.copiedAlone(into: directory)
        let run = try InstalledProgram.run(binary, ["--version", "--verbose", "--lang", "de"])
        #expect(run.status == 0)
        let root = directory.url.resolvingSymlinksInPath().path
        // Every picture of Assets/art is carried, a language's own key art too.
        let art = BuiltBinary.repositoryRoot.appendingPathComponent("Assets/art").path
        let pictures = try FileManager.default.contentsOfDirectory(atPath: art).filter { $0.hasSuffix(".txt") }.count
        let expected = [
            "tui-onboard \(try InstalledProgram.version())",
            "executable: \(root)/elsewhere/tui-onboard",
            "built-in tour: inside the executable (default-deck.json, \(pictures) pictures, default-catalog.json)",
            "message catalogs (beside the executable): \(root)/share/locale: none",
            "language: de, but no catalog of it was found: the app's own words are in English",
        ]
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(expected.count)) == expected)
        #expect(lines.contains { $0.hasPrefix("state directory: ") })
        let plain = try InstalledProgram.run(binary, ["--version"])
        #expect(plain.standardOutput == "tui-onboard \(try InstalledProgram.version())\n")
    }

    /// The programs as built, less the debug information installing strips (and the AST a
    /// debug build carries for the debugger); the packages' tests look at them as shipped.
    @Test("no path of the tree the programs were built in is compiled into them")
    func noBuildTreePathIsCompiledIn() throws {
        for binary in [try BuiltBinary.path(), try BuiltBinary.licenseToolPath()] {
            let mentions = try InstalledProgram.buildTreeMentions(in: binary, asShipped: false)
            #expect(mentions == 0, "\(binary) names \(BuiltBinary.repositoryRoot.path) \(mentions) times")
        }
    }
}
