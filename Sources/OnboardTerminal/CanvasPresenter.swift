import CNcurses
import Glibc
import OnboardKit

/// Writes a canvas to the ncurses screen, touching only the cells that changed since the
/// previous frame, then flushes with one `doupdate()`.
final class CanvasPresenter {
    private let window: UnsafeMutablePointer<WINDOW>
    let palette: ColorPalette
    private var previous: Canvas?
    /// The terminal's stream, where what ncurses cannot send is written beside it, after its
    /// update, in one write: 24-bit colour, OSC 8 links, crowded cells, synchronized output.
    private let output: UnsafeMutablePointer<FILE>
    /// Whether OSC 8 hyperlinks are written; not where the terminal should not get them.
    private let writesHyperlinks: Bool
    /// Whether 24-bit colours are written beside ncurses (`TrueColorWriter`): only in
    /// truecolor mode without a direct-colour terminfo entry.
    private let writesTrueColor: Bool
    /// Whether the next update clears the screen and draws every cell from ncurses' own
    /// picture (after `invalidate`): then ncurses draws the 24-bit cells too, and they are
    /// written once more after it.
    private var isClearPending = false
    /// Whether each frame is bracketed as a synchronized update (DEC mode 2026): not until
    /// the terminal says it knows the mode.
    var isSynchronized = false
    /// How much of a frame's changes may go out at once, when the terminal reads slowly; nil
    /// sends every change at once.
    var budget: FrameBudget?
    /// The last canvas presented, whole (`previous` is what the terminal holds, which under a
    /// budget may be older in places).
    private var lastCanvas: Canvas?
    /// The estimated bytes of the last frame (`FrameBudget.estimatedBytes`), 0 when it wrote
    /// nothing: what a slow terminal's reading rate is measured in.
    private(set) var lastFrameBytes = 0
    /// Whether the budget held back part of the last frame's changes.
    private(set) var lastFrameHeldBack = false
    /// Draws the canvas's pictures with a graphics protocol; nil where pictures are cells.
    var pictures: PictureWriter?

    static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    static let endSynchronizedUpdate = "\u{1B}[?2026l"

    init(
        window: UnsafeMutablePointer<WINDOW>, palette: ColorPalette, output: UnsafeMutablePointer<FILE>,
        writesHyperlinks: Bool
    ) {
        self.window = window
        self.palette = palette
        self.output = output
        self.writesHyperlinks = writesHyperlinks
        // A direct-colour terminfo entry lets ncurses send 24-bit colour itself.
        writesTrueColor = palette.colorMode == .truecolor && !palette.isDirectColor
        if writesTrueColor {
            // Inserting or deleting characters would move what the terminal holds in the cells
            // ncurses is told are drawn already, before they are: ncurses rewrites instead.
            idcok(window, false)
        }
        // The window's blanks are the canvas's blank cell, in its pair: a frame written over a
        // blank screen then leaves the spaces between words alone without a change of colour.
        let blank = palette.look(for: Cell.blank.style)
        _ = tui_set_blank(window, blank.attributes, blank.pair)
    }

    /// Forgets the last frame so the next one is written whole (after a resize): the screen is
    /// erased, and the next frame writes every cell that is not blank.
    func invalidate() {
        removePictures()
        previous = nil
        lastCanvas = nil
        werase(window)
        clearok(window, true)
        isClearPending = true
    }

