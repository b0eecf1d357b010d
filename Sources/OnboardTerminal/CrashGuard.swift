import FoundationEssentials
import Glibc

/// The terminal modes to put back if the process crashes. Written before the session starts
/// (and again when it is taken back after a stop), read only by the crash handler.
nonisolated(unsafe) private var savedTerminalModes = termios()
nonisolated(unsafe) private var hasSavedTerminalModes = false

/// Everything the session turns on, turned off: mouse reporting (1000, 1002, 1003, 1006),
/// bracketed paste (2004), cursor-key mode (DECCKM) and keypad transmit mode, attributes; the
/// terminal's own bidirectional ordering (BDSM, mode 8) given back; then the cursor shown and
/// the alternate screen left, so that the last line feed lands on the screen the user sees.
private let resetBytes: StaticString =
    "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1l\u{1B}>\u{1B}[0m\u{1B}[8h\u{1B}[?25h\u{1B}[?1049l\r\n"

/// Puts the terminal back after a crash. A Swift runtime trap (SIGILL, SIGTRAP), `abort()` or a
/// fault would otherwise leave it raw, cursorless and on the alternate screen. The handler
/// makes only async-signal-safe calls (tcsetattr, write, signal, raise), then dies of the
/// signal.
public enum CrashGuard {
    /// What the crash handler writes to the terminal.
    public static var resetSequence: String { resetBytes.description }

    public static func install() {
        saveTerminalModes()
        // Touched here so that the handler never initialises a global.
        _ = resetBytes.utf8CodeUnitCount
        for handled in TerminalSignal.all where handled.delivery == .crashGuard {
            signal(handled.number, crashHandler)
        }
    }

    /// Records the terminal's modes as the ones to restore (the shell's, not the app's).
    public static func saveTerminalModes() {
        hasSavedTerminalModes = tcgetattr(STDIN_FILENO, &savedTerminalModes) == 0
    }
}

private let crashHandler: @convention(c) (Int32) -> Void = { signalNumber in
    if hasSavedTerminalModes { tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminalModes) }
    _ = write(STDOUT_FILENO, resetBytes.utf8Start, resetBytes.utf8CodeUnitCount)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
