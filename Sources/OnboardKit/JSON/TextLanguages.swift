/// Chooses each text of one file for the reader's languages, and remembers the languages every
/// text has, so that `validate` can name the texts that miss a language the others have (`de`
/// on five headings but not on the sixth).
final class TextLanguages {
    let preference: LanguagePreference
    /// The keys the preference looks for, worked out once for the whole file.
    private let candidates: [String]
    /// Every text read, in the file's order.
    private(set) var texts: [LocalizedText] = []

    /// Warnings about missing languages past this many are counted, not listed: a deck of a
    /// thousand pages in twelve languages is told what is wrong, not buried.
    static let listedMissingLimit = 50

    init(preference: LanguagePreference) {
        self.preference = preference
        candidates = LanguageTag.candidates(for: preference)
    }

    /// The file's experiments: each one's variant ids by experiment id (empty in a catalog).
    var experiments: [String: [String]] = [:]
    /// The reader's variant of each experiment, which chooses among a text's `"variants"`.
    var assignments: [String: String] = [:]
    /// Texts that vary by experiment, kept to be checked against the experiments at the end.
    private(set) var experimentTexts: [LocalizedText] = []

    /// The variant of `text` for the reader, remembering the text's languages.
    func choose(_ text: LocalizedText) -> LocalizedText.Variant {
        texts.append(text)
        if !text.experimentTexts.isEmpty {
            experimentTexts.append(text)
            texts += text.experimentTexts.map(\.text)
        }
        return shown(text).variant(forCandidates: candidates)
    }

    /// The variant of `text` for the reader, without counting its languages: for what a file
    /// may give in some languages only (a picture), which no language is missing.
    func pick(_ text: LocalizedText) -> LocalizedText.Variant {
        if !text.experimentTexts.isEmpty { experimentTexts.append(text) }
        return shown(text).variant(forCandidates: candidates)
    }

    /// The text of the reader's variant, or `text` itself.
    private func shown(_ text: LocalizedText) -> LocalizedText {
        text.shown(assignments: assignments, soleExperiment: experiments.count == 1 ? experiments.keys.first : nil)
    }

    /// How many variants the texts have in all, a plain string counting one.
    var variantCount: Int { texts.reduce(0) { $0 + $1.variants.count } }

    /// The languages (tags, not `default`) some text has, in the order they first appear.
    var languagesInUse: [String] {
        var seen = Set<String>()
        var languages: [String] = []
        for text in texts where !text.isPlain {
            for variant in text.variants where variant.language != LocalizedText.defaultKey {
                if seen.insert(variant.language).inserted { languages.append(variant.language) }
            }
        }
        return languages
    }

    /// One warning for each text and language that other texts of the file have and this one
    /// does not serve; empty texts (an absent subtitle) are not counted. `document` names the
    /// file in the message ("deck", "catalog").
    func warnAboutMissingLanguages(in log: DiagnosticLog, document: String) {
        let languages = languagesInUse
        guard !languages.isEmpty else { return }
        let shown = languages.map(LanguageTag.displayName).joined(separator: ", ")
        // Worked out once: a hostile file may have thousands of texts in thousands of languages.
        let wanted = languages.map {
            LanguageTag.candidates(for: LanguagePreference(tags: LanguagePreference.expanded([$0])))
        }
        var missing = 0
        for text in texts where !(text.isPlain && text.variants[0].text.isEmpty) {
            let written = Set(text.isPlain ? [] : text.variants.map(\.language))
            let hasDefault = text.isPlain || written.contains(LocalizedText.defaultKey)
            for (language, candidates) in zip(languages, wanted) {
                // English readers are served by `default`, which is English in most files.
                if language == LocalizedText.englishKey && hasDefault { continue }
                if candidates.contains(where: written.contains) { continue }
                missing += 1
                guard missing <= Self.listedMissingLimit else { continue }
                let name = LanguageTag.displayName(language)
                let seen =
                    text.isPlain
                    ? "give it as {\"default\": \"…\", \"\(name)\": \"…\"}, or readers of \(name) see this string"
                    : "readers of \(name) see the \"\(LanguageTag.displayName(text.fallback.language))\" one"
                log.warning(
                    text.path, at: text.location,
                    "no \"\(name)\" text, which other texts of this \(document) have (its languages: \(shown)); "
                        + seen)
            }
        }
        if missing > Self.listedMissingLimit {
            log.warning(
                .root, at: nil,
                "\(missing - Self.listedMissingLimit) more missing translations like these are not listed "
                    + "(the first \(Self.listedMissingLimit) are)")
        }
    }
}
