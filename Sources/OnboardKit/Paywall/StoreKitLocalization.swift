import Foundation

/// Picks a product's name or description among a StoreKit file's localizations.
///
/// Names are often missing or empty in real files, so each step falls through to the next:
/// the user's locale, the user's language, the file's default locale (or the first
/// localization's), then the first localization with any text at all.
enum StoreKitLocalization {
    /// The first non-empty `key` ("displayName", "description") in the preferred localization.
    static func text(_ key: String, in localizations: [JSONNode], userLocale: Locale?, defaultLocale: String?)
        -> String?
    {
        let fileDefault = defaultLocale ?? localizations.first?["locale"]?.stringValue
        let entries = localizations.compactMap { entry -> (locale: String, text: String)? in
            guard let text = StoreKitImporter.nonEmptyString(entry[key]) else { return nil }
            return (entry["locale"]?.stringValue ?? "", text)
        }
        for matches in preference(userLocale: userLocale, defaultLocale: fileDefault) {
            if let entry = entries.first(where: { matches($0.locale) }) { return entry.text }
        }
        return entries.first?.text
    }

    /// Tests on a localization's locale, most preferred first.
    static func preference(userLocale: Locale?, defaultLocale: String?) -> [(String) -> Bool] {
        var tests: [(String) -> Bool] = []
        if let userLocale {
            let identifier = normalized(userLocale.identifier)
            let language =
                userLocale.language.languageCode.map { normalized($0.identifier) } ?? languagePart(identifier)
            tests.append { normalized($0) == identifier }
            // "zh_Hans" serves a user in "zh_Hans_CN": a more specific user locale still matches.
            tests.append { candidate in
                let candidate = normalized(candidate)
                return !candidate.isEmpty && identifier.hasPrefix(candidate + "_")
            }
            tests.append { languagePart(normalized($0)) == language }
        }
        if let defaultLocale {
            let identifier = normalized(defaultLocale)
            tests.append { normalized($0) == identifier }
            tests.append { languagePart(normalized($0)) == languagePart(identifier) }
        }
        return tests
    }

    /// "en-US" and "en_us" both become "en_us".
    static func normalized(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "-", with: "_").lowercased()
    }

    static func languagePart(_ identifier: String) -> String {
        String(identifier.prefix { $0 != "_" })
    }
}
