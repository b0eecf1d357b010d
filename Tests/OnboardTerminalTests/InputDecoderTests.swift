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
