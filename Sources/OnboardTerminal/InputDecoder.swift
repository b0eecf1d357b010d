import CNcurses
import OnboardKit

/// Turns what `wget_wch` returns into core keys and mouse events.
enum InputDecoder {
    enum Input: Equatable {
        case key(Key)
        case mouse(MouseEvent)
        case resize
        /// The terminal's answer to a device attributes question (`ESC [ ? … c`): it has read
        /// everything written before the question.
        case deviceAttributes
        /// The terminal's background colour, its answer to OSC 11
        /// (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`, ended by BEL or ST).
        case backgroundColor(Color)
        /// Whether the terminal knows synchronized output (DEC mode 2026), its answer to
        /// DECRQM (`ESC [ ? 2026 ; Ps $ y`: Ps 1 or 2 is yes).
        case synchronizedOutput(isSupported: Bool)
        /// A bracketed paste, whole (`PasteCollector`): text, never keys.
        case paste(String)
        /// Part of a long paste was read and more follows: the loop may look at signals.
        case partialPaste
    }

    /// Decodes the answer to a question the app asked: `body` is what followed the Esc, up to
    /// the final byte (CSI) or without the terminator (OSC). Nil for any other sequence.
    static func decodeAnswer(_ body: String) -> Input? {
        if body.hasPrefix("[?") {
            let parameters = body.dropFirst(2)
            if parameters.hasSuffix("c"), parameters.dropLast().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") })
            {
                return .deviceAttributes
            }
            if parameters.hasSuffix("$y") {
                let fields = parameters.dropLast(2).split(separator: ";")
                guard fields.count == 2, fields[0] == "2026", let state = Int(fields[1]) else { return nil }
                return .synchronizedOutput(isSupported: state == 1 || state == 2)
            }
            return nil
        }
        if body.hasPrefix("]11;") { return decodeColor(body.dropFirst(4)).map { .backgroundColor($0) } }
        return nil
    }

    /// An X11 colour as terminals report it: `rgb:` then three groups of 1 to 4 hex digits,
    /// each a fraction of its largest value (`rgb:ffff/8000/0` is orange); `rgba:` too.
    static func decodeColor(_ text: Substring) -> Color? {
        let components: Substring
        if text.hasPrefix("rgb:") {
            components = text.dropFirst(4)
        } else if text.hasPrefix("rgba:") {
            components = text.dropFirst(5)
        } else {
            return nil
        }
        let groups = components.split(separator: "/", omittingEmptySubsequences: false)
        guard groups.count == 3 || groups.count == 4 else { return nil }
        var values: [UInt8] = []
        for group in groups.prefix(3) {
            guard (1...4).contains(group.count), let value = UInt32(group, radix: 16) else { return nil }
            let largest = Double((1 << (4 * group.count)) - 1)
            values.append(UInt8((Double(value) / largest * 255).rounded()))
        }
        return .rgb(values[0], values[1], values[2])
    }

    static func decode(status: Int32, value: UInt32) -> Input? {
        if status == tui_key_code_yes() { return decodeKeyCode(Int32(bitPattern: value)) }
        return decodeCharacter(value)
    }

    static func decodeCharacter(_ value: UInt32) -> Input? {
        switch value {
        case 3: return .key(.control("c"))
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 1...26:
            return .key(.control(Character(Unicode.Scalar(value + 96)!)))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    static func decodeKeyCode(_ code: Int32) -> Input? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case tui_key_resize(): return .resize
        case tui_key_mouse(): return decodeMouse()
        case (KEY_F0 + 1)...(KEY_F0 + 24): return .key(.function(Int(code - KEY_F0)))
        default: return nil
        }
    }

    private static func decodeMouse() -> Input? {
        var event = MEVENT()
        guard getmouse(&event) == tui_ok() else { return nil }
        let state = event.bstate
        let x = Int(event.x)
        let y = Int(event.y)
        if state & tui_button4_pressed() != 0 { return .mouse(MouseEvent(.wheelUp, x: x, y: y)) }
        if state & tui_button5_pressed() != 0 { return .mouse(MouseEvent(.wheelDown, x: x, y: y)) }
        if state & tui_button1_pressed() != 0 { return .mouse(MouseEvent(.press, x: x, y: y)) }
        if state & tui_button1_released() != 0 { return .mouse(MouseEvent(.release, x: x, y: y)) }
        if state & tui_button1_clicked() != 0 { return .mouse(MouseEvent(.click, x: x, y: y)) }
        if state & tui_report_mouse_position() != 0 { return .mouse(MouseEvent(.drag, x: x, y: y)) }
        return nil
    }
}
