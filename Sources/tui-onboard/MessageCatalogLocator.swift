import Glibc
import OnboardDisk
import OnboardKit
import Synchronization

/// Chooses the messages of a run: the first of the user's languages that is English or one of
/// the catalogs shipped. Nothing is looked up until a message is shown: a run with nothing to
/// show, in any language, opens no file and runs no code to find a catalog.
///
/// The catalogs are `LANG/LC_MESSAGES/tui-onboard.mo` under the first directory that has them:
/// `TUI_ONBOARD_LOCALEDIR`, `PREFIX/share/locale` beside an installed binary, or `.build/locale`
/// of the source tree, where `make messages` compiles them.
enum MessageCatalogLocator {
    /// The languages of `po/` (a test keeps the two the same).
    static let shipped: Set<String> = ["ar", "de", "es", "fr", "he", "it", "ja", "ko", "pl", "pt_BR", "ru", "zh_Hans"]

    /// A language with no catalog of its own read as the nearest one shipped: Portuguese as
    /// Brazilian Portuguese, Chinese of the mainland and Singapore in simplified script, and
    /// Hebrew's withdrawn code.
    static let nearestShipped: [String: String] = [
        "pt": "pt_BR", "zh": "zh_Hans", "zh_CN": "zh_Hans", "zh_SG": "zh_Hans", "zh_MY": "zh_Hans", "iw": "he",
    ]

    /// The catalog language for the preference: nil for English.
    static func language(for preference: LanguagePreference) -> String? {
        for tag in preference.tags {
            if tag == "en" || tag.hasPrefix("en_") { return nil }
            if shipped.contains(tag) { return tag }
            if let nearest = nearestShipped[tag] { return nearest }
        }
        return nil
    }

    static func messages(preference: LanguagePreference, environment: [String: String]) -> Messages {
        guard let language = language(for: preference) else { return .english }
        return Messages(
            language: language,
            lookup: DeferredCatalog(language: language) { candidateDirectories(environment: environment) })
    }

    /// Where catalogs may be, most specific first. Paths are joined as text.
    static func candidateDirectories(environment: [String: String]) -> [String] {
        var candidates: [String] = []
        if let explicit = environment["TUI_ONBOARD_LOCALEDIR"], !explicit.isEmpty { candidates.append(explicit) }
        if let executable = AssetLocator.executablePath() {
            candidates.append(parent(of: parent(of: executable)) + "/share/locale")
        }
        // A development build: Sources/tui-onboard/MessageCatalogLocator.swift -> .build/locale.
        candidates.append(parent(of: parent(of: parent(of: #filePath))) + "/.build/locale")
        return candidates
    }

    /// `path` without its last component ("/a/b/c" -> "/a/b").
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The catalog of one language, found at its first lookup; English when none is found (a
    /// development build before `make messages`) or the one found is damaged.
    final class DeferredCatalog: MessageLookup {
        let language: String
        /// Where to look, worked out at the first lookup too.
        let directories: @Sendable () -> [String]
        private let found = Mutex<GettextCatalog??>(nil)

        init(language: String, directories: @escaping @Sendable () -> [String]) {
            self.language = language
            self.directories = directories
        }

        var catalog: GettextCatalog? {
            found.withLock { found in
                if let found { return found }
                // A damaged catalog (glibc would crash on it) counts as none: English instead.
                let directory = directories().first {
                    let path = GettextCatalog.catalogPath(directory: $0, language: language)
                    return access(path, R_OK) == 0 && GettextCatalog.isWellFormed(path: path)
                }
                let catalog = directory.map { GettextCatalog(directory: $0, language: language) }
                found = .some(catalog)
                return catalog
            }
        }

        func translation(of english: String) -> String {
            catalog?.translation(of: english) ?? english
        }

        func translation(of english: String, plural englishPlural: String, count: Int) -> String {
            catalog?.translation(of: english, plural: englishPlural, count: count)
                ?? (count == 1 ? english : englishPlural)
        }
    }
}
