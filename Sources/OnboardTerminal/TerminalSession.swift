import CNcurses
import FoundationEssentials
import Glibc
import OnboardKit

/// An ncurses screen in raw mode on the alternate screen, with the cursor hidden. `stop()`
/// puts the terminal back exactly as it was; call it on every path out.
public final class TerminalSession {
    public let colorMode: ColorMode
    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let presenter: CanvasPresenter
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    let tracksDrags: Bool
    /// A system console (`linux`, `cons25`): asked nothing but device attributes.
    let isConsole: Bool
    var isStopped = false
    /// Whether ncurses knows the extra key spellings yet (`prepareKeys`).
    var keysPrepared = false
    /// Device attributes questions the terminal has not answered yet.
    var unansweredQueries = 0
    /// Whether the terminal has ever answered a question, and when the first one went out.
    var hasAnswered = false
    var firstAskedAt: Double?
    /// True between `suspend()` and `resume()`: the terminal is the shell's.
    public internal(set) var isSuspended = false
    /// Whether the background colour question (OSC 11) and the synchronized output question
    /// (DECRQM) wait for their answer. One answer each is taken, and only then: the same
    /// bytes at any other time are the user's typing (or a paste), not the terminal speaking.
    var awaitsBackgroundColor = false
    var awaitsSynchronizedOutput = false
    /// The paste being read, from its start marker to its end marker.
    var paste: PasteCollector?
    /// Set while a paste is read straight from the descriptor, block by block: every paste,
    /// unless ncurses may still hold input of its own (`ncursesMayHoldInput`).
    var pasteBytes: PasteBytes?
    /// Whether input was given back to ncurses (`unget_wch`) that it may not have handed out
    /// again yet. Reading around ncurses then would put that input after what comes next, so a
    /// paste begun meanwhile is read through ncurses. Cleared when ncurses says nothing waits.
    var ncursesMayHoldInput = false
    /// When the paste last received something (`now()`).
    var lastPasteInput = 0.0
    /// The clock for the paste's time limit; tests move it.
    var now: () -> Double = TerminalRunner.now

    /// Bracketed paste (DEC mode 2004): the terminal wraps pasted text in `ESC [ 200 ~` and
    /// `ESC [ 201 ~`, so that a paste is read as text and never as keys.
    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"
    /// Key codes of our own for the paste markers, beyond every ncurses key.
    static let pasteStartCode = KEY_MAX + 1
    static let pasteEndCode = KEY_MAX + 2
    /// A paste whose end marker has not come after this many seconds without input is over:
    /// its end was lost (a terminal cut short, a mangled stream), and the keys typed after it
    /// must work again. Terminals send a paste as fast as the link carries it.
    static let unendedPasteLimit = 1.0
    /// How many characters (or, read straight from the descriptor, bytes) of a paste one
    /// `readInput` reads at most, so that the loop looks at signals between the parts of a
    /// huge paste.
    static let pastePartSize = 4096
    /// The most bytes that followed a paste's end marker in the same read which are given
    /// back to ncurses as typed input (its queue holds little more); the rest are dropped,
    /// as keys typed into the middle of a paste would be.
    static let inputGivenBackLimit = 128

    /// Bi-directional support mode (ECMA-48 BDSM, mode 8, as the terminal BiDi draft uses it):
    /// reset, the terminal shows each cell where it is written, since the app has put
    /// right-to-left text in visual order itself; set again on the way out, the terminal's
    /// default, where a terminal that reorders on its own (VTE, mlterm) does so for the shell.
    /// Terminals that know no mode 8 ignore both.
    static let explicitDirectionOn = "\u{1B}[8l"
    static let explicitDirectionOff = "\u{1B}[8h"

    /// Button-event mouse tracking (1002): reports motion while a button is held, for swipes.
    /// ncurses itself asks only for presses and releases.
    static let dragTrackingOn = "\u{1B}[?1002h"
    static let dragTrackingOff = "\u{1B}[?1002l"

    /// Sets a UTF-8 locale: the user's own when it is UTF-8, else C.UTF-8 (wide characters
    /// break under the "C" locale an empty environment gives).
    public static func prepareLocale() {
        // Only the character type: it is all ncurses reads, and one category loads in a
        // twelfth of the files (without a locale archive, glibc opens one file per category).
        setlocale(LC_CTYPE, "")
        if tui_is_utf8_codeset() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// The colour mode for an environment and a colour count: NO_COLOR (any non-empty value)
    /// wins, then what the terminal reports. A direct-colour entry (2^24 colours) is truecolor,
    /// and so is a 256-colour terminal whose `COLORTERM` is `truecolor` or `24bit`. Below 256
    /// colours `COLORTERM` is not believed: it is passed on to programs that run under another
    /// `TERM` (screen inside a truecolor terminal, say).
    public static func colorMode(environment: [String: String], colors: Int, hasColors: Bool) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        guard hasColors, colors >= 8 else { return .monochrome }
        // A direct-colour terminfo entry (`xterm-direct`: 2^24 colours) says it outright.
        if colors >= 1 << 24 { return .truecolor }
        if colors >= 256 {
            let colorTerm = environment["COLORTERM"]?.lowercased()
            return colorTerm == "truecolor" || colorTerm == "24bit" ? .truecolor : .indexed256
        }
        return colors >= 16 ? .basic16 : .basic8
    }

