import Foundation
import OnboardKit
import Testing

/// Widths as ncurses places graphemes: the columns of the first scalar by glibc's `wcwidth`,
/// flags as two regional indicators. (The table itself is held to `wcwidth` scalar by scalar in
/// OnboardTerminalTests, which may call the C library.)
struct DisplayWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("日\u{301}", 2),
            ("⚠️", 1), ("❤️", 1), ("☺️", 1), ("1️⃣", 1), ("⚠", 1),  // one column, selector or not
            ("🇺", 1), ("🇺🇸", 2),  // a lone regional indicator; a flag is two of them
            ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
            ("䷀", 2), ("\u{AD}", 1), ("\u{600}", 1),  // glibc: hexagrams wide, soft hyphen and U+0600 shown
            ("\u{1100}\u{1161}", 2), ("\u{1161}", 0), ("\u{301}", 0), ("\u{200B}", 0),
            ("🫨", 1),  // Unicode 15, unknown to glibc 2.36: ncurses gives it one column
        ] as [(Character, Int)])
    func graphemeWidth(grapheme: Character, width: Int) {
        #expect(DisplayWidth.of(grapheme) == width)
    }

    /// What goes to the terminal for a cell: the first scalar and the marks on it.
    @Test(
        arguments: [
            ("a", "a"), ("e\u{301}", "e\u{301}"), ("⚠️", "⚠️"), ("1️⃣", "1️⃣"),
            ("\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}\u{11A8}"),  // Hangul jamo: one syllable
            ("👨‍👩‍👧", "👨"), ("👍🏽", "👍"),  // no dangling joiner, no second emoji
            ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🏴"),  // no partial tag sequence
            ("🫨", "\u{FFFD}"), ("🫨\u{FE0F}", "\u{FFFD}"), ("\u{2028}", "\u{FFFD}"),  // unknown to wcwidth
        ] as [(Character, Character)])
    func terminalForm(grapheme: Character, sent: Character) {
        let cell = Cell(grapheme: grapheme, style: Style(isBold: true))
        #expect(cell.terminalForm == Cell(grapheme: sent, style: Style(isBold: true)))
        #expect(DisplayWidth.of(cell.terminalForm.grapheme) == DisplayWidth.of(grapheme))
    }

    @Test func aContinuationCellSendsNothingAndAFlagTwoIndicators() {
        #expect(Cell.continuation(style: .plain).terminalForm.isContinuation)
        #expect(Cell(grapheme: "🇺🇸").isFlag)
        #expect(!Cell(grapheme: "🇺").isFlag)
        #expect(DisplayWidth.wcwidth(0x1F1FA) == 1 && DisplayWidth.wcwidth(0x1F1F8) == 1)
    }

    @Test func theCanvasGivesAnEmojiWithASelectorOneColumn() {
        var canvas = Canvas(width: 8, height: 1)
        let end = canvas.draw("⚠️x🇺🇸y", x: 0, y: 0)
        #expect(end == 5)
        #expect(canvas[0, 0].grapheme == "⚠️")
        #expect(canvas[1, 0].grapheme == "x")
        #expect(canvas[3, 0].isContinuation)
        #expect(canvas[4, 0].grapheme == "y")
    }

    /// The committed table is what the generator makes of the Unicode data, where that data is
    /// installed (Debian's unicode-data); elsewhere the wcwidth test is the check.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/DerivedAge.txt")))
    func theCommittedTableIsCurrent() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repository.appendingPathComponent("scripts/generate-width-table.py").path, "--check",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
    }
}
