import Foundation
import Testing

/// The command line outside the carousel: plain output, refusals, and bad input.
@Suite("Command line")
struct CommandLineTests {
    private func withDeck(_ deck: String, named name: String = "deck.json", _ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try body(try directory.write(deck, to: name))
    }

    @Test("--plain prints every page to a pipe, with no escape sequences")
    func plainOutput() throws {
        try withDeck(DeckFixtures.threePages) { deck in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["--deck", deck, "--plain"])
            #expect(result.status == 0)
            for (index, heading) in DeckFixtures.headings.enumerated() {
                #expect(result.standardOutput.contains("[\(index + 1)/3] \(heading)"))
                #expect(result.standardOutput.contains(DeckFixtures.bodies[index]))
            }
            #expect(!result.standardOutput.contains("\u{1B}"), "plain output holds an escape sequence")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("--plain shows a deck's escape sequences as visible symbols")
    func plainOutputSanitizes() throws {
        try withDeck(DeckFixtures.escapeSequences) { deck in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["--deck", deck, "--plain"])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("Clear ␛[2J now"))
            #expect(!result.standardOutput.contains("\u{1B}"))
            #expect(!result.standardOutput.contains("\u{07}"))
        }
    }

    @Test("without a terminal it exits 2 and points at --plain")
    func notATerminal() throws {
        try withDeck(DeckFixtures.threePages) { deck in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["--deck", deck])
            #expect(result.status == 2)
            #expect(result.standardError.contains("not a terminal"))
            #expect(result.standardError.contains("--plain"))
            #expect(result.standardOutput.isEmpty, "nothing may be drawn when there is no terminal")
        }
    }

    @Test("a bad deck exits 65 with file:line:col and the JSON path, never touching the terminal")
    func badDeckInTerminal() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.wrongHeadingType, capturingStandardError: true)
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        #expect(terminal.waitForExit() == 65)
        let position = try #require(DeckFixtures.position(of: "42", in: DeckFixtures.wrongHeadingType))
        let deckPath = terminal.directory.path("deck.json")
        let message = terminal.standardError()
        #expect(message.contains("\(deckPath):\(position.line):\(position.column):"), "stderr: \(message)")
        #expect(message.contains("pages[1].heading"), "stderr: \(message)")
        #expect(message.contains("expected a string"), "stderr: \(message)")
        #expect(!terminal.isAlternateScreenOn)
        #expect(terminal.isCursorVisible)
        #expect(
            terminal.recordedOutput().isEmpty, "the app wrote to the terminal: \(terminal.recordedOutput().count) bytes"
        )
    }

    @Test("validate reports the same problem and exits 65; a good deck exits 0")
    func validate() throws {
        try withDeck(DeckFixtures.wrongHeadingType, named: "bad.json") { bad in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["validate", bad])
            #expect(result.status == 65)
            #expect(result.standardError.contains("\(bad):5:"))
            #expect(result.standardError.contains("pages[1].heading"))
        }
        try withDeck(DeckFixtures.threePages) { good in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["validate", good])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("valid (3 pages)"))
        }
    }

    @Test("validate warns, at the page's path, when a page does not fit at 80x24; the deck stays valid")
    func validateWarnsAboutAPageThatScrolls() throws {
        let text = String(repeating: "Words that will not fit on one screen. ", count: 60)
        let deck = """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
                {"kind": "step", "heading": "Short", "text": "Fits."},
                {"kind": "step", "heading": "Long", "text": "\(text)"}
              ]
            }
            """
        try withDeck(deck) { path in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["validate", path])
            #expect(result.status == 0)
            #expect(result.standardError.contains("\(path):5:5: warning: pages[1]: at 80x24 the text needs"))
            #expect(result.standardError.contains("the page scrolls"))
            #expect(!result.standardError.contains("pages[0]"))
            #expect(result.standardOutput.contains("valid (2 pages, 1 warning)"))
        }
    }

    @Test("validate counts one page in the singular")
    func validateOnePage() throws {
        try withDeck(#"{"app": {"id": "a.b", "name": "App"}, "pages": [{"kind": "step", "heading": "Only"}]}"#) {
            path in
            let result = try CommandRunner.run(try BuiltBinary.path(), ["validate", path])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("valid (1 page)"), "\(result)")
        }
    }

    @Test("--version and the built-in tour name the same version")
    func oneVersion() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let version = try CommandRunner.run(try BuiltBinary.path(), ["--version"])
        #expect(version.status == 0)
        let number = version.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "tui-onboard ", with: "")
        #expect(number.split(separator: ".").count == 3, "\(version.standardOutput)")
        let tour = try CommandRunner.run(try BuiltBinary.path(), ["--plain", "--state-dir", state.path("state")])
        #expect(tour.status == 0)
        #expect(tour.standardOutput.split(separator: "\n").first == "tui-onboard \(number)")
    }

    @Test("a missing deck exits 66 and names the file")
    func missingDeck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path("no-such-deck.json")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["--deck", missing])
        #expect(result.status == 66)
        #expect(result.standardError.contains(missing))
        #expect(result.standardError.contains("no such file"))
        let validated = try CommandRunner.run(try BuiltBinary.path(), ["validate", missing])
        #expect(validated.status == 66)
    }

    @Test("an unknown option exits 2 and names it")
    func unknownOption() throws {
        let result = try CommandRunner.run(try BuiltBinary.path(), ["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--frobnicate"))
        #expect(result.standardError.contains("--help"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a --now that is not a whole RFC 3339 date exits 2, names the forms and reads nothing")
    func unreadableNow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["status", "--state-dir", directory.path("state"), "--now", "2026-01-31T09:00Z"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("YYYY-MM-DDTHH:MM:SS[.fraction]"), "\(result.standardError)")
        #expect(result.standardError.contains("seconds are not optional"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("escape sequences in a file name or an option never reach stderr raw")
    func commandLineTextIsSanitized() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let hostileFile = directory.path("deck\u{1B}[2J.json")
        let missing = try CommandRunner.run(try BuiltBinary.path(), ["validate", hostileFile])
        #expect(missing.status == 66)
        let option = try CommandRunner.run(try BuiltBinary.path(), ["--x\u{1B}]0;title\u{07}"])
        #expect(option.status == 2)
        // Booleans, so that a failure report does not print the raw sequences itself.
        let fileNameIsRaw = missing.standardError.contains("\u{1B}")
        let optionIsRaw = option.standardError.contains("\u{1B}")
        #expect(!fileNameIsRaw, "stderr: \(missing.standardError.debugDescription)")
        #expect(!optionIsRaw, "stderr: \(option.standardError.debugDescription)")
    }

    @Test("an unwritable stderr (full or closed) never crashes: the exit code stays the documented one")
    func unwritableStandardError() throws {
        for destination in [CommandRunner.Destination.device("/dev/full"), .closed] {
            let usage = try CommandRunner.run(try BuiltBinary.path(), ["--frobnicate"], standardError: destination)
            #expect(usage.status == 2, "\(destination)")
            try withDeck(DeckFixtures.wrongHeadingType) { deck in
                let bad = try CommandRunner.run(try BuiltBinary.path(), ["validate", deck], standardError: destination)
                #expect(bad.status == 65, "\(destination)")
            }
        }
    }

    @Test("--plain to a full or closed stdout exits 74 and says so on stderr, never 0")
    func unwritablePlainOutput() throws {
        try withDeck(DeckFixtures.threePages) { deck in
            for destination in [CommandRunner.Destination.device("/dev/full"), .closed] {
                let result = try CommandRunner.run(
                    try BuiltBinary.path(), ["--deck", deck, "--plain"], standardOutput: destination)
                #expect(result.status == 74, "\(destination)")
                #expect(result.standardError.contains("cannot write to standard output"), "\(destination)")
            }
            let silent = try CommandRunner.run(
                try BuiltBinary.path(), ["--deck", deck, "--plain"], standardOutput: .closed, standardError: .closed)
            #expect(silent.status == 74, "with nowhere to say why, the status still tells")
        }
    }

    @Test("--help, --version, symbols and validate to a full stdout exit 74")
    func unwritableOtherOutput() throws {
        try withDeck(DeckFixtures.threePages) { deck in
            for arguments in [["--help"], ["--version"], ["symbols"], ["validate", deck]] {
                let result = try CommandRunner.run(
                    try BuiltBinary.path(), arguments, standardOutput: .device("/dev/full"))
                #expect(result.status == 74, "\(arguments)")
                #expect(result.standardError.contains("No space left on device"), "\(arguments)")
            }
        }
    }
}
