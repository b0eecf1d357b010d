import Glibc
import OnboardDisk
import OnboardKit
import Synchronization

/// Chooses the messages of a run: the first of the user's languages that is English or one of
/// the catalogs shipped. Nothing is looked up until a message is shown: a run with nothing to
/// show, in any language, opens no file and runs no code to find a catalog.
///
/// The catalogs are `LANG/LC_MESSAGES/tui-onboard.mo` under the first directory that has them:
/// `TUI_ONBOARD_LOCALEDIR`, else `share/locale` beside the binary's own directory
/// (`PREFIX/bin/tui-onboard` reads `PREFIX/share/locale`, wherever PREFIX is: `/usr`, a tarball
/// unpacked anywhere, or `.build/TRIPLE` for `.build/TRIPLE/debug/tui-onboard`, where `make
/// messages` compiles them). No path of the tree the binary was built in is compiled in.
public enum MessageCatalogLocator {
    /// The languages of `po/` (a test keeps the two the same).
    public static let shipped: Set<String> = [
        "ar", "de", "es", "fr", "he", "it", "ja", "ko", "pl", "pt_BR", "ru", "zh_Hans",
    ]

    /// A language with no catalog of its own read as the nearest one shipped: Portuguese as
    /// Brazilian Portuguese, Chinese of the mainland and Singapore in simplified script, and
    /// Hebrew's withdrawn code.
    public static let nearestShipped: [String: String] = [
        "pt": "pt_BR", "zh": "zh_Hans", "zh_CN": "zh_Hans", "zh_SG": "zh_Hans", "zh_MY": "zh_Hans", "iw": "he",
    ]

    /// The catalog language for the preference: nil for English.
    public static func language(for preference: LanguagePreference) -> String? {
        for tag in preference.tags {
            if tag == "en" || tag.hasPrefix("en_") { return nil }
            if shipped.contains(tag) { return tag }
            if let nearest = nearestShipped[tag] { return nearest }
        }
        return nil
    }

    /// The messages of the preference's language, from the catalogs in `directories` (default:
    /// `candidateDirectories`), looked for at the first message shown.
    public static func messages(
        preference: LanguagePreference, environment: [String: String], directories: [String]? = nil
    ) -> Messages {
        guard let language = language(for: preference) else { return .english }
        return Messages(
            language: language,
            lookup: DeferredCatalog(language: language) {
                directories ?? candidateDirectories(environment: environment)
            })
    }

    /// A directory catalogs may be in, and what says so.
    public struct Candidate: Equatable, Sendable {
        public var directory: String
        /// `TUI_ONBOARD_LOCALEDIR`, or "beside the executable".
        public var origin: String
    }

    /// Where catalogs may be, most specific first. Paths are joined as text.
    public static func candidates(environment: [String: String], executable: String?) -> [Candidate] {
        var candidates: [Candidate] = []
        if let explicit = environment["TUI_ONBOARD_LOCALEDIR"], !explicit.isEmpty {
            candidates.append(Candidate(directory: explicit, origin: "TUI_ONBOARD_LOCALEDIR"))
        }
        if let executable {
            candidates.append(
                Candidate(
                    directory: parent(of: parent(of: executable)) + "/share/locale", origin: "beside the executable"))
        }
        return candidates
    }

    public static func candidateDirectories(environment: [String: String]) -> [String] {
        candidates(environment: environment, executable: executablePath()).map(\.directory)
    }

    /// The first of `directories` with a catalog of `language` that can be read. A damaged
    /// catalog (glibc would crash on it) counts as none.
    public static func firstDirectory(holding language: String, among directories: [String]) -> String? {
        directories.first { directory in
            let path = GettextCatalog.catalogPath(directory: directory, language: language)
            return access(path, R_OK) == 0 && GettextCatalog.isWellFormed(path: path)
        }
    }

    /// What to tell the user when their language is one of ours but no catalog of it can be
    /// read (a binary copied without its `share/locale`, a damaged catalog): said once on
    /// stderr before anything is shown, while the app's own words fall back to English. Nil
    /// when the catalog is there, or the messages are English.
    public static func missingCatalogNotice(for messages: Messages) -> String? {
        guard let deferred = messages.lookup as? DeferredCatalog, deferred.catalog == nil else { return nil }
        let places = deferred.directories().map { directory in
            let path = GettextCatalog.catalogPath(directory: directory, language: deferred.language)
            if access(path, R_OK) == 0 { return "\(path) is damaged" }
            return errno == ENOENT || errno == ENOTDIR ? "\(path) is missing" : "\(path) cannot be read"
        }
        let looked = places.isEmpty ? "" : " (" + places.joined(separator: "; ") + ")"
        return "no message catalog for \"\(deferred.language)\" was found\(looked); the app's own words are in English."
            + " Install the package's share/locale beside its bin directory, or set TUI_ONBOARD_LOCALEDIR"
    }

    /// The running binary's path as the kernel has it (symbolic links followed), which the
    /// message catalogs are found beside; `argv[0]` when /proc is not mounted.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` without its last component ("/a/b/c" -> "/a/b").
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The catalog of one language, found at its first lookup; English when none is found (a
    /// development build before `make messages`) or the one found is damaged.
    public final class DeferredCatalog: MessageLookup {
        public let language: String
        /// Where to look, worked out at the first lookup too.
        public let directories: @Sendable () -> [String]
        private let found = Mutex<GettextCatalog??>(nil)

        public init(language: String, directories: @escaping @Sendable () -> [String]) {
            self.language = language
            self.directories = directories
        }

        public var catalog: GettextCatalog? {
            found.withLock { found in
                if let found { return found }
                let directory = MessageCatalogLocator.firstDirectory(holding: language, among: directories())
                let catalog = directory.map { GettextCatalog(directory: $0, language: language) }
                found = .some(catalog)
                return catalog
            }
        }

        public func translation(of english: String) -> String {
            catalog?.translation(of: english) ?? english
        }

        public func translation(of english: String, plural englishPlural: String, count: Int) -> String {
            catalog?.translation(of: english, plural: englishPlural, count: count)
                ?? (count == 1 ? english : englishPlural)
        }
    }
}
