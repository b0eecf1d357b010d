import CNcurses
import OnboardKit
import Testing

@testable import OnboardTerminal

/// Graphemes where the canvas and ncurses could disagree about columns, slid across the real
/// ncurses screen one column at a time. After every frame each cell ncurses holds must be what
/// the canvas says: a disagreement leaves a stale character behind.
extension TerminalSessionTests {
    static let trickyText = [
        "⚠️", "❤️", "☺️", "1️⃣",  // emoji with a variation selector on a one-column character
        "🇺", "x", "🇺🇸", "🇺🇸🇩",  // a lone regional indicator, a flag, a flag and one more
        "👨‍👩‍👧", "👍🏽", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",  // ZWJ, skin tone, tags
        "日本", "e\u{301}", "日\u{301}", "\u{1100}\u{1161}\u{11A8}",  // CJK, marks, Hangul jamo
        "\u{AD}", "䷀", "🫨", "🫨\u{FE0F}", "a\u{200B}b",  // soft hyphen, hexagram, Unicode 15, ZWSP
        "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "👍🏿", "नमस्ते", "e" + String(repeating: "\u{301}\u{316}", count: 4),  // clusters
    ].joined(separator: " ")

    /// What ncurses should hold in each column of a row: the terminal form of the cell there,
    /// as much of it as an ncurses cell keeps, or "→" for the right half of a wide character.
    static func expectedRow(_ canvas: Canvas, y: Int) -> [String] {
        (0..<canvas.width).map { x in
            let cell = canvas[x, y]
            if cell.isContinuation { return "→" }
            let kept = cell.terminalForm.scalars.prefix(Int(tui_ccharw_max())).compactMap(Unicode.Scalar.init)
            return String(String.UnicodeScalarView(kept))
        }
    }

    /// What ncurses holds in each column of a row, read back with `mvwin_wch`.
    static func heldRow(_ session: TerminalSession, y: Int, width: Int) -> [String] {
        (0..<width).map { x in
            var cell = cchar_t()
            guard mvwin_wch(session.window, Int32(y), Int32(x), &cell) == tui_ok() else { return "?" }
            // ncurses marks the right half of a wide character in the low bits of `attr`.
            if cell.attr & 0xFF >= 2 { return "→" }
            return session.cellText(x: x, y: y)
        }
    }

    @Test func slidingTrickyGraphemesOneColumnAtATimeLeavesNoStaleCell() throws {
        try Self.withSession { session in
            let (width, height) = session.size
            let textWidth = DisplayWidth.of(Self.trickyText)
            var canvas = Canvas(width: width, height: height)
            // Left across the screen and out, then back in from the left.
            let offsets = Array(stride(from: width - 8, through: -textWidth, by: -1)) + Array(-textWidth...4)
            var mismatches: [String] = []
            for x in offsets {
                canvas.clear()
                canvas.draw(Self.trickyText, x: x, y: 1)
                // A second row under a clip: the same text cut by a moving window.
                canvas.draw(Self.trickyText, x: x, y: 2, clip: Rect(x: 3, y: 2, width: width - 6, height: 1))
                session.present(canvas)
                for y in 1...2 {
                    let expected = Self.expectedRow(canvas, y: y)
                    let held = Self.heldRow(session, y: y, width: width)
                    if expected != held, mismatches.count < 5 {
                        let columns = (0..<width).filter { expected[$0] != held[$0] }
                        mismatches.append(
                            "offset \(x), row \(y), columns \(columns): expected "
                                + "\(columns.map { expected[$0] }), ncurses holds \(columns.map { held[$0] })")
                    }
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        }
    }

    @Test func aPageSlideWithEmojiLeavesNoStaleCell() throws {
        try Self.withSession { session in
            let deck = Deck(
                app: AppInfo(id: "a", name: "Slide", version: "1"),
                pages: [
                    .step(StepPage(heading: "⚠️ Careful ❤️", text: "🇺 🇺🇸 👨‍👩‍👧 👍🏽 日本 e\u{301} ☺️")),
                    .step(StepPage(heading: "Next 🇯🇵", text: "⚠️⚠️⚠️ ❤️❤️ 🇺🇺🇺")),
                ])
            var app = OnboardingApp(deck: deck, colorMode: session.colorMode, width: 0, height: 0)
            _ = app.update(.resize(width: session.size.width, height: session.size.height))
            var canvas = Canvas(width: 0, height: 0)
            var frames = 0
            var mismatches: [String] = []
            for key in [Key.right, .left] {
                _ = app.update(.key(key))
                repeat {
                    _ = app.update(.tick(seconds: 1.0 / 60))
                    app.render(into: &canvas)
                    session.present(canvas)
                    frames += 1
                    for y in 0..<canvas.height
                    where Self.expectedRow(canvas, y: y) != Self.heldRow(session, y: y, width: canvas.width) {
                        if mismatches.count < 5 { mismatches.append("frame \(frames), row \(y)") }
                    }
                } while app.isAnimating && frames < 600
            }
            #expect(frames > 10)
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: ", "))")
        }
    }
}
