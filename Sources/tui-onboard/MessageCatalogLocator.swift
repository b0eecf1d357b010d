import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// Chooses the messages of a run: the first of the user's languages that is English or has a
/// compiled catalog. An English run opens no catalog; another looks at one file per language
/// tried before gettext maps the one chosen.
///
/// The catalogs are `LANG/LC_MESSAGES/tui-onboard.mo` under the first directory that has them:
/// `TUI_ONBOARD_LOCALEDIR`, `PREFIX/share/locale` beside an installed binary, or `.build/locale`
/// of the source tree, where `make messages` compiles them.
enum MessageCatalogLocator {
    /// A language with no catalog of its own read as the nearest one shipped: Portuguese as
    /// Brazilian Portuguese, Chinese of the mainland and Singapore in simplified script, and
    /// Hebrew's withdrawn code.
    static let nearestShipped: [String: String] = [
        "pt": "pt_BR", "zh": "zh_Hans", "zh_CN": "zh_Hans", "zh_SG": "zh_Hans", "zh_MY": "zh_Hans", "iw": "he",
    ]

    static func messages(preference: LanguagePreference, environment: [String: String]) -> Messages {
        // Worked out at the first language that is not English: an English run touches no file.
        var directories: [String]?
        for tag in preference.tags {
            if tag == "en" || tag.hasPrefix("en_") { return .english }
            let candidates = directories ?? candidateDirectories(environment: environment)
            directories = candidates
            for language in [tag, nearestShipped[tag]].compactMap({ $0 }) {
                if let directory = candidates.first(where: {
                    access(GettextCatalog.catalogPath(directory: $0, language: language), R_OK) == 0
                }) {
                    return Messages(
                        language: language, lookup: GettextCatalog(directory: directory, language: language))
                }
            }
        }
        return .english
    }

    /// Where catalogs may be, most specific first. Paths are joined as text: no file is looked
    /// at until a catalog is.
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

    /// `path` without its last component ("/a/b/c" -> "/a/b"; "/a" -> "").
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
