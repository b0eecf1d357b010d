import CNcurses
import Foundation
import OnboardKit

/// An ncurses screen in raw mode on the alternate screen, with the cursor hidden. `stop()`
/// puts the terminal back exactly as it was; call it on every path out.
public final class TerminalSession {
    public let colorMode: ColorMode
    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let presenter: CanvasPresenter
    private var isStopped = false

    /// Sets a UTF-8 locale: the user's own when it is UTF-8, else C.UTF-8 (wide characters
    /// break under the "C" locale an empty environment gives).
    public static func prepareLocale() {
        setlocale(LC_ALL, "")
        if tui_is_utf8_codeset() == 0 {
            setlocale(LC_ALL, "C.UTF-8")
        }
    }

    /// The colour mode for an environment and a colour count: NO_COLOR (any non-empty value)
    /// wins, then what the terminal reports.
    public static func colorMode(environment: [String: String], colors: Int, hasColors: Bool) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        guard hasColors, colors >= 8 else { return .monochrome }
        return colors >= 256 ? .indexed256 : .basic8
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
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        leaveok(window, true)
        var mode = ColorMode.monochrome
        if has_colors() {
            start_color()
            use_default_colors()
            mode = TerminalSession.colorMode(
                environment: environment, colors: Int(tui_colors()), hasColors: true)
        }
        self.colorMode = mode
        if enableMouse {
            mouseinterval(0)
            mousemask(tui_mouse_all_events(), nil)
        }
        presenter = CanvasPresenter(window: window, palette: ColorPalette(colorMode: mode))
    }

    /// Restores the terminal: leaves the alternate screen, shows the cursor, cooked mode.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        mousemask(0, nil)
        curs_set(1)
        endwin()
        delscreen(screen)
    }

    deinit { stop() }

    public var size: (width: Int, height: Int) { (Int(getmaxx(window)), Int(getmaxy(window))) }

    /// Writes the cells of `canvas` that changed since the last frame; returns how many.
    @discardableResult
    public func present(_ canvas: Canvas) -> Int { presenter.present(canvas) }

    /// Forgets the last frame so the next one is written whole.
    public func invalidate() { presenter.invalidate() }

    /// Reads one pending input without waiting; nil when there is none.
    func readInput() -> InputDecoder.Input? {
        wtimeout(window, 0)
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == tui_err() { return nil }
            if let input = InputDecoder.decode(status: status, value: UInt32(value)) { return input }
            // An input with no meaning here (an unknown key): read on.
        }
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
