import CNcurses
import OnboardKit
import Testing

@testable import OnboardTerminal

@Suite struct InputDecoderTests {
    @Test(arguments: [
        (UInt32(3), Key.control("c")),
        (13, .enter),
        (10, .enter),
        (27, .escape),
        (127, .backspace),
        (8, .backspace),
        (9, .tab),
        (1, .control("a")),
        (UInt32(Character("q").asciiValue!), .character("q")),
        (0x65E5, .character("日")),
    ])
    func charactersDecode(value: UInt32, expected: Key) {
        #expect(InputDecoder.decodeCharacter(value) == .key(expected))
    }

    @Test(arguments: [
        (KEY_LEFT, Key.left), (KEY_RIGHT, .right), (KEY_UP, .up), (KEY_DOWN, .down), (KEY_HOME, .home),
        (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_BACKSPACE, .backspace),
        (KEY_ENTER, .enter), (KEY_BTAB, .backTab), (KEY_F0 + 1, .function(1)),
    ])
    func functionKeysDecode(code: Int32, expected: Key) {
        #expect(InputDecoder.decodeKeyCode(code) == .key(expected))
    }

    @Test func resizeIsItsOwnInput() {
        #expect(InputDecoder.decodeKeyCode(tui_key_resize()) == .resize)
    }
}

@Suite struct TerminalAnswerDecodingTests {
    @Test(arguments: [
        ("]11;rgb:ffff/ffff/ffff", InputDecoder.Input.backgroundColor(.rgb(255, 255, 255))),
        ("]11;rgb:0000/0000/0000", .backgroundColor(.rgb(0, 0, 0))),
        ("]11;rgb:1e1e/1e1e/2e2e", .backgroundColor(.rgb(30, 30, 46))),
        ("]11;rgb:f/8/0", .backgroundColor(.rgb(255, 136, 0))),
        ("]11;rgb:fd/f6/e3", .backgroundColor(.rgb(253, 246, 227))),
        ("]11;rgba:ffff/ffff/ffff/ffff", .backgroundColor(.rgb(255, 255, 255))),
        ("[?2026;1$y", .synchronizedOutput(isSupported: true)),
        ("[?2026;2$y", .synchronizedOutput(isSupported: true)),
        ("[?2026;0$y", .synchronizedOutput(isSupported: false)),
        ("[?2026;4$y", .synchronizedOutput(isSupported: false)),
        ("[?62;22c", .deviceAttributes),
        ("[?1;2c", .deviceAttributes),
    ])
    func answersDecode(body: String, expected: InputDecoder.Input) {
        #expect(InputDecoder.decodeAnswer(body) == expected)
    }

    @Test(arguments: [
        "]11;rgb:ffff/ffff", "]11;?", "]11;rgb:gggg/0/0", "]11;rgb:12345/0/0", "]10;rgb:ffff/ffff/ffff",
        "[?25;1$y", "[?2026$y", "[A", "[1;5C", "OH", "]11;#ffffff",
    ])
    func otherSequencesAreNoAnswers(body: String) {
        #expect(InputDecoder.decodeAnswer(body) == nil)
    }
}
