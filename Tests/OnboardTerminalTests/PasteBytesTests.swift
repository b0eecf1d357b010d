import Testing

@testable import OnboardTerminal

/// A paste's bytes, read a block at a time, become the scalars `PasteCollector` takes.
@Suite struct PasteBytesTests {
    /// Feeds `parts` one after another; returns the paste and the bytes after its end marker.
    static func feed(_ parts: [[UInt8]]) -> (paste: String, rest: [UInt8]?) {
        var bytes = PasteBytes()
        var collector = PasteCollector()
        for part in parts {
            if let rest = bytes.feed(part[...], to: &collector) { return (collector.finish(), rest) }
        }
        bytes.finish(into: &collector)
        return (collector.finish(), nil)
    }

    @Test func aTextCutAtEveryByteReadsTheSame() {
        let text = "aé日🙂\r\u{1B}[A z"
        let bytes = Array((text + "\u{1B}[201~").utf8)
        for cut in 0...bytes.count {
            let result = Self.feed([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(result.paste == text, "cut at \(cut)")
            #expect(result.rest == [], "cut at \(cut)")
        }
    }

    @Test func whatFollowsTheEndMarkerIsGivenBackAsBytes() {
        let result = Self.feed([Array("ab\u{1B}[201~q日\u{1B}".utf8)])
        #expect(result.paste == "ab")
        #expect(result.rest == Array("q日\u{1B}".utf8))
    }

    @Test(
        arguments: [
            ([0xFF, 0x61], "\u{FFFD}a"),
            // A stray continuation byte, an overlong slash, a surrogate, a lead cut by a letter.
            ([0x80, 0x61], "\u{FFFD}a"),
            ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xE6, 0x61, 0x62], "\u{FFFD}ab"),
        ] as [([UInt8], String)])
    func bytesThatAreNotUTF8ReadAsReplacements(bytes: [UInt8], text: String) {
        #expect(Self.feed([bytes + Array("\u{1B}[201~".utf8)]).paste == text)
    }

    @Test func aCharacterCutByTheEndOfThePasteReadsAsAReplacement() {
        let result = Self.feed([[0x61, 0xF0, 0x9F]])
        #expect(result.paste == "a\u{FFFD}" && result.rest == nil)
    }
}