    /// Presents `canvas`; returns the number of cells written (0 when nothing changed).
    /// `answersInput` says the frame is the answer to a key, click or paste: under a `budget`
    /// the cells it changed since the last canvas go out whatever they cost.
    @discardableResult
    func present(_ canvas: Canvas, answersInput: Bool = false) -> Int {
        // Without a last frame the screen is blank (a new screen the session has cleared, or one
        // erased by invalidate): only the cells that are not blank need writing, a tenth of a
        // first page.
        var runs = previous.map { canvas.changes(from: $0) } ?? canvas.changesFromBlank()
        let last = previous
        var picture = canvas
        lastFrameHeldBack = false
        if budget != nil, let last {
            // Only part of the changes may go: the terminal will hold the last picture with
            // those parts of this one.
            let keyRuns = answersInput ? lastCanvas.map { canvas.changes(from: $0) } ?? runs : []
            let chosen = budget!.select(runs, keyRuns: keyRuns, height: canvas.height, trueColor: writesTrueColor)
            lastFrameHeldBack = chosen.count < runs.count
            if lastFrameHeldBack {
                runs = chosen
                picture = last
                picture.apply(runs)
            }
        }
        lastCanvas = canvas
        let linksNeedWriting =
            writesHyperlinks && !canvas.hyperlinks.isEmpty
            && (canvas.hyperlinks != last?.hyperlinks
                || runs.contains { run in canvas.hyperlinks.contains { $0.y == run.y } })
        if linksNeedWriting, picture != canvas {
            // The links are written with the canvas's text: the terminal then holds it there.
            picture.apply(canvas.hyperlinks.map { canvas.run(under: $0) })
            picture.replaceHyperlinks(with: canvas.hyperlinks)
        }
        previous = picture
        lastFrameBytes = 0
        let pictureChange = pictures?.change(to: canvas.pictures)
        guard !runs.isEmpty || pictureChange != nil else { return 0 }
        // Where a sixel or iTerm2 picture was, only text written over it takes it away: ncurses
        // writes those rows whole.
        for rect in pictureChange?.redrawn ?? [] { wredrawln(window, Int32(rect.y), Int32(rect.height)) }
        lastFrameBytes = runs.reduce(0) { $0 + FrameBudget.estimatedBytes(of: $1, trueColor: writesTrueColor) }
        let (written, crowded) = writeCells(runs, over: last)
        wnoutrefresh(window)
        // The cells with a 24-bit colour go out once, written beside ncurses below: ncurses is
        // told the terminal holds them already, so its update skips them and its picture of
        // the screen (the nearest of 256 colours) is what the terminal shows.
        if writesTrueColor, !isClearPending { markTrueColorCellsDrawn(runs) }
        isClearPending = false
        // The frame goes out in as few writes as can be, so a terminal that shows what it has
        // read so far is seldom seen half way: ncurses' update in one, and what is written
        // beside it (crowded cells, 24-bit colour, links, the end of a synchronized update) in
        // one more. (Inside a synchronized update the terminal shows nothing until its end.)
        if isSynchronized { Self.write(Array(Self.beginSynchronizedUpdate.utf8), to: output) }
        doupdate()
        var beside: [UInt8] = []
        if !crowded.isEmpty { appendCrowdedCells(crowded, to: &beside) }
        if writesTrueColor {
            let screen = tui_curscr()
            beside +=
                TrueColorWriter.repaint(
                    runs, cursor: (Int(getcurx(screen)), Int(getcury(screen))), width: Int(getmaxx(screen))
                ).utf8
        }
        if linksNeedWriting { beside += hyperlinkBytes(canvas).utf8 }
        if let pictureChange { beside += pictureChange.bytes }
        if isSynchronized { beside += Self.endSynchronizedUpdate.utf8 }
        if !beside.isEmpty { Self.write(beside, to: output) }
        return written
    }

    /// The estimated bytes (`FrameBudget.estimatedBytes`) of every cell of `canvas`, row by row.
    func estimatedBytes(ofWhole canvas: Canvas) -> Int {
        canvas.changes(from: nil).reduce(0) { $0 + FrameBudget.estimatedBytes(of: $1, trueColor: writesTrueColor) }
    }

