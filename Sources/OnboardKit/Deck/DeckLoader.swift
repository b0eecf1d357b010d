/// Reads and validates a deck file, collecting every problem with its JSON path and position.
public enum DeckLoader {
    /// Decks over this size are refused before parsing.
    public static let maximumDeckSize = 10 * 1024 * 1024
    /// Art files over this size are refused.
    public static let maximumArtSize = 1024 * 1024
    public static let maximumPages = 1000

    static let pageKinds = ["step", "hero", "paywall"]
    static let topLevelKeys: Set<String> = [
        "$schema", "app", "accent", "labels", "pages", "confetti", "catalog", "review", "background",
    ]

    /// With `checksLayout` (`validate`), pages that do not fit an 80x24 terminal, and pages
    /// new in a version after the app's, are warned about too.
    public static func load(path: String, reader: FileReader, checksLayout: Bool = false) -> DeckLoadResult {
        let bytes: [UInt8]
        do {
            bytes = try reader.read(path, maximumDeckSize)
        } catch {
            let diagnostic = Diagnostic(
                severity: .error, file: path, path: "", location: nil, message: error.reason)
            return DeckLoadResult(deck: nil, diagnostics: [diagnostic], fileError: error)
        }
        return decode(bytes, file: path, reader: reader, checksLayout: checksLayout)
    }

    /// Decodes deck bytes; `file` names the deck in messages and anchors relative art paths.
    public static func decode(
        _ bytes: [UInt8], file: String, reader: FileReader, checksLayout: Bool = false
    ) -> DeckLoadResult {
        let log = DiagnosticLog(file: file)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            log.error(.root, at: error.location, "invalid JSON: \(error.message)")
            return DeckLoadResult(deck: nil, diagnostics: log.diagnostics)
        }
        let deck = DeckDecoder(
            log: log, baseDirectory: PathText.directory(of: file), reader: reader, warnsAboutPagesAhead: checksLayout
        ).decode(root)
        if checksLayout, let deck, !log.hasErrors { DeckLayoutCheck.check(deck, root: root, log: log) }
        return DeckLoadResult(deck: log.hasErrors ? nil : deck, diagnostics: log.diagnostics)
    }
}
