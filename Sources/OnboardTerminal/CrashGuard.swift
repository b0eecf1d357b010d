import Foundation

/// The terminal modes to put back if the process crashes. Written once before the session
/// starts, read only by the crash handler.
nonisolated(unsafe) private var savedTerminalModes = termios()
nonisolated(unsafe) private var hasSavedTerminalModes = false

/// Puts the terminal back after a crash. A Swift runtime trap (SIGILL, SIGTRAP) or a fault
/// would otherwise leave it raw, cursorless and on the alternate screen. The handler makes
/// only async-signal-safe calls (tcsetattr, write, signal, raise), then dies of the signal.
public enum CrashGuard {
    public static func install() {
        hasSavedTerminalModes = tcgetattr(STDIN_FILENO, &savedTerminalModes) == 0
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
            signal(signalNumber, crashHandler)
        }
    }
}

private let crashHandler: @convention(c) (Int32) -> Void = { signalNumber in
    // Mouse reporting off, attributes reset, cursor shown, alternate screen left.
    let reset: StaticString =
        "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n"
    if hasSavedTerminalModes { tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminalModes) }
    _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
