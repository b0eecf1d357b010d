import CNcurses
import OnboardKit

/// Writes a canvas to the ncurses screen, touching only the cells that changed since the
/// previous frame, then flushes with one `doupdate()`.
final class CanvasPresenter {
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: ColorPalette
    private var previous: Canvas?
    private var text = [wchar_t](repeating: 0, count: Int(tui_ccharw_max()) + 1)

    init(window: UnsafeMutablePointer<WINDOW>, palette: ColorPalette) {
        self.window = window
        self.palette = palette
    }

    /// Forgets the last frame so the next one is written whole (after a resize).
    func invalidate() {
        previous = nil
        clearok(window, true)
    }

    /// Presents `canvas`; returns the number of cells written (0 when nothing changed).
    @discardableResult
    func present(_ canvas: Canvas) -> Int {
        let runs = canvas.changes(from: previous)
        previous = canvas
        guard !runs.isEmpty else { return 0 }
        var written = 0
        for run in runs {
            var column = run.x
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }
                write(cell, x: column, y: run.y)
                written += 1
            }
        }
        wnoutrefresh(window)
        doupdate()
        return written
    }

    private func write(_ cell: Cell, x: Int, y: Int) {
        let scalars = cell.scalars
        let attributes = palette.attributes(for: cell.style)
        let pair = palette.pair(for: cell.style)
        // A flag is two regional indicators, each one column to ncurses: written side by side,
        // the terminal joins them into the flag the canvas gave two columns.
        if CanvasPresenter.isRegionalIndicator(scalars[0]) && CanvasPresenter.isRegionalIndicator(scalars[1]) {
            for (offset, value) in [scalars[0], scalars[1]].enumerated() {
                text[0] = wchar_t(bitPattern: value)
                text[1] = 0
                _ = tui_put_cell(window, Int32(y), Int32(x + offset), text, attributes, pair)
            }
            return
        }
        // One cell holds one spacing character and the marks on it. ncurses cannot join an
        // emoji sequence (ZWJ, skin tones), so its first emoji stands for it, whole and without a
        // dangling joiner.
        let limit = text.count - 1
        text[0] = wchar_t(bitPattern: scalars[0])
        var count = 1
        while count < limit, count < Cell.maximumScalars, CanvasPresenter.isMark(scalars[count]) {
            text[count] = wchar_t(bitPattern: scalars[count])
            count += 1
        }
        text[count] = 0
        _ = tui_put_cell(window, Int32(y), Int32(x), text, attributes, pair)
    }

    static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// A scalar that sits on the character before it: combining marks and variation selectors.
    static func isMark(_ value: UInt32) -> Bool {
        guard value != 0, value != 0x200D, let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
        }
    }
}
