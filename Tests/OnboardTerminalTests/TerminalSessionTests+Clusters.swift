import CNcurses
import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// Clusters an ncurses cell cannot hold (several spacing characters, or more than four
/// zero-width ones), by the bytes the terminal receives: every scalar, in order, and the next
/// character where the terminal will put it after advancing by each scalar's `wcwidth`.
extension TerminalSessionTests {
    static let eightMarks = "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}"
    static let tagFlag = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

    /// Runs `body` with a session writing to a file, and returns everything written to it.
    static func withSessionWritingToAFile(_ body: (TerminalSession, () -> String) throws -> Void) throws {
        TerminalSession.prepareLocale()
        let path = "/tmp/tui-onboard-clusters-\(getpid())"
        defer { unlink(path) }
        let output = try #require(fopen(path, "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let session = try TerminalSession(
            terminalName: "xterm-256color", output: output, input: input, environment: [:], enableMouse: false)
        defer { session.stop() }
        let written = {
            fflush(output)
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        try body(session, written)
    }

    /// Clusters that fit ncurses cell by cell go out whole and in one stretch, so the bracket
    /// after them follows at once: the terminal puts it where ncurses (and the canvas) did.
    @Test(arguments: [
        ("👨‍👩‍👧‍👦", 8), ("🏳️‍🌈", 3), ("👩🏽‍💻", 6), ("👍🏿", 4), ("🇺🇸", 2), ("1️⃣", 1),  // emoji
        ("नमस्ते", 4), ("নমস্কার", 6), ("ন্দ্র", 3), ("க்ஷ", 2), ("ஸ்ரீ", 2),  // Devanagari, Bengali, Tamil
        ("\u{1100}\u{1161}\u{11A8}\u{1112}\u{1175}", 4),  // Hangul jamo: two syllables, L V T and L V
    ])
    func aClusterGoesOutWholeAndTheNextCharacterFollowsIt(text: String, columns: Int) throws {
        try Self.withSessionWritingToAFile { session, written in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            let end = canvas.draw("[" + text + "]", x: 4, y: 1)
            #expect(end == 4 + 1 + columns + 1)
            session.present(canvas)
            #expect(written().contains("[" + text + "]"), "\(written().debugDescription)")
            #expect(session.cellText(x: 4 + 1 + columns, y: 1) == "]")
        }
    }

    /// More zero-width characters than an ncurses cell holds: ncurses sends its first four, and
    /// the cell is then written again whole beside it, in place, the cursor put back.
    @Test(arguments: [eightMarks, tagFlag])
    func aCellWithMoreMarksThanNcursesHoldsIsWrittenWholeInPlace(text: String) throws {
        try Self.withSessionWritingToAFile { session, written in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            let columns = DisplayWidth.of(text)
            canvas.draw("[" + text + "]", x: 4, y: 1, style: Style(isBold: true))
            session.present(canvas)
            let bytes = written()
            let rewrite = try #require(bytes.range(of: "\u{1B}[2;6H"), "no move to the crowded cell")
            let after = bytes[rewrite.upperBound...]
            let whole = try #require(after.range(of: text), "not written whole: \(after.debugDescription)")
            // In the cell's own attributes (bold), and back to normal ones after it.
            #expect(after[..<whole.lowerBound].contains("\u{1B}[1m") || after[..<whole.lowerBound].contains(";1m"))
            let rest = after[whole.upperBound...]
            #expect(rest.contains("\u{1B}[0m") || rest.contains("\u{1B}(B\u{1B}[m"))
            #expect(session.cellText(x: 4 + 1 + columns, y: 1) == "]")
        }
    }

    /// A crowded cell replaced by one ncurses holds the same (its first four marks): ncurses sees
    /// no change, so the presenter writes it, or the terminal would keep the other four marks.
    @Test func aCrowdedCellGivingWayToItsOwnFirstMarksIsWrittenAgain() throws {
        try Self.withSessionWritingToAFile { session, written in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw(Self.eightMarks, x: 4, y: 1)
            session.present(canvas)
            let before = written().utf8.count
            let fourMarks = String(Self.eightMarks.unicodeScalars.prefix(5))
            canvas.clear()
            canvas.draw(fourMarks, x: 4, y: 1)
            session.present(canvas)
            let frame = String(decoding: Array(written().utf8.dropFirst(before)), as: UTF8.self)
            let move = try #require(frame.range(of: "\u{1B}[2;5H"), "not written: \(frame.debugDescription)")
            #expect(frame[move.upperBound...].contains(fourMarks))
        }
    }
}