    /// Whether to send OSC 8 hyperlinks. Terminals that do not know them ignore them, but the
    /// Linux console and old screen/vt terminals may print them; `TUI_ONBOARD_HYPERLINKS=0` or
    /// `1` decides outright.
    public static func supportsHyperlinks(terminal: String, environment: [String: String]) -> Bool {
        switch environment["TUI_ONBOARD_HYPERLINKS"] {
        case "0": return false
        case "1": return true
        default: break
        }
        return !["linux", "vt", "screen", "cons", "ansi"].contains { terminal.hasPrefix($0) }
    }

    /// Starts ncurses on the given streams. `terminalName` nil means `$TERM`.
    public init(
        terminalName: String?, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
        environment: [String: String], enableMouse: Bool = true
    ) throws(TerminalError) {
        let name = terminalName ?? environment["TERM"] ?? ""
        if name.isEmpty || name == "dumb" || name == "unknown" { throw .unsupportedTerminal(name: name) }
        guard let screen = newterm(name, output, input) else { throw .unsupportedTerminal(name: name) }
        set_term(screen)
        // Without cursor addressing nothing can be drawn in place.
        guard let cup = tigetstr("cup"), Int(bitPattern: cup) != -1, Int(bitPattern: cup) != 0 else {
            endwin()
            delscreen(screen)
            throw .unsupportedTerminal(name: name)
        }
        self.screen = screen
        self.window = tui_stdscr()
        self.output = output
        self.input = input
        self.tracksDrags = enableMouse
        self.isConsole = name.hasPrefix("linux") || name.hasPrefix("cons")
        raw()
        noecho()
        nonl()
        // keypad before mousemask: turned on after it, ncurses decoded no arrow key.
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        // Not leaveok: what the presenter writes beside ncurses (24-bit colour, OSC 8 links)
        // must put the cursor back where ncurses believes it is, and only without leaveok does
        // ncurses end each update at a position it reports (curscr's cursor). With leaveok it
        // kept moving relative to a position the presenter could not know, and drew rows in the
        // wrong place (seen with confetti under truecolor). The cursor is hidden either way.
        leaveok(window, false)
        var mode = ColorMode.monochrome
        if has_colors() {
            start_color()
            use_default_colors()
            mode = TerminalSession.colorMode(
                environment: environment, colors: Int(tui_colors()), hasColors: true)
        }
        self.colorMode = mode
        presenter = CanvasPresenter(
            window: window, palette: ColorPalette(colorMode: mode), output: output,
            writesHyperlinks: TerminalSession.supportsHyperlinks(terminal: name, environment: environment))
        if enableMouse {
            mouseinterval(0)
            mousemask(tui_mouse_all_events(), nil)
        }
        // The blank screen goes out first, cleared in the colours of the window's blanks: ncurses
        // then knows the screen holds the blanks the presenter leaves unwritten, and the first
        // frame writes only what is not blank. It also sends ncurses' own mouse mode.
        //
        // Until its first endwin(), ncurses 6.4 flushes at every cursor move of an update (its
        // `_nc_mvcur` does while the screen is "initial"), so each frame reached the terminal
        // as one write per row: terminals drew it in pieces (a reader saw half a page) and a
        // slow link queued a dozen small writes. An endwin() before the first update, which
        // then takes the terminal back, leaves it "running": each frame goes out in as few
        // writes as ncurses' buffer allows. It costs the bytes of one leave and re-enter.
        endwin()
        wrefresh(window)
        // endwin() turned the keypad's application mode off, and ncurses would send it again
        // only at the first key read, in front of that key's frame: sent now, with the start.
        keypad(window, true)
        if enableMouse {
            // Drag tracking follows, as the last mouse mode sent is the one the terminal uses.
            fputs(TerminalSession.dragTrackingOn, output)
        }
        fputs(TerminalSession.bracketedPasteOn, output)
        fputs(TerminalSession.explicitDirectionOn, output)
        fflush(output)
    }

