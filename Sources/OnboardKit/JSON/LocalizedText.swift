/// One text of a deck or catalog as its file gives it: a plain string, or an object of
/// language tags, `{"default": "Welcome", "de": "Willkommen", "pt-BR": "Bem-vindo"}`.
///
/// The decoders keep only the variant chosen for the reader; `validate` looks at them all.
public struct LocalizedText: Sendable {
    /// The text in one language, with where the file wrote it.
    public struct Variant: Sendable {
        /// `default`, or a tag as `LanguagePreference` writes them (`pt_BR`, `zh_Hans`); a plain
        /// string's one variant is `default`.
        public var language: String
        public var text: String
        /// The key the file wrote it under; nil for a plain string.
        public var key: String?
        public var location: SourceLocation
    }

    /// At least one; in the order the file wrote them.
    public var variants: [Variant]
    /// True when the file wrote a plain string.
    public var isPlain: Bool
    public var path: JSONPath
    public var location: SourceLocation
    /// What an experiment's variants show instead (`"variants": {"b": …}`), in the file's
    /// order; empty for a text that does not vary. `variants` above is then the default text.
    public var experimentTexts: [ExperimentText] = []
    /// The experiment the variants belong to (`"experiment"`); nil: the deck's only one.
    public var experiment: String?

    /// One variant's text, itself a plain string or an object of languages.
    public struct ExperimentText: Sendable {
        public var variant: String
        public var keyLocation: SourceLocation
        public var text: LocalizedText
    }

    /// Where `variant` stands: the text's path, and its key for an object's.
    public func path(of variant: Variant) -> JSONPath { variant.key.map(path.appending) ?? path }

    /// The key of the text shown to readers of a language the object does not have.
    public static let defaultKey = "default"
    /// The fallback after `default`: what readers of English, and texts without a default, get.
    static let englishKey = "en"

    /// The variant for a reader who prefers `preference`: the first of its tags the object has
    /// (see `LanguageTag.candidates`), then `default`, then `en`, then the first one written.
    public func variant(for preference: LanguagePreference) -> Variant {
        variant(forCandidates: LanguageTag.candidates(for: preference))
    }

    func variant(forCandidates candidates: [String]) -> Variant { matched(candidates) ?? fallback }

    /// The variant the first of `candidates` names; nil when the text has none of them.
    func matched(_ candidates: [String]) -> Variant? {
        guard !isPlain else { return nil }
        for candidate in candidates {
            if let variant = variants.first(where: { $0.language == candidate }) { return variant }
        }
        return nil
    }

    /// What a reader gets when no preferred language is there.
    var fallback: Variant {
        variants.first { $0.language == Self.defaultKey } ?? variants.first { $0.language == Self.englishKey }
            ?? variants[0]
    }

    /// True when the text has a `default` or an `en` variant (a plain string is a default).
    var hasFallback: Bool {
        variants.contains { $0.language == Self.defaultKey || $0.language == Self.englishKey }
    }
}
