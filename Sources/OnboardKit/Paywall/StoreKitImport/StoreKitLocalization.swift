import FoundationEssentials
import FoundationInternationalization

/// Picks a product's name or description among a StoreKit file's localizations.
///
/// The order is the one a customer would expect from the App Store: the user's language (the
/// launcher reads it from `LC_ALL`, `LC_MESSAGES` or `LANG`), then the storefront's language
/// (`CHN` sells in Chinese), then English. A name in none of these is not shown: the caller
/// falls back to the product id rather than to a language the customer may not read or to the
/// developer's `referenceName`.
enum StoreKitLocalization {
    /// The first non-empty `key` ("displayName", "description") in the preferred localization.
    static func text(_ key: String, in localizations: [JSONNode], userLocale: Locale?, storefront: String?)
        -> String?
    {
        let entries = localizations.compactMap { entry -> (locale: String, text: String)? in
            guard let text = StoreKitImporter.nonEmptyString(entry[key]) else { return nil }
            return (entry["locale"]?.stringValue ?? "", text)
        }
        for matches in preference(userLocale: userLocale, storefront: storefront) {
            if let entry = entries.first(where: { matches($0.locale) }) { return entry.text }
        }
        return nil
    }

    /// Tests on a localization's locale, most preferred first: the user's locale, the
    /// storefront's language, English.
    static func preference(userLocale: Locale?, storefront: String?) -> [(String) -> Bool] {
        var tests: [(String) -> Bool] = []
        var wanted: [String] = []
        if let userLocale { wanted.append(userLocale.identifier) }
        if let storefront, let language = language(ofStorefront: storefront) { wanted.append(language) }
        wanted.append("en_US")
        for wantedIdentifier in wanted {
            let identifier = normalized(wantedIdentifier)
            let language = languagePart(identifier)
            tests.append { normalized($0) == identifier }
            // "zh_Hans" serves a user in "zh_Hans_CN": a more specific wanted locale still matches.
            tests.append { candidate in
                let candidate = normalized(candidate)
                return !candidate.isEmpty && identifier.hasPrefix(candidate + "_")
            }
            tests.append { languagePart(normalized($0)) == language }
        }
        return tests
    }

    /// The most likely language of a storefront (ISO 3166 alpha-3), with its script: `CHN` is
    /// `zh_Hans_CN`, `TWN` is `zh_Hant_TW`, `MEX` is `es_Latn_MX`; nil for an unknown storefront.
    static func language(ofStorefront storefront: String) -> String? {
        let code = storefront.uppercased()
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
            let region = Locale(identifier: "und_\(code)").region?.identifier, region.count == 2
        else { return nil }
        let maximal = Locale.Language(identifier: Locale.Language(identifier: "und_\(region)").maximalIdentifier)
        guard let languageCode = maximal.languageCode?.identifier, languageCode != "und" else { return nil }
        return [languageCode, maximal.script?.identifier, region].compactMap { $0 }.joined(separator: "_")
    }

    /// "en-US" and "en_us" both become "en_us".
    static func normalized(_ identifier: String) -> String {
        identifier.replacing("-", with: "_").lowercased()
    }

    static func languagePart(_ identifier: String) -> String {
        String(identifier.prefix { $0 != "_" })
    }
}
