import Foundation
import OnboardKit
import Testing

/// Widths as the terminal places graphemes: it advances by each scalar's glibc `wcwidth`, so a
/// grapheme takes the columns of all its spacing scalars. (The table itself is held to
/// `wcwidth` scalar by scalar in OnboardTerminalTests, which may call the C library.)
struct DisplayWidthTests {
    static let eightMarks: Character = "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}"
    static let tagFlag: Character = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

    @Test(
        arguments: [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("日\u{301}", 2),
            ("⚠️", 1), ("❤️", 1), ("☺️", 1), ("1️⃣", 1), ("⚠", 1),  // one column, selector or not
            ("🇺", 1), ("🇺🇸", 2),  // a lone regional indicator; a flag is two of them
            ("👍", 2), ("👍🏽", 4), ("👍🏿", 4), (tagFlag, 2),  // a skin tone is wide itself; tags are not
            ("👨‍👩‍👧", 6), ("👨‍👩‍👧‍👦", 8), ("👩🏽‍💻", 6), ("🏳️‍🌈", 3),  // ZWJ: each emoji, joiners none
            (Character("स्ते"), 2), (Character("ন্দ্র"), 3),  // conjuncts (one grapheme since Unicode 15.1)
            ("䷀", 2), ("\u{AD}", 1), ("\u{600}", 1),  // glibc: hexagrams wide, soft hyphen and U+0600 shown
            ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{1161}", 0), ("\u{301}", 0), ("\u{200B}", 0),
            ("🫨", 1),  // Unicode 15, unknown to glibc 2.36: ncurses gives it one column
        ] as [(Character, Int)])
    func graphemeWidth(grapheme: Character, width: Int) {
        #expect(DisplayWidth.of(grapheme) == width)
        #expect(DisplayWidth.pieces(of: grapheme).map(\.columns).reduce(0, +) == width)
    }

    @Test func aStringIsAsWideAsTheTerminalAdvances() {
        #expect(DisplayWidth.of("नमस्ते") == 4)
        #expect(DisplayWidth.of("க்ஷ") == 2)  // Tamil: two graphemes of one consonant each
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦!") == 9)
    }

    /// Each spacing scalar starts a cell; the zero-width ones after it ride along, in order.
    @Test(
        arguments: [
            ("👨‍👩‍👧‍👦", ["👨\u{200D}", "👩\u{200D}", "👧\u{200D}", "👦"]),
            ("👩🏽‍💻", ["👩", "🏽\u{200D}", "💻"]), ("👍🏿", ["👍", "🏿"]), ("🏳️‍🌈", ["🏳\u{FE0F}\u{200D}", "🌈"]),
            ("🇺🇸", ["🇺", "🇸"]), ("1️⃣", ["1\u{FE0F}\u{20E3}"]), (Character("स्ते"), ["स्", "ते"]),
            ("\u{1100}\u{1161}\u{11A8}", ["\u{1100}\u{1161}\u{11A8}"]),
            (Self.eightMarks, [String(Self.eightMarks)]),
            ("\u{301}", []),
        ] as [(Character, [String])])
    func pieces(grapheme: Character, expected: [String]) {
        #expect(DisplayWidth.pieces(of: grapheme).map(\.text) == expected)
    }

    /// What goes to the terminal for a cell: the first scalar and every zero-width one after it.
    @Test(
        arguments: [
            ("a", "a"), ("e\u{301}", "e\u{301}"), ("⚠️", "⚠️"), ("1️⃣", "1️⃣"),
            ("\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}\u{11A8}"),  // Hangul jamo: one syllable
            ("👨\u{200D}", "👨\u{200D}"), (tagFlag, tagFlag),  // a piece goes out whole
            ("👨‍👩‍👧", "👨\u{200D}"), ("👍🏽", "👍"),  // a whole cluster in one cell: its first piece
            ("🫨", "\u{FFFD}"), ("🫨\u{FE0F}", "\u{FFFD}"), ("\u{2028}", "\u{FFFD}"),  // unknown to wcwidth
        ] as [(Character, Character)])
    func terminalForm(grapheme: Character, sent: Character) {
        let cell = Cell(grapheme: grapheme, style: Style(isBold: true))
        #expect(cell.terminalForm == Cell(grapheme: sent, style: Style(isBold: true)))
        #expect(cell.terminalText == String(sent))
    }

    @Test func aContinuationCellSendsNothing() {
        #expect(Cell.continuation(style: .plain).terminalForm.isContinuation)
        #expect(DisplayWidth.wcwidth(0x1F1FA) == 1 && DisplayWidth.wcwidth(0x1F1F8) == 1)
    }

    @Test func theCanvasGivesAnEmojiWithASelectorOneColumn() {
        var canvas = Canvas(width: 8, height: 1)
        let end = canvas.draw("⚠️x🇺🇸y", x: 0, y: 0)
        #expect(end == 5)
        #expect(canvas[0, 0].grapheme == "⚠️")
        #expect(canvas[1, 0].grapheme == "x")
        #expect(canvas[2, 0].grapheme == "🇺" && canvas[3, 0].grapheme == "🇸")
        #expect(canvas[4, 0].grapheme == "y")
    }

    /// The canvas gives each piece its own cell, so the text reads back whole.
    @Test func theCanvasSpreadsAClusterOverTheColumnsTheTerminalGivesIt() {
        var canvas = Canvas(width: 14, height: 1)
        let end = canvas.draw("👨‍👩‍👧‍👦नमस्ते!", x: 0, y: 0)
        #expect(end == 13)
        #expect((0..<8).map { canvas[$0, 0].isContinuation } == [false, true, false, true, false, true, false, true])
        #expect(canvas[11, 0].grapheme == "ते" && canvas[12, 0].grapheme == "!")
        #expect(canvas.lines == ["👨‍👩‍👧‍👦नमस्ते!"])
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
