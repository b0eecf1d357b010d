import FoundationEssentials

/// The one locale every number, price and date tui-onboard writes for a person follows: the
/// conventions of the user's first language, the one the app's words are chosen by
/// (`LanguagePreference`), so `--lang de` and `LANG=de_DE.UTF-8` write "39,99 $" alike and a
/// German sentence never carries "$39.99". The currency is always the catalog's (the store's
/// storefront), whatever the language: the language only says how it is written.
///
/// - The first tag of the preference, with its region (`de_CH`, `pt_BR`, `en_GB`).
/// - A first tag without a region takes the region of the environment's locale (the first of
///   `LC_ALL`, `LC_MESSAGES` and `LANG` that is set) when that locale is of the same language:
///   `--lang de` under `LANG=de_CH.UTF-8` writes as `de_CH` does.
/// - No language at all (`C`, `POSIX`, nothing set): `en_US`, rather than ICU's root locale,
///   which writes "US$" and ISO dates.
///
/// `LC_MONETARY`, `LC_NUMERIC` and `LC_TIME` are not read: a screen whose words are in one
/// language and whose numbers are in another's reads wrong, and `--lang` must be able to
/// decide both.
public enum FormattingLocale {
    /// The locale for a user of `preference` in `environment`.
    public static func resolve(_ preference: LanguagePreference, environment: [String: String]) -> Locale {
        Locale(identifier: identifier(preference, environment: environment))
    }

    /// The locale for `--lang` (nil when not given) and the environment.
    public static func resolve(option: String?, environment: [String: String]) -> Locale {
        resolve(LanguagePreference.resolve(option: option, environment: environment), environment: environment)
    }

    /// `de_DE`, `de_CH`, `ja`, `en_US`: the identifier `resolve` makes a `Locale` of.
    static func identifier(_ preference: LanguagePreference, environment: [String: String]) -> String {
        guard let first = preference.tags.first else { return "en_US" }
        let parts = first.split(separator: "_")
        let hasRegion = parts.dropFirst().contains { $0.count != 4 }
        guard !hasRegion, let environmentTag = environmentLocaleTag(environment) else { return first }
        let environmentParts = environmentTag.split(separator: "_")
        guard environmentParts.first == parts.first,
            let region = environmentParts.dropFirst().first(where: { $0.count != 4 })
        else { return first }
        return first + "_" + region
    }

    /// The locale the environment names for messages, as a tag (`de_CH`); nil for none, `C` or
    /// `POSIX`.
    private static func environmentLocaleTag(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            .flatMap(LanguagePreference.normalized)
    }
}
