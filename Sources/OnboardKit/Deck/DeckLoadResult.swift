/// What loading a deck produced: the deck when there were no errors, and every diagnostic.
public struct DeckLoadResult: Sendable {
    public var deck: Deck?
    public var diagnostics: [Diagnostic]
    /// The file error that stopped loading before any JSON was read (missing, too large).
    public var fileError: FileReadError?

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
