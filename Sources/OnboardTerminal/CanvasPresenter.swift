import CNcurses
import OnboardKit

/// Writes a canvas to the ncurses screen, touching only the cells that changed since the
/// previous frame, then flushes with one `doupdate()`.
final class CanvasPresenter {
    private let window: UnsafeMutablePointer<WINDOW>
    let palette: ColorPalette
    private var previous: Canvas?
    /// Where OSC 8 hyperlinks are written; nil when the terminal should not get them.
    private let hyperlinkOutput: UnsafeMutablePointer<FILE>?
    /// Where 24-bit colours are written beside ncurses (`TrueColorWriter`); nil unless the
    /// colour mode is truecolor.
    private let trueColorOutput: UnsafeMutablePointer<FILE>?
    /// Where the brackets of synchronized output (DEC mode 2026) are written around each
    /// frame; nil until the terminal says it knows the mode.
    var synchronizedOutput: UnsafeMutablePointer<FILE>?

    static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    static let endSynchronizedUpdate = "\u{1B}[?2026l"

    init(
        window: UnsafeMutablePointer<WINDOW>, palette: ColorPalette, hyperlinkOutput: UnsafeMutablePointer<FILE>? = nil,
        trueColorOutput: UnsafeMutablePointer<FILE>? = nil
    ) {
        self.window = window
        self.palette = palette
        self.hyperlinkOutput = hyperlinkOutput
        // A direct-colour terminfo entry lets ncurses send 24-bit colour itself.
        self.trueColorOutput = palette.colorMode == .truecolor && !palette.isDirectColor ? trueColorOutput : nil
        // The window's blanks are the canvas's blank cell, in its pair: a frame written over a
        // blank screen then leaves the spaces between words alone without a change of colour.
        let blank = palette.look(for: Cell.blank.style)
        _ = tui_set_blank(window, blank.attributes, blank.pair)
    }

    /// Forgets the last frame so the next one is written whole (after a resize): the screen is
    /// erased, and the next frame writes every cell that is not blank.
    func invalidate() {
        previous = nil
        werase(window)
        clearok(window, true)
    }

    /// Presents `canvas`; returns the number of cells written (0 when nothing changed).
    @discardableResult
    func present(_ canvas: Canvas) -> Int {
        // Without a last frame the screen is blank (a new screen the session has cleared, or one
        // erased by invalidate): only the cells that are not blank need writing, a tenth of a
        // first page.
        let runs = previous.map { canvas.changes(from: $0) } ?? canvas.changesFromBlank()
        let linksNeedWriting =
            !canvas.hyperlinks.isEmpty
            && (canvas.hyperlinks != previous?.hyperlinks
                || runs.contains { run in canvas.hyperlinks.contains { $0.y == run.y } })
        previous = canvas
        guard !runs.isEmpty else { return 0 }
        var written = 0
        var text = [wchar_t](repeating: 0, count: Int(tui_ccharw_max()) + 1)
        // Neighbouring cells mostly share a style: the palette is asked once per change of
        // style, not (hashing the style) once per cell. A whole first frame is 2,000 cells.
        var lastStyle: Style?
        var look: ColorPalette.Look = (0, 0)
        for run in runs {
            var column = run.x
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }
                if cell.style != lastStyle {
                    look = palette.look(for: cell.style)
                    lastStyle = cell.style
                }
                write(cell, x: column, y: run.y, look: look, text: &text)
                written += 1
            }
        }
        wnoutrefresh(window)
        // ncurses writes its update on its own; the bracket goes out before it, flushed.
        if let output = synchronizedOutput {
            fputs(Self.beginSynchronizedUpdate, output)
            fflush(output)
        }
        doupdate()
        // Closed after everything written beside ncurses too (24-bit colour, links).
        defer {
            if let output = synchronizedOutput {
                fputs(Self.endSynchronizedUpdate, output)
                fflush(output)
            }
        }
        if let output = trueColorOutput {
            let screen = tui_curscr()
            let bytes = TrueColorWriter.repaint(runs, cursor: (Int(getcurx(screen)), Int(getcury(screen))))
            if !bytes.isEmpty {
                fputs(bytes, output)
                fflush(output)
            }
        }
        if linksNeedWriting, let output = hyperlinkOutput { writeHyperlinks(canvas, to: output) }
        return written
    }

    /// Makes the canvas's links clickable: ncurses cannot send OSC 8, so the linked text is
    /// written once more, the same characters in the same place, between the OSC 8 brackets.
    /// ncurses leaves the terminal in normal attributes after an update, and the linked text
    /// is plain, so its picture of the screen stays true; the cursor goes back where it was.
    private func writeHyperlinks(_ canvas: Canvas, to output: UnsafeMutablePointer<FILE>) {
        var bytes = ""
        for link in canvas.hyperlinks {
            var label = ""
            for column in link.x..<(link.x + link.width) where !canvas[column, link.y].isContinuation {
                let cell = canvas[column, link.y]
                label.append(cell.isFlag ? cell.grapheme : cell.terminalForm.grapheme)
            }
            bytes += "\u{1B}[\(link.y + 1);\(link.x + 1)H\u{1B}]8;;\(link.url)\u{1B}\\\(label)\u{1B}]8;;\u{1B}\\"
        }
        let screen = tui_curscr()
        bytes += "\u{1B}[\(getcury(screen) + 1);\(getcurx(screen) + 1)H"
        fputs(bytes, output)
        fflush(output)
    }

    private func write(_ cell: Cell, x: Int, y: Int, look: ColorPalette.Look, text: inout [wchar_t]) {
        let scalars = cell.scalars
        let (attributes, pair) = look
        // A flag is two regional indicators, each one column to ncurses: written side by side,
        // the terminal joins them into the flag the canvas gave two columns.
        if cell.isFlag {
            for (offset, value) in [scalars[0], scalars[1]].enumerated() {
                text[0] = wchar_t(bitPattern: value)
                text[1] = 0
                _ = tui_put_cell(window, Int32(y), Int32(x + offset), text, attributes, pair)
            }
            return
        }
        // One cell holds one spacing character and the marks on it, and takes the columns of
        // that character, as the canvas counted them. ncurses cannot join an emoji sequence (ZWJ,
        // skin tones), so its first emoji stands for it, whole and without a dangling joiner.
        let form = cell.terminalForm.scalars
        var count = 0
        while count < text.count - 1, count < Cell.maximumScalars, form[count] != 0 {
            text[count] = wchar_t(bitPattern: form[count])
            count += 1
        }
        text[count] = 0
        _ = tui_put_cell(window, Int32(y), Int32(x), text, attributes, pair)
    }
}
