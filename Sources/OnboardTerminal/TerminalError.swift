/// Why the terminal could not be used; the executable prints these and exits with code 2.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal(stream: String)
    case unsupportedTerminal(name: String)
    case cannotStart(reason: String)
    /// Standard input and standard output are two different terminals.
    case separateTerminals

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "\(stream) is not a terminal; tui-onboard needs an interactive terminal. "
                + "Use --plain to print the pages as text instead."
        case .unsupportedTerminal(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "\"\(name)\""
            return "terminal type \(shown) cannot show a full-screen app; "
                + "set TERM to your terminal (e.g. TERM=xterm-256color) or use --plain"
        case .separateTerminals:
            return "standard input and standard output are different terminals; tui-onboard reads keys "
                + "from the terminal it draws on. Run it with both on the same terminal."
        case .cannotStart(let reason):
            return "cannot start the terminal: \(reason)"
        }
    }
}
