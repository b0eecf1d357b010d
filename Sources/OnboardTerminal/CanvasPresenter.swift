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
        let limit = text.count - 1
        var count = 0
        while count < limit && cell.scalars[count] != 0 {
            text[count] = wchar_t(bitPattern: cell.scalars[count])
            count += 1
        }
        text[count] = 0
        _ = tui_put_cell(window, Int32(y), Int32(x), text, palette.attributes(for: cell.style), palette.pair(for: cell.style))
    }
}
