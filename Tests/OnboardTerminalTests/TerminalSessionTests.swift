import CNcurses
import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// The real ncurses output path, on a screen whose output goes to /dev/null: every cell can
/// be read back. ncurses has one current screen per process, so the suite runs serially.
@Suite(.serialized) struct TerminalSessionTests {
    static func withSession(terminal: String = "xterm-256color", _ body: (TerminalSession) throws -> Void) throws {
        TerminalSession.prepareLocale()
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let session = try TerminalSession(
            terminalName: terminal, output: output, input: input, environment: [:], enableMouse: false)
        defer { session.stop() }
        try body(session)
    }

    @Test func presentedCellsReadBackIncludingWideGraphemes() throws {
        try Self.withSession { session in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("Hello 日本 e\u{301}!", x: 2, y: 1, style: Style(foreground: .indexed(202), isBold: true))
            let written = session.present(canvas)
            #expect(written > 0)
            #expect(session.cellText(x: 2, y: 1) == "H")
            #expect(session.cellText(x: 8, y: 1) == "日")
            #expect(session.cellText(x: 10, y: 1) == "本")
            #expect(session.cellText(x: 13, y: 1) == "e\u{301}")
            #expect(session.cellText(x: 14, y: 1) == "!")
        }
    }

    /// A first frame leaves blank cells unwritten, so the window's own cells must be the
    /// canvas's blank: a space in the plain style's pair, at start and after an erase.
    @Test func cellsNeverWrittenAreSpacesInThePlainStylesPair() throws {
        try Self.withSession { session in
            let plain = session.presenter.palette.look(for: .plain)
            #expect(plain.pair != 0, "with pair 0 this test could not tell the blanks apart")
            let corners = [(0, 0), (session.size.width - 1, session.size.height - 1), (7, 3)]
            func expectPlainBlanks(_ moment: String) {
                var text = [wchar_t](repeating: 0, count: Int(tui_ccharw_max()) + 1)
                var attributes: attr_t = 0
                var pair: Int32 = -1
                for (x, y) in corners {
                    let read = tui_read_cell(session.window, Int32(y), Int32(x), &text, &attributes, &pair)
                    #expect(read != tui_err() && text[0] == 32 && text[1] == 0, "\(moment): cell \(x),\(y)")
                    #expect(pair == plain.pair, "\(moment): cell \(x),\(y) in pair \(pair)")
                }
            }
            expectPlainBlanks("at start")
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("x", x: 7, y: 3, style: Style(isBold: true))
            session.present(canvas)
            session.invalidate()
            expectPlainBlanks("after an erase")
        }
    }

    @Test func anUnchangedFrameWritesNothing() throws {
        try Self.withSession { session in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("steady", x: 0, y: 0)
            #expect(session.present(canvas) > 0)
            #expect(session.present(canvas) == 0)
            canvas.draw("X", x: 3, y: 0)
            #expect(session.present(canvas) == 1)
            #expect(session.cellText(x: 3, y: 0) == "X")
        }
    }

