/// Why the terminal could not be used; the executable prints these and exits with code 2.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal(stream: String)
    case unsupportedTerminal(name: String)
    case cannotStart(reason: String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "\(stream) is not a terminal; tui-onboard needs an interactive terminal. "
                + "Use --plain to print the pages as text instead."
        case .unsupportedTerminal(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "\"\(name)\""
            return "terminal type \(shown) cannot show a full-screen app; "
                + "set TERM to your terminal (e.g. TERM=xterm-256color) or use --plain"
        case .cannotStart(let reason):
            return "cannot start the terminal: \(reason)"
        }
    }
}
