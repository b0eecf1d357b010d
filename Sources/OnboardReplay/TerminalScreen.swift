import CVTerm
import OnboardKit

/// A terminal emulator's screen (libvterm's, as xterm behaves: UTF-8, 256 colours and RGB, an
/// alternate screen) that takes the bytes a program wrote and is read back as a `Canvas`, so
/// that the pictures' own writers draw what a recording shows.
public final class TerminalScreen {
    private let terminal: OpaquePointer
    public private(set) var width: Int
    public private(set) var height: Int

    /// A blank screen of `width` x `height`; nil when there is no memory for it.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, let terminal = tui_vterm_new(Int32(height), Int32(width)) else { return nil }
        self.terminal = terminal
        self.width = width
        self.height = height
    }

    deinit { vterm_free(terminal) }

    /// Text written to the terminal: characters, escape sequences and all.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                guard let start = characters.baseAddress else { return }
                _ = vterm_input_write(terminal, start, characters.count)
            }
        }
    }

    /// The window took a new size: the screen keeps what fits, as a terminal does.
    public func resize(width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        vterm_set_size(terminal, Int32(height), Int32(width))
        self.width = width
        self.height = height
    }

    /// What the screen shows now, cell by cell.
    public func canvas() -> Canvas {
        var canvas = Canvas(width: width, height: height)
        var cell = tui_vterm_cell()
        for row in 0..<height {
            for column in 0..<width where tui_vterm_read_cell(terminal, Int32(row), Int32(column), &cell) != 0 {
                canvas.setCell(x: column, y: row, Self.cell(cell))
            }
        }
        return canvas
    }

    /// A cell as the canvas holds it: the character and its marks (a blank for an empty cell,
    /// the continuation for a wide character's right half) in its colours and attributes.
    static func cell(_ cell: tui_vterm_cell) -> Cell {
        let style = Style(
            foreground: color(kind: cell.foreground_kind, rgb: cell.foreground, index: cell.foreground_index),
            background: color(kind: cell.background_kind, rgb: cell.background, index: cell.background_index),
            isBold: cell.bold != 0, isReverse: cell.reverse != 0, isUnderline: cell.underline != 0,
            isItalic: cell.italic != 0)
        let scalars = withUnsafeBytes(of: cell.chars) { Array($0.bindMemory(to: UInt32.self).prefix { $0 != 0 }) }
        guard let first = scalars.first else { return Cell(grapheme: " ", style: style) }
        if first == UInt32.max { return Cell.continuation(style: style) }
        return Cell(scalars: scalars, style: style)
    }

    private static func color(kind: Int32, rgb: (UInt8, UInt8, UInt8), index: UInt8) -> Color {
        switch kind {
        case TUI_VTERM_INDEXED: return .indexed(index)
        case TUI_VTERM_RGB: return .rgb(rgb.0, rgb.1, rgb.2)
        default: return .terminalDefault
        }
    }
}