    /// The ways terminals spell Home, End, Page Up/Down, Delete and the arrows (plain or with
    /// Shift, Alt or Ctrl), whatever their terminfo entry says: tmux sends Home as `ESC[1~`
    /// under `TERM=xterm-256color`, whose entry says `ESC O H`, and `vt100` lists none of them.
    static let keySpellings: [(sequence: String, code: Int32)] = {
        var spellings: [(String, Int32)] = [
            ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
            ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[3~", KEY_DC),
        ]
        let arrows: [(Character, Int32)] = [("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT)]
        for (final, code) in arrows + [("H", KEY_HOME), ("F", KEY_END)] {
            if code != KEY_HOME && code != KEY_END {
                spellings += [("\u{1B}[\(final)", code), ("\u{1B}O\(final)", code)]
            }
            // Shift 2, Alt 3, Shift-Alt 4, Ctrl 5, Shift-Ctrl 6, Alt-Ctrl 7, all three 8.
            for modifier in 2...8 { spellings.append(("\u{1B}[1;\(modifier)\(final)", code)) }
        }
        for (number, code) in [(5, KEY_PPAGE), (6, KEY_NPAGE)] {
            for modifier in 2...8 { spellings.append(("\u{1B}[\(number);\(modifier)~", code)) }
        }
        return spellings
    }()

    /// Teaches ncurses every spelling in `keySpellings`: a tenth of the work before the first
    /// frame, so the runner calls it once that frame and its questions are out; the first input,
    /// if one comes sooner, calls it too (nothing is decoded before then).
    func prepareKeys() {
        guard !keysPrepared else { return }
        keysPrepared = true
        TerminalSession.teachKeySpellings()
    }

    /// Teaches ncurses every spelling in `keySpellings` (`define_key` replaces what a string
    /// meant before, such as xterm's Ctrl-arrow keys, which the app does not tell apart).
    private static func teachKeySpellings() {
        for (sequence, code) in keySpellings { define_key(sequence, code) }
        define_key(String(String.UnicodeScalarView(PasteCollector.startMarker)), pasteStartCode)
        define_key(String(String.UnicodeScalarView(PasteCollector.endMarker)), pasteEndCode)
    }

    /// Restores the terminal: leaves the alternate screen, shows the cursor, cooked mode.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        if isSuspended {
            // The terminal was restored when the session was suspended, and may be another
            // process's now.
            delscreen(screen)
            return
        }
        awaitAnswers(timeout: TerminalSession.answerWait)
        presenter.removePictures()
        handBackModes()
        mousemask(0, nil)
        curs_set(1)
        // Without an alternate screen (vt100, the Linux console) the last frame would stay
        // under the prompt: it is cleared, and endwin() leaves the cursor on a blank line.
        if !Self.hasAlternateScreen {
            wclear(window)
            wrefresh(window)
        }
        endwin()
        delscreen(screen)
    }

    /// Whether the current terminal's entry can switch to an alternate screen (`smcup`).
    static var hasAlternateScreen: Bool {
        guard let enter = tigetstr("smcup") else { return false }
        let bits = Int(bitPattern: enter)
        return bits != -1 && bits != 0 && enter.pointee != 0
    }

    deinit { stop() }

    /// How long stopping or suspending waits for the terminal to answer the questions it
    /// still owes (a slow link may hold a frame and the question behind it).
    static let answerWait = 1.0
    /// How long a terminal that has never answered is waited for at a stop, counted from its
    /// first question: a terminal on a pseudo-terminal answers in milliseconds and one across
    /// a network within its round trip, while one that never answers (pyte, some consoles)
    /// would hold every early quit for the whole `answerWait`.
    static let firstAnswerWait = 0.15

    /// Hands the terminal back as it was before the session, for a stop (Ctrl-Z, SIGTSTP):
    /// drag tracking off, then ncurses' `endwin()` (its mouse modes and keypad transmit off,
    /// cursor shown, attributes reset, alternate screen left, the shell's termios).
    public func suspend() {
        guard !isStopped, !isSuspended else { return }
        isSuspended = true
        awaitAnswers(timeout: TerminalSession.answerWait)
        presenter.removePictures()
        handBackModes()
        endwin()
    }

    /// Turns off the modes the session sets beside ncurses: drag tracking, bracketed paste
    /// (the shell may not know pastes bracketed, and would show the markers) and explicit
    /// direction (the shell's text is in logical order).
    private func handBackModes() {
        if tracksDrags { fputs(TerminalSession.dragTrackingOff, output) }
        fputs(TerminalSession.bracketedPasteOff, output)
        fputs(TerminalSession.explicitDirectionOff, output)
        fflush(output)
    }

    /// Takes the terminal back after a stop: raw mode, alternate screen, keypad, ncurses' mouse
    /// modes and drag tracking, cursor hidden, and the whole screen drawn again from the app's
    /// picture (the next `present` writes every cell).
    public func resume() {
        guard !isStopped, isSuspended else { return }
        isSuspended = false
        // The user may have changed the terminal's settings while stopped (stty): those are the
        // ones to restore at the end, as ncurses' own stop handler does.
        def_shell_mode()
        CrashGuard.saveTerminalModes()
        invalidate()
        // The first update after endwin() puts ncurses' modes back; drag tracking follows, as
        // the last mouse mode sent is the one the terminal uses.
        doupdate()
        if tracksDrags { fputs(TerminalSession.dragTrackingOn, output) }
        fputs(TerminalSession.bracketedPasteOn, output)
        fputs(TerminalSession.explicitDirectionOn, output)
        fflush(output)
    }

    /// Whether two descriptors are the same terminal: the same device, or both this process's
    /// controlling terminal (`/dev/tty` is a device of its own that stands for it).
    public static func areSameTerminal(_ first: Int32, _ second: Int32) -> Bool {
        var firstStatus = stat()
        var secondStatus = stat()
        guard fstat(first, &firstStatus) == 0, fstat(second, &secondStatus) == 0 else { return false }
        if firstStatus.st_rdev == secondStatus.st_rdev { return true }
        // The session of a terminal is known only through the controlling terminal itself.
        let session = tcgetsid(first)
        return session != -1 && session == tcgetsid(second)
    }

    /// Whether this process is the terminal's foreground job; only then may it change the
    /// terminal's modes. True when that cannot be told (not a terminal).
    public var isForeground: Bool {
        let group = tcgetpgrp(fileno(input))
        return group == -1 || group == getpgrp()
    }

    /// The descriptor input is read from.
    var inputDescriptor: Int32 { fileno(input) }

    public var size: (width: Int, height: Int) { (Int(getmaxx(window)), Int(getmaxy(window))) }

    /// Rings the terminal's bell (or flashes the screen where the terminal has no bell).
    public func ringBell() { beep() }

    /// Writes the cells of `canvas` that changed since the last frame; returns how many.
    /// `answersInput`: the frame answers a key, click or paste (see `CanvasPresenter.present`).
    @discardableResult
    public func present(_ canvas: Canvas, answersInput: Bool = false) -> Int {
        presenter.present(canvas, answersInput: answersInput)
    }

    /// The estimated bytes of the last frame presented (0 when it wrote nothing).
    var lastFrameBytes: Int { presenter.lastFrameBytes }
    /// The estimated bytes of `canvas` written whole, as each frame of a slide rewrites it.
    func estimatedBytes(ofWhole canvas: Canvas) -> Int { presenter.estimatedBytes(ofWhole: canvas) }
    /// Whether `limitFrames` held back part of the last frame.
    var lastFrameHeldBack: Bool { presenter.lastFrameHeldBack }

    /// Bounds each frame to about `bytes` (estimated) of changes, the key's own never held
    /// back; nil lifts the bound.
    func limitFrames(toBytes bytes: Int?) {
        guard let bytes else {
            presenter.budget = nil
            return
        }
        if presenter.budget == nil { presenter.budget = FrameBudget(bytes: bytes) }
        presenter.budget?.bytes = bytes
    }

    /// Forgets the last frame so the next one is written whole.
    public func invalidate() { presenter.invalidate() }

    /// Draws pictures with `kind` from now on, at `cellSize` pixels a cell; half blocks and
    /// alt text need nothing of the session.
    public func drawPictures(with kind: PictureProtocol, cellSize: CellPixelSize) {
        presenter.pictures = kind.isGraphics ? PictureWriter(kind: kind, cellSize: cellSize) : nil
    }

    /// Reads a cell's colours (ncurses numbers, -1 the default) and attributes back from the
    /// ncurses screen (for off-screen tests).
    func cellColors(x: Int, y: Int) -> (foreground: Int32, background: Int32, attributes: attr_t)? {
        var text = [wchar_t](repeating: 0, count: Int(tui_ccharw_max()) + 1)
        var attributes: attr_t = 0
        var pair: Int32 = 0
        guard tui_read_cell(window, Int32(y), Int32(x), &text, &attributes, &pair) != tui_err() else { return nil }
        var foreground: Int32 = -1
        var background: Int32 = -1
        if pair != 0 { extended_pair_content(pair, &foreground, &background) }
        return (foreground, background, attributes & ~tui_attr_color())
    }

    /// Reads a cell back from the ncurses screen (for off-screen tests).
    public func cellText(x: Int, y: Int) -> String {
        var text = [wchar_t](repeating: 0, count: Int(tui_ccharw_max()) + 1)
        var attributes: attr_t = 0
        var pair: Int32 = 0
        guard tui_read_cell(window, Int32(y), Int32(x), &text, &attributes, &pair) != tui_err() else { return "" }
        var scalars = String.UnicodeScalarView()
        for value in text.prefix(while: { $0 != 0 }) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
