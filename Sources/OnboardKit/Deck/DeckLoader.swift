/// Reads and validates a deck file, collecting every problem with its JSON path and position.
public enum DeckLoader {
    /// Decks over this size are refused before parsing.
    public static let maximumDeckSize = 10 * 1024 * 1024
    /// Art files over this size are refused.
    public static let maximumArtSize = 1024 * 1024
    /// PNG pictures over this size, or wider or taller than `maximumPictureSide` pixels, are
    /// refused: a page shows a logo or a screenshot, and 4096x4096 pixels already take 64 MiB.
    public static let maximumPictureSize = 8 * 1024 * 1024
    public static let maximumPictureSide = 4096
    public static let maximumPages = 1000

    static let pageKinds = ["step", "hero", "paywall", "question"]
    static let topLevelKeys: Set<String> = [
        "$schema", "app", "accent", "labels", "pages", "confetti", "catalog", "review", "background",
        "experiments",
    ]

    /// Layout is checked in at most this many of a deck's languages besides the reader's: each
    /// one decodes the deck again.
    static let layoutCheckedLanguages = 16
    /// And in no more languages than keep the texts decoded again under this many: a deck of
    /// a thousand pages in five hundred languages is checked in its first few.
    static let layoutCheckedVariants = 1_000_000

    /// Texts written in several languages are read in the first of `language` the deck has
    /// (see `LocalizedText`). With `checksLayout` (`validate`), pages that do not fit an 80x24
    /// terminal in any of the deck's languages, pages new in a version after the app's, and
    /// texts missing a language the others have are warned about too, and unknown paywall
    /// variables are errors.
    ///
    /// `assign` chooses the reader's variant of each of the deck's experiments (see
    /// `ExperimentAssignment`), given the app's id and the experiments, before any text is read;
    /// without it every reader sees the default texts.
    public static func load(
        path: String, reader: FileReader, language: LanguagePreference = LanguagePreference(tags: []),
        checksLayout: Bool = false, assign: ExperimentAssigner? = nil
    ) -> DeckLoadResult {
        let bytes: [UInt8]
        do {
            bytes = try reader.read(path, maximumDeckSize)
        } catch {
            let diagnostic = Diagnostic(
                severity: .error, file: path, path: "", location: nil, message: error.reason)
            return DeckLoadResult(deck: nil, diagnostics: [diagnostic], fileError: error)
        }
        return decode(
            bytes, file: path, reader: reader, language: language, checksLayout: checksLayout, assign: assign)
    }

    /// Decodes deck bytes; `file` names the deck in messages and anchors relative art paths.
    public static func decode(
        _ bytes: [UInt8], file: String, reader: FileReader, language: LanguagePreference = LanguagePreference(tags: []),
        checksLayout: Bool = false, assign: ExperimentAssigner? = nil
    ) -> DeckLoadResult {
        let log = DiagnosticLog(file: file)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            log.error(.root, at: error.location, "invalid JSON: \(error.message)")
            return DeckLoadResult(deck: nil, diagnostics: log.diagnostics)
        }
        let texts = TextLanguages(preference: language)
        var decoder = DeckDecoder(
            log: log, baseDirectory: PathText.directory(of: file), reader: reader, texts: texts, validates: checksLayout
        )
        decoder.assign = assign
        let deck = decoder.decode(root)
        if checksLayout, let deck, !log.hasErrors {
            DeckLayoutCheck.check(deck, root: root, log: log)
            let affordable = layoutCheckedVariants / max(1, texts.variantCount)
            let languages = texts.languagesInUse.prefix(min(layoutCheckedLanguages, affordable))
            checkLayoutInEveryLanguage(root, shown: deck, file: file, reader: reader, languages: languages, log: log)
        }
        return DeckLoadResult(deck: log.hasErrors ? nil : deck, diagnostics: log.diagnostics)
    }

    /// The layout check again for a reader of each language the deck has, and of its default
    /// texts, on the pages where that reader sees other words than this one (whose warnings
    /// are given already); each warning names the languages it is for.
    private static func checkLayoutInEveryLanguage(
        _ root: JSONNode, shown: Deck, file: String, reader: FileReader, languages: ArraySlice<String>,
        log: DiagnosticLog
    ) {
        guard !languages.isEmpty else { return }
        var found: [(warning: Diagnostic, language: String)] = []
        for language in [LocalizedText.defaultKey] + languages {
            let tags = language == LocalizedText.defaultKey ? [] : LanguagePreference.expanded([language])
            let decoder = DeckDecoder(
                log: DiagnosticLog(file: file), baseDirectory: PathText.directory(of: file), reader: reader,
                texts: TextLanguages(preference: LanguagePreference(tags: tags)))
            guard let deck = decoder.decode(root), deck.pages.count == shown.pages.count else { continue }
            let sameLabels = deck.labels == shown.labels
            let layout = DiagnosticLog(file: file)
            DeckLayoutCheck.check(deck, root: root, log: layout) { !sameLabels || deck.pages[$0] != shown.pages[$0] }
            found += layout.diagnostics.map { ($0, language) }
        }
        Diagnostic.namingLanguages(found).forEach(log.append)
    }
}

/// Chooses the reader's variant of each experiment from the app's id and the deck's
/// experiments; the shell's reads the install id and the kept assignments.
public typealias ExperimentAssigner = (_ appID: String, _ experiments: [Experiment]) -> [String: String]
