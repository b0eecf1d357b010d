import Glibc
import OnboardKit

/// Asks the terminal about pictures before ncurses starts (`TerminalGraphics.questions`),
/// waiting for the device attributes answer, which comes last, at most `timeout` seconds: a
/// terminal that answers nothing costs that once, at start, and only for a deck with pictures.
public enum GraphicsProbe {
    /// Long enough for a terminal across an SSH link; a local one answers in a millisecond.
    public static let timeout = 0.5

    public static func ask(input: Int32, output: Int32, timeout: Double = GraphicsProbe.timeout) -> TerminalGraphics {
        guard isatty(input) == 1, isatty(output) == 1 else { return TerminalGraphics() }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return TerminalGraphics() }
        var quiet = saved
        // No echo and no line editing: the answers are read as they come, never shown.
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
        _ = tcsetattr(input, TCSANOW, &quiet)
        defer { _ = tcsetattr(input, TCSANOW, &saved) }
        let questions = Array(TerminalGraphics.questions.utf8)
        guard questions.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == questions.count else {
            return TerminalGraphics()
        }
        var received: [UInt8] = []
        let deadline = now() + timeout
        var answers = TerminalGraphics()
        while !answers.isComplete, received.count < 4096 {
            let remaining = Int32(((deadline - now()) * 1000).rounded(.up))
            guard remaining > 0 else { break }
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, remaining) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[0..<count]
            answers = TerminalGraphics.parse(received)
        }
        // An answer later than that must not reach the tour as typing.
        if !answers.isComplete { tcflush(input, TCIFLUSH) }
        if answers.cellSize == nil { answers.cellSize = windowCellSize(output) }
        return answers
    }

    /// The cell size from the window's size in pixels (`TIOCGWINSZ`), where the terminal fills
    /// it in; nil where it does not (many leave it 0).
    public static func windowCellSize(_ descriptor: Int32) -> CellPixelSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        let width = Int(size.ws_xpixel) / Int(size.ws_col)
        let height = Int(size.ws_ypixel) / Int(size.ws_row)
        guard width > 0, height > 0 else { return nil }
        return CellPixelSize(width: width, height: height)
    }

    private static func now() -> Double { TerminalRunner.now() }
}
