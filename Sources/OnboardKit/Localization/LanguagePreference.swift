/// The languages a user reads, most preferred first, worked out from the command line and the
/// environment the way GNU tools do, without asking the C library: `setlocale` fails for any
/// locale not installed (these machines have only `C.UTF-8`), and Foundation's `Locale.current`
/// is fixed on Linux. So `LANG=de_DE.UTF-8` means German whether or not glibc has it.
///
/// The order: `--lang`, then `LANGUAGE` (a list, `fr:de`), then the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set. As in GNU gettext, `LANGUAGE` is ignored when that
/// locale is `C` or `POSIX`; `C.UTF-8` names no language but does not silence `LANGUAGE`. Each
/// tag is followed by its fallbacks (`pt_BR`, then `pt`).
public struct LanguagePreference: Hashable, Sendable {
    /// Tags such as `pt_BR`, `pt`, `zh_Hans_CN`, `zh_Hans`, `zh`: language in lower case, script
    /// in title case, region in upper case, joined by `_`.
    public let tags: [String]

    public init(tags: [String]) { self.tags = tags }

    /// The preference for `--lang` (nil when not given; it may be a list as `LANGUAGE` is) and
    /// the environment.
    public static func resolve(option: String?, environment: [String: String]) -> LanguagePreference {
        if let option, !option.isEmpty { return LanguagePreference(tags: expanded(list(option))) }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let localeTag = locale.flatMap(normalized)
        let silencesLanguage = locale.map(isPlainC) ?? false
        var wanted: [String] = []
        if !silencesLanguage, let languages = environment["LANGUAGE"], !languages.isEmpty {
            wanted += list(languages)
        }
        if let localeTag { wanted.append(localeTag) }
        return LanguagePreference(tags: expanded(wanted))
    }

    /// The entries of a `:`-separated list that name a language.
    public static func list(_ text: String) -> [String] {
        text.split(separator: ":").compactMap { normalized(String($0)) }
    }

    /// `de_DE.UTF-8@euro` as `de_DE`, `zh-hans-cn` as `zh_Hans_CN`; nil for `C`, `POSIX`,
    /// `C.UTF-8` and anything that is not a language tag.
    static func normalized(_ raw: String) -> String? {
        let bare = String(raw.prefix { $0 != "." && $0 != "@" })
        let parts = bare.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter)
        else { return nil }
        var tag = [language.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isASCIILetter) {
                tag.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if (part.count == 2 && part.allSatisfy(\.isASCIILetter))
                || (part.count == 3 && part.allSatisfy(\.isASCIIDigit))
            {
                tag.append(part.uppercased())
            } else {
                // A variant or something else: the language and what came before still count.
                break
            }
        }
        return tag.joined(separator: "_")
    }

    /// True for the locales that mean "no language at all" to gettext.
    static func isPlainC(_ locale: String) -> Bool {
        let bare = String(locale.prefix { $0 != "." && $0 != "@" })
        return (bare == "C" || bare == "POSIX") && !locale.hasPrefix("C.")
    }

    /// Each tag followed by its shorter forms, without repeats: `zh_Hans_CN`, `zh_Hans`, `zh`.
    static func expanded(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags {
            var parts = tag.split(separator: "_").map(String.init)
            while !parts.isEmpty {
                let candidate = parts.joined(separator: "_")
                if seen.insert(candidate).inserted { result.append(candidate) }
                parts.removeLast()
            }
        }
        return result
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
