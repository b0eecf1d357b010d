import OnboardKit
import Testing

@testable import OnboardTerminal

/// The text of a bracketed paste, fed one character at a time as ncurses hands it over.
@Suite struct PasteCollectorTests {
    /// Feeds `characters`; returns the paste once its end marker completes, and what followed.
    static func collect(_ characters: String) -> (paste: String?, rest: String) {
        var collector = PasteCollector()
        var scalars = characters.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if collector.accept(scalar) { return (collector.finish(), String(String.UnicodeScalarView(scalars))) }
        }
        return (nil, "")
    }

    @Test(
        "text between the markers is kept as it came, and what follows the end marker is not the paste's",
        arguments: [
            ("wow\r\u{1B}[201~q", "wow\r", "q"),
            // Escapes that are not the end marker are data, even ones that begin like it.
            ("\u{1B}[A\u{1B}[20x\u{1B}\u{1B}[201~", "\u{1B}[A\u{1B}[20x\u{1B}", ""),
            ("a\u{1B}[2011~\u{1B}[201~", "a\u{1B}[2011~", ""),
            // A start marker inside a paste is dropped: pastes do not nest.
            ("a\u{1B}[200~b\u{1B}[201~c\u{1B}[201~", "ab", "c\u{1B}[201~"),
            ("\u{1B}[201~", "", ""),
        ])
    func markers(input: String, paste: String, rest: String) {
        let result = Self.collect(input)
        #expect(result.paste == paste)
        #expect(result.rest == rest)
    }

    @Test("without its end marker a paste never ends by itself")
    func unended() {
        #expect(Self.collect("wow\r1234\u{1B}[201").paste == nil)
    }

    @Test("a paste keeps at most the limit and drops the rest, and still ends at its end marker")
    func bounded() {
        var collector = PasteCollector()
        let length = Message.pasteLimit + 1000
        var endedEarly = false
        for index in 0..<length { endedEarly = endedEarly || collector.accept(index % 80 == 0 ? "\r" : "7") }
        for scalar in PasteCollector.endMarker.dropLast() { endedEarly = endedEarly || collector.accept(scalar) }
        #expect(!endedEarly)
        let ended = collector.accept(PasteCollector.endMarker.last!)
        #expect(ended)
        #expect(collector.droppedCount == 1000)
        let text = collector.finish()
        #expect(text.unicodeScalars.count == Message.pasteLimit)
    }

    @Test("a paste given up keeps what came, an unfinished marker included")
    func givenUp() {
        var collector = PasteCollector()
        for scalar in "ab\u{1B}[20".unicodeScalars { _ = collector.accept(scalar) }
        #expect(collector.finish() == "ab\u{1B}[20")
    }
}