    /// Hands the cells of `runs` to ncurses' window, over `last` (what the terminal holds);
    /// returns how many were written and those too crowded for an ncurses cell.
    private func writeCells(_ runs: [CellRun], over last: Canvas?) -> (written: Int, crowded: [CrowdedCell]) {
        var written = 0
        var text = [wchar_t](repeating: 0, count: Int(tui_ccharw_max()) + 1)
        // Neighbouring cells mostly share a style: the palette is asked once per change of
        // style, not (hashing the style) once per cell. A whole first frame is 2,000 cells.
        var lastStyle: Style?
        var look: ColorPalette.Look = (0, 0)
        var crowded: [CrowdedCell] = []
        let capacity = text.count - 1
        for run in runs {
            var column = run.x
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }
                if cell.style != lastStyle {
                    look = palette.look(for: cell.style)
                    lastStyle = cell.style
                }
                let form = cell.terminalForm
                write(form, x: column, y: run.y, look: look, text: &text)
                written += 1
                // ncurses keeps the first `capacity` scalars of a cell. The rest go out beside it;
                // a cell that had more than it holds is written whole too, or ncurses, seeing its
                // own shorter copy unchanged, would leave the terminal's extra marks behind.
                // Scalars fill a cell from the first, so one read at `capacity` says whether it
                // holds more; the previous cell's terminal form is worked out only then.
                if Self.holdsMore(form, than: capacity)
                    || last.map({
                        Self.holdsMore($0[column, run.y], than: capacity)
                            && Self.holdsMore($0[column, run.y].terminalForm, than: capacity)
                    }) == true
                {
                    crowded.append(CrowdedCell(x: column, y: run.y, cell: form, look: look))
                }
            }
        }
        return (written, crowded)
    }

    /// Makes the canvas's links clickable: ncurses cannot send OSC 8, so the linked text is
    /// written once more, the same characters in the same place, between the OSC 8 brackets.
    /// ncurses leaves the terminal in normal attributes after an update, and the linked text
    /// is plain, so its picture of the screen stays true; the cursor goes back where it was.
    private func hyperlinkBytes(_ canvas: Canvas) -> String {
        var bytes = ""
        for link in canvas.hyperlinks {
            var label = ""
            for column in link.x..<(link.x + link.width) where !canvas[column, link.y].isContinuation {
                let cell = canvas[column, link.y]
                label += cell.terminalText
            }
            bytes += "\u{1B}[\(link.y + 1);\(link.x + 1)H\u{1B}]8;;\(link.url)\u{1B}\\\(label)\u{1B}]8;;\u{1B}\\"
        }
        let screen = tui_curscr()
        bytes += "\u{1B}[\(getcury(screen) + 1);\(getcurx(screen) + 1)H"
        return bytes
    }

    /// Copies the changed cells that have a 24-bit colour from ncurses' next picture into its
    /// picture of the terminal, so that its update leaves them to `TrueColorWriter`.
    private func markTrueColorCellsDrawn(_ runs: [CellRun]) {
        for run in runs {
            var column = run.x
            for cell in run.cells {
                defer { column += 1 }
                if !cell.isContinuation, TrueColorWriter.needsTrueColor(cell) {
                    _ = tui_mark_cell_drawn(Int32(run.y), Int32(column))
                }
            }
        }
    }

    /// One cell whose terminal form is longer than an ncurses cell holds, or was.
    private struct CrowdedCell {
        var x: Int
        var y: Int
        var cell: Cell
        var look: ColorPalette.Look
    }

    /// Writes cells ncurses could not hold whole (a base with more than four marks, an emoji with
    /// a tag sequence) once more, every scalar, in their place and attributes, after ncurses'
    /// update: the terminal then holds what the canvas says, and ncurses keeps its own shorter
    /// copy, which only this presenter changes. The attributes go out through ncurses' own
    /// terminfo strings (`vid_puts`), ending in normal ones as every ncurses update does; the
    /// cursor goes back where ncurses left it.
    private func appendCrowdedCells(_ cells: [CrowdedCell], to bytes: inout [UInt8]) {
        for crowded in cells {
            bytes += "\u{1B}[\(crowded.y + 1);\(crowded.x + 1)H".utf8
            Self.appendAttributes(crowded.look.attributes, pair: crowded.look.pair, to: &bytes)
            bytes += crowded.cell.terminalText.utf8
        }
        Self.appendAttributes(tui_attr_normal(), pair: 0, to: &bytes)
        let screen = tui_curscr()
        bytes += "\u{1B}[\(getcury(screen) + 1);\(getcurx(screen) + 1)H".utf8
    }

    /// Appends the terminfo sequences for `attributes` in `pair`, as ncurses sends them.
    private static func appendAttributes(_ attributes: attr_t, pair: Int32, to bytes: inout [UInt8]) {
        // An attribute change is a few dozen bytes; 256 holds any terminfo entry's.
        var sequence = [CChar](repeating: 0, count: 256)
        let count = tui_attribute_bytes(attributes, pair, &sequence, sequence.count)
        bytes += sequence[0..<count].map { UInt8(bitPattern: $0) }
    }

    /// Takes the pictures away before the terminal is handed back (kitty keeps them otherwise),
    /// or the screen is erased.
    func removePictures() {
        if let bytes = pictures?.reset(), !bytes.isEmpty { Self.write(bytes, to: output) }
    }

    /// Writes `bytes` to the terminal in one write (more only if the terminal takes part):
    /// whatever the stream still holds goes first, so the order stays the one of the calls.
    private static func write(_ bytes: [UInt8], to output: UnsafeMutablePointer<FILE>) {
        fflush(output)
        let descriptor = fileno(output)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                // A terminal shared with a process that made it non-blocking: wait for room.
                var room = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&room, 1, -1)
            } else {
                // A terminal that is gone: the next read ends the session, as ncurses' own
                // writes do.
                return
            }
        }
    }

    /// Whether `cell` holds more than `count` scalars.
    private static func holdsMore(_ cell: Cell, than count: Int) -> Bool { cell.scalar(at: count) != 0 }

    /// Hands one cell's terminal form to ncurses: one spacing character and the zero-width ones
    /// after it, as many as an ncurses cell holds (`CCHARW_MAX`).
    private func write(_ form: Cell, x: Int, y: Int, look: ColorPalette.Look, text: inout [wchar_t]) {
        let count = min(form.scalarCount, text.count - 1)
        for index in 0..<count { text[index] = wchar_t(bitPattern: form.scalar(at: index)) }
        text[count] = 0
        _ = tui_put_cell(window, Int32(y), Int32(x), text, look.attributes, look.pair)
    }
}
