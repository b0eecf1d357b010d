import FoundationEssentials
import FoundationInternationalization

/// Picks a product's name or description among a StoreKit file's localizations.
///
/// In the language every other text of the screen is in: the reader's languages in their order
/// (`LanguagePreference`, as the deck's texts and the app's words follow them), then English,
/// the language the app's words fall back to. Not the storefront's: under `C.UTF-8` a file from
/// the Taiwan storefront put Chinese names on an English screen. A name in none of these is not
/// shown: the caller falls back to the product id rather than to a language the screen is not
/// in or to the developer's `referenceName`.
enum StoreKitLocalization {
    /// The first non-empty `key` ("displayName", "description") in the preferred localization.
    static func text(_ key: String, in localizations: [JSONNode], language: LanguagePreference) -> String? {
        let entries = localizations.compactMap { entry -> (locale: String, text: String)? in
            guard let text = StoreKitImporter.nonEmptyString(entry[key]) else { return nil }
            return (entry["locale"]?.stringValue ?? "", text)
        }
        for matches in preference(language) {
            if let entry = entries.first(where: { matches($0.locale) }) { return entry.text }
        }
        return nil
    }

    /// Tests on a localization's locale, most preferred first: each of the reader's languages
    /// (with the script a Chinese region implies, as `LanguageTag.candidates` gives them), itself
    /// or less specific ("zh_Hans" serves a reader of "zh_Hans_CN"); then the same languages in
    /// any region or script ("en_US" serves "en_GB"); then English.
    static func preference(_ language: LanguagePreference) -> [(String) -> Bool] {
        var tests: [(String) -> Bool] = []
        for wanted in [LanguageTag.candidates(for: language), ["en_US"]] {
            let identifiers = wanted.map(normalized)
            for identifier in identifiers {
                tests.append { normalized($0) == identifier }
                tests.append { candidate in
                    let candidate = normalized(candidate)
                    return !candidate.isEmpty && identifier.hasPrefix(candidate + "_")
                }
            }
            for language in identifiers.map(languagePart) {
                tests.append { languagePart(normalized($0)) == language }
            }
        }
        return tests
    }

    /// "en-US" and "en_us" both become "en_us".
    static func normalized(_ identifier: String) -> String {
        identifier.replacing("-", with: "_").lowercased()
    }

    static func languagePart(_ identifier: String) -> String {
        String(identifier.prefix { $0 != "_" })
    }
}
