/// Which way the app's own layout runs: under a right-to-left language the progress dots
/// start at the right and Back and Next change sides, as iOS mirrors an app.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight
    case rightToLeft

    /// The languages written right to left, by their ISO 639 codes: Arabic, Hebrew, Persian,
    /// Urdu, Yiddish, Pashto, Sindhi, Uyghur, Dhivehi and Central Kurdish (Sorani).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "sd", "ug", "dv", "ckb",
    ]

    /// The layout for a language tag as `LanguagePreference` gives them (`ar`, `he-IL`,
    /// `fa_IR`): right-to-left for a language written that way, else left-to-right. A script
    /// subtag decides when there is one (`ku-Arab` is right-to-left, `ug-Latn` is not).
    public init(languageTag: String) {
        let subtags = languageTag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = subtags.first else {
            self = .leftToRight
            return
        }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 }) {
            let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"]
            self = rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
            return
        }
        self = Self.rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }
}

extension LanguagePreference {
    /// The reader's direction: right to left when the first language is written so.
    public var layoutDirection: LayoutDirection {
        tags.first.map(LayoutDirection.init(languageTag:)) ?? .leftToRight
    }
}
