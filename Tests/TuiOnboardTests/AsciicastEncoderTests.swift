import Foundation
import Testing

@testable import tui_onboard

/// The lines of a recording: valid JSON whatever the bytes, characters split between writes kept whole.
@Suite struct AsciicastEncoderTests {
    /// The text of an output event line, read back by Foundation's JSON parser.
    static func text(of line: String?) throws -> String {
        let line = try #require(line)
        #expect(line.hasSuffix("]\n"))
        let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
        #expect(event[1] as? String == "o")
        return try #require(event[2] as? String)
    }

    @Test func theHeaderIsOneJSONObjectWithTheSizeTimeAndEnvironment() throws {
        let header = AsciicastEncoder.header(
            width: 80, height: 24, timestamp: 1_800_000_000,
            environment: ["TERM": "xterm-256color", "SHELL": "/bin/bash", "HOME": "/root"])
        #expect(
            header
                == "{\"version\": 2, \"width\": 80, \"height\": 24, \"timestamp\": 1800000000, \"env\": {\"SHELL\": \"/bin/bash\", \"TERM\": \"xterm-256color\"}}\n"
        )
    }

    /// DEL too, as every JSON tui-onboard writes escapes it (`JSONString`).
    @Test func controlCharactersQuotesAndBackslashesAreEscaped() throws {
        var encoder = AsciicastEncoder()
        let bytes = Array("\u{1B}[1;31m\"a\\b\"\r\n\t\u{7}\u{0}\u{7F}é".utf8)
        let event = encoder.output(bytes, at: 1.5)
        let line = try #require(event)
        #expect(line.hasPrefix("[1.500000, \"o\", \"\\u001b[1;31m\\\"a\\\\b\\\"\\r\\n\\t\\u0007\\u0000\\u007fé\"]"))
        #expect(try Self.text(of: line) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: Array(1..<10))
    func aCharacterSplitBetweenWritesStaysWhole(cut: Int) throws {
        // "a€😀" is 1 + 3 + 4 bytes plus a trailing "b": every cut point between two writes.
        let bytes = Array("a€😀b".utf8)
        var encoder = AsciicastEncoder()
        let first = encoder.output(bytes[..<cut], at: 0)
        let second = encoder.output(bytes[cut...], at: 1)
        let texts = try [first, second].compactMap { $0 }.map { try Self.text(of: $0) }
        #expect(texts.joined() == "a€😀b")
        #expect(!texts.joined().contains("\u{FFFD}"))
        let rest = encoder.flush(at: 2)
        #expect(rest == nil)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() throws {
        var encoder = AsciicastEncoder()
        let line = encoder.output([0x61, 0xFF, 0xC0, 0x80, 0x62], at: 0)
        #expect(try Self.text(of: line) == "a\u{FFFD}\u{FFFD}\u{FFFD}b")
        // A character never completed is written at the end, replaced.
        let held = encoder.output([0xE2, 0x82], at: 1)
        #expect(held == nil)
        let flushed = encoder.flush(at: 2)
        #expect(try Self.text(of: flushed) == "\u{FFFD}")
    }

    @Test func aResizeIsWidthByHeight() {
        #expect(AsciicastEncoder.resize(width: 70, height: 20, at: 0.25) == "[0.250000, \"r\", \"70x20\"]\n")
    }
}