    @Test func aWholeAppFrameGoesThroughTheRealOutputPath() throws {
        try Self.withSession { session in
            let deck = Deck(
                app: AppInfo(id: "a", name: "Shell Test", version: "1"),
                pages: [.step(StepPage(heading: "Über 日本", text: "text")), .step(StepPage(heading: "Two", text: ""))])
            var app = OnboardingApp(deck: deck, colorMode: session.colorMode, width: 0, height: 0)
            _ = app.update(.resize(width: session.size.width, height: session.size.height))
            var canvas = Canvas(width: 0, height: 0)
            app.render(into: &canvas)
            session.present(canvas)
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where !canvas[x, y].isContinuation {
                    let expected = String(canvas[x, y].grapheme)
                    #expect(session.cellText(x: x, y: y) == expected, "cell \(x),\(y)")
                }
            }
        }
    }

    @Test func afterASuspendTheNextFrameIsWrittenWhole() throws {
        try Self.withSession { session in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("before the stop", x: 1, y: 1)
            let whole = session.present(canvas)
            #expect(session.present(canvas) == 0)
            session.suspend()
            #expect(session.isSuspended)
            session.resume()
            #expect(!session.isSuspended)
            #expect(session.present(canvas) == whole, "the screen must be drawn again in full")
            #expect(session.cellText(x: 1, y: 1) == "b")
        }
    }

    @Test func stoppingASuspendedSessionLeavesTheTerminalAlone() throws {
        try Self.withSession { session in
            session.suspend()
            session.suspend()
            session.stop()
            session.resume()
            #expect(session.isSuspended, "a stopped session is not taken back")
        }
    }

    @Test func unknownAndDumbTerminalsAreRefusedWithAClearError() throws {
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        for name in ["dumb", "no-such-terminal-xyz", ""] {
            #expect(throws: TerminalError.unsupportedTerminal(name: name)) {
                _ = try TerminalSession(terminalName: name, output: output, input: input, environment: [:])
            }
        }
        #expect(TerminalError.unsupportedTerminal(name: "dumb").description.contains("--plain"))
    }

    @Test(arguments: [
        (["NO_COLOR": "1"], 256, ColorMode.monochrome),
        (["NO_COLOR": ""], 256, .indexed256),
        ([:], 256, .indexed256),
        ([:], 16, .basic16),
        (["COLORTERM": "truecolor"], 256, .truecolor),
        (["COLORTERM": "24bit"], 256, .truecolor),
        (["COLORTERM": "truecolor"], 8, .basic8),
        (["COLORTERM": "truecolor", "NO_COLOR": "1"], 256, .monochrome),
        (["COLORTERM": "yes"], 256, .indexed256),
        ([:], 1 << 24, .truecolor),
        (["NO_COLOR": "1"], 1 << 24, .monochrome),
        ([:], 8, .basic8),
        ([:], 2, .monochrome),
    ])
    func colourModeFollowsNoColorAndTheTerminal(environment: [String: String], colors: Int, expected: ColorMode) {
        #expect(TerminalSession.colorMode(environment: environment, colors: colors, hasColors: true) == expected)
    }

    @Test(
        "each TERM gets its colour mode and secondary text it can show",
        arguments: [
            ("xterm", ColorMode.basic8), ("linux", .basic8), ("screen", .basic8), ("xterm-16color", .basic16),
            ("xterm-256color", .indexed256), ("vt100", .monochrome),
        ])
    func secondaryTextPerTerminal(terminal: String, mode: ColorMode) throws {
        // xterm-16color comes with ncurses-term, which may be missing.
        guard terminal != "xterm-16color" || TerminalSessionTests.terminfoExists(terminal) else { return }
        try Self.withSession(terminal: terminal) { session in
            #expect(session.colorMode == mode)
            let theme = Theme(colorMode: session.colorMode)
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("Skip", x: 0, y: 0, style: theme.muted)
            canvas.draw("Next", x: 0, y: 1, style: theme.accentText)
            session.present(canvas)
            let muted = try #require(session.cellColors(x: 0, y: 0))
            let accent = try #require(session.cellColors(x: 0, y: 1))
            switch mode {
            case .basic8, .monochrome:
                #expect(muted.foreground == -1, "secondary text must not be black")
                #expect(muted.attributes & tui_attr_dim() != 0)
            case .basic16, .indexed256, .truecolor:
                #expect(muted.foreground == 8)
            }
            if mode == .basic8 { #expect(accent.foreground == 5, "the default accent's hue under 8 colours") }
            #expect(![0, 7].contains(accent.foreground), "an accent must not be black or white")
        }
    }

    static func terminfoExists(_ name: String) -> Bool {
        ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"].contains {
            FileManager.default.fileExists(atPath: "\($0)/\(name.prefix(1))/\(name)")
        }
    }

    @Test func underTruecolorTheAccentGoesOutAsA24BitColourBesideNcurses() throws {
        TerminalSession.prepareLocale()
        let path = "/tmp/tui-onboard-truecolor-\(getpid())"
        defer { unlink(path) }
        let output = try #require(fopen(path, "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let session = try TerminalSession(
            terminalName: "xterm-256color", output: output, input: input, environment: ["COLORTERM": "truecolor"],
            enableMouse: false)
        #expect(session.colorMode == .truecolor)
        let theme = Theme(colorMode: session.colorMode)
        var canvas = Canvas(width: session.size.width, height: session.size.height)
        canvas.draw("Next", x: 3, y: 2, style: theme.accentText)
        session.present(canvas)
        // ncurses holds the nearest of 256 colours for the cell.
        #expect(session.cellColors(x: 3, y: 2)?.foreground == 99)
        // A later frame: a 24-bit word replaces another, plain text replaces one.
        canvas.draw("Done", x: 3, y: 2, style: theme.accentText)
        canvas.draw("plain", x: 3, y: 5)
        session.present(canvas)
        canvas.draw("Back", x: 3, y: 2)
        session.present(canvas)
        #expect(session.cellColors(x: 3, y: 2)?.foreground != 99)
        session.stop()
        fflush(output)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("\u{1B}[0;1;38;2;139;92;246mNext\u{1B}[0m"))
        // Each cell goes out once: ncurses skips those written in 24-bit colour beside it, and
        // writes the plain ones that replace them. (Written twice, "Next" was 2.5 times the bytes.)
        #expect(written.components(separatedBy: "Next").count - 1 == 1, "\(written.debugDescription)")
        #expect(written.components(separatedBy: "Done").count - 1 == 1, "\(written.debugDescription)")
        #expect(written.components(separatedBy: "plain").count - 1 == 1)
        #expect(written.components(separatedBy: "Back").count - 1 == 1)
    }

    @Test func aDirectColourTerminfoEntryGetsEvery24BitColourFromNcursesItself() throws {
        // A direct-colour entry of our own (xterm-direct is in ncurses-term, which may be
        // missing), compiled with tic into a directory searched before the system's.
        let directory = "/tmp/tui-onboard-terminfo-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = """
            tui-direct-test|xterm-256color with direct colour,
            \tuse=xterm-256color, colors#0x1000000, pairs#0x10000, RGB,
            \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,
            \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m,

            """
        try source.write(toFile: "\(directory)/direct.src", atomically: true, encoding: .utf8)
        let tic = Process()
        tic.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
        tic.arguments = ["-x", "-o", "\(directory)/db", "\(directory)/direct.src"]
        try tic.run()
        tic.waitUntilExit()
        try #require(tic.terminationStatus == 0, "tic could not compile the test entry")
        setenv("TERMINFO", "\(directory)/db", 1)
        defer { unsetenv("TERMINFO") }

        TerminalSession.prepareLocale()
        let path = "\(directory)/output"
        let output = try #require(fopen(path, "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let session = try TerminalSession(
            terminalName: "tui-direct-test", output: output, input: input, environment: [:], enableMouse: false)
        #expect(session.colorMode == .truecolor)
        let theme = Theme(colorMode: session.colorMode)
        var canvas = Canvas(width: session.size.width, height: session.size.height)
        canvas.draw("Next", x: 3, y: 2, style: theme.accentText)
        canvas.draw("Skip", x: 3, y: 4, style: theme.muted)
        session.present(canvas)
        session.stop()
        fflush(output)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("38:2::139:92:246"), "the accent, sent by ncurses")
        #expect(written.contains("38:2::127:127:127"), "bright black as its 24-bit grey, not rgb(0,0,8)")
        #expect(!written.contains("38;2;"), "nothing written beside ncurses")
    }

    @Test(arguments: [
        (Color.terminalDefault, Int32(-1)), (.red, 1), (.brightBlack, 0x7F7F7F), (.indexed(99), 0x875FFF),
        (.rgb(139, 92, 246), 0x8B5CF6), (.rgb(0, 0, 5), 8),
    ])
    func directColourNumbers(color: Color, expected: Int32) {
        #expect(ColorPalette.directColor(color) == expected)
    }
}
