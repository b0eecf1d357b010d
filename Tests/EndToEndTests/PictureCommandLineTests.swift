import Foundation
import Testing

/// `dump` and `symbols --preview` from the built binary: output, files and exit codes.
@Suite("Pictures on the command line")
struct PictureCommandLineTests {
    @Test("dump prints every page under its header, at the size asked for, with no escape sequences")
    func dumpText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(DeckFixtures.escapeSequences, to: "deck.json")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["dump", deck, "--size", "60x20"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "--- page 1/1: Clear ␛[2J now ---")
        #expect(lines.count == 1 + 20 + 1)
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(!result.standardOutput.contains("\u{1B}") && !result.standardOutput.contains("\u{07}"))
    }

    @Test("dump --svg writes one picture per page of the built-in tour and names each")
    func dumpSVG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path("pictures/new")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["dump", "--svg", output])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let written = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(written.count == 9)
        #expect(written.first == output + "/page-01.svg" && written.last == output + "/page-09.svg")
        for path in written {
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        }
    }

    @Test(
        "dump's errors: a bad size 2, a bad deck 65, a missing deck 66, a directory it cannot write 74",
        arguments: [
            (["--size", "80by24"], Int32(2), "option --size needs COLUMNSxROWS"),
            (["BAD"], 65, "expected a string"),
            (["/nonexistent/deck.json"], 66, "/nonexistent/deck.json"),
            (["--svg", "FILE/pictures"], 74, "could not create the directory"),
            (["--svg", "FILE"], 74, "it is not a directory"),
        ])
    func dumpErrors(arguments: [String], status: Int32, message: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let badDeck = try directory.write(DeckFixtures.wrongHeadingType, to: "bad.json")
        let file = try directory.write("not a directory", to: "file")
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "BAD", with: badDeck).replacingOccurrences(of: "FILE", with: file)
        }
        let result = try CommandRunner.run(try BuiltBinary.path(), ["dump"] + resolved)
        #expect(result.status == status, "stderr: \(result.standardError)")
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("the Pictures example validates clean, its SVG pictures hold its PNGs, --plain says their alt texts")
    func thePicturesExample() throws {
        let example = BuiltBinary.repositoryRoot.appendingPathComponent("Examples/Pictures")
        let deck = example.appendingPathComponent("deck.json").path
        let validated = try CommandRunner.run(try BuiltBinary.path(), ["validate", deck])
        #expect(validated.status == 0 && validated.standardError.isEmpty, "\(validated)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let dumped = try CommandRunner.run(try BuiltBinary.path(), ["dump", "--svg", directory.path("svg"), deck])
        #expect(dumped.status == 0, "\(dumped)")
        for (page, png) in [(1, "terminal.png"), (2, "spark.png"), (3, "terminal.png")] {
            let svg = try String(contentsOfFile: directory.path("svg/page-0\(page).svg"), encoding: .utf8)
            let bytes = try Data(contentsOf: example.appendingPathComponent(png))
            #expect(svg.contains("data:image/png;base64,\(bytes.base64EncodedString())"), "page \(page): \(png)")
        }
        let plain = try CommandRunner.run(
            try BuiltBinary.path(), ["--plain", "--deck", deck, "--state-dir", directory.path("state")])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.standardOutput.contains("[A terminal window with a prompt]"))
        #expect(plain.standardOutput.contains("[A four-pointed star]"))
    }

    @Test("dump DECK --animated-svg plays that deck, not the built-in tour")
    func anAnimatedPictureOfADeck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = BuiltBinary.repositoryRoot.appendingPathComponent("Examples/Pictures/deck.json").path
        let output = directory.path("tour.svg")
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["dump", deck, "--size", "60x20", "--animated-svg", output], timeout: .seconds(120))
        #expect(result.status == 0 && result.standardOutput == output + "\n", "\(result)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("<title>Pictures</title>"), "the deck's app names the picture")
        #expect(svg.contains("A PNG on a step page") && !svg.contains("Welcome to tui-onboard"))
    }

    @Test("symbols --preview draws every symbol under its name")
    func symbolsPreview() throws {
        let names = try CommandRunner.run(try BuiltBinary.path(), ["symbols"])
        let preview = try CommandRunner.run(try BuiltBinary.path(), ["symbols", "--preview"])
        #expect(preview.status == 0)
        for name in names.standardOutput.split(separator: "\n") {
            #expect(preview.standardOutput.contains(name), "\(name) is not in the preview")
        }
        #expect(preview.standardOutput.contains("█"), "the drawings are there")
        #expect(preview.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
