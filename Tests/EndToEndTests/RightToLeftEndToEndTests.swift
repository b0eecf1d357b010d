import Foundation
import Testing

/// Hebrew and Arabic in a real terminal: tmux shows the cells as written, so what it captures
/// is the visual order the app put there; the terminal is asked not to reorder (BDSM reset,
/// `CSI 8 l`) before the first frame and given its own ordering back (`CSI 8 h`) on the way
/// out; direction marks in the deck never reach it.
@Suite("Right-to-left text in a terminal")
struct RightToLeftEndToEndTests {
    static let deck = """
        {
          "app": {"id": "com.example.rtl", "name": "Demo App"},
          "labels": {"next": "הבא", "back": "הקודם", "skip": "דלג", "done": "סיום"},
          "pages": [
            {"kind": "step", "heading": "ברוכים הבאים ל-Demo App", "text": "המחיר \\u202a9.99 US$\\u202c לחודש\\u200f"},
            {"kind": "step", "heading": "مَرْحَبًا", "text": "نص عربي"}
          ]
        }
        """

    @Test("visual order on screen, mirrored under --lang he, and CSI 8 l before the frames, CSI 8 h at the end")
    func hebrewInVisualOrderAndTheTerminalsOrderingHandedBack() throws {
        let terminal = try TmuxTerminal(deck: Self.deck, arguments: ["--lang", "he", "--reduce-motion"])
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        let screen = terminal.waitForText("Demo App-ל םיאבה םיכורב")
        #expect(screen != nil, "the heading never appeared in visual order:\n\(terminal.screen())")
        // The LRE…PDF keeps "9.99 US$" whole and in its order; the marks take no cell.
        #expect(screen?.contains("שדוחל 9.99 US$ ריחמה") == true, "\(terminal.screen())")
        // Mirrored: Next at the left pointing left, Skip at the left of the top bar.
        #expect(screen?.row(23).hasPrefix("  < אבה") == true, "\(terminal.screen())")
        #expect(screen?.row(0).hasPrefix("  גלד") == true, "\(terminal.screen())")
        // Left turns to the next page under a right-to-left language.
        try terminal.sendKeys("Left")
        #expect(terminal.waitForText("ﻲﺑﺮﻋ ﺺﻧ") != nil, "Left did not turn to the Arabic page:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        let output = terminal.recordedOutput()
        let text = String(decoding: output, as: UTF8.self)
        let explicit = try #require(
            text.range(of: "\u{1B}[8l"), "the terminal was never asked to leave the order alone")
        let implicit = try #require(
            text.range(of: "\u{1B}[8h", options: .backwards), "the terminal's own ordering was never handed back")
        let heading = try #require(text.range(of: "םיכורב"), "the heading was not written in visual order")
        #expect(explicit.upperBound <= heading.lowerBound, "CSI 8 l came after the first frame")
        #expect(heading.upperBound <= implicit.lowerBound, "CSI 8 h came before the last frame")
        for mark in ["\u{202A}", "\u{202C}", "\u{200F}"] {
            #expect(!text.contains(mark), "\(mark.unicodeScalars.first!.value) reached the terminal")
        }
    }
}
