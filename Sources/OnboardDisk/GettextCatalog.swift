import CGettext
import Glibc
import OnboardKit
import Synchronization

/// Translations from the C library's gettext: the `.mo` files that `msgfmt` compiles from `po/`,
/// in `directory/LANG/LC_MESSAGES/tui-onboard.mo`.
///
/// gettext picks its language from `LANGUAGE` unless the messages locale is plain `C`; that
/// works whether or not the user's locale is installed (these machines have only `C.UTF-8`).
/// So each lookup runs with the thread's messages locale set to `C.UTF-8` (never `C`) and
/// `LANGUAGE` set to the catalog's language, both put back afterwards, and asks for UTF-8
/// whatever the character locale is.
///
/// gettext's state is the process's: a run makes one catalog, but tests draw in several, so each
/// lookup holds one lock, and gettext's cache is dropped only when the previous lookup was
/// another catalog's.
public final class GettextCatalog: MessageLookup {
    public static let domain = "tui-onboard"
    public let language: String
    public let directory: String

    /// The language and directory gettext is set to, shared by every catalog.
    private static let inForce = Mutex<(language: String, directory: String)?>(nil)

    /// A catalog of `language` (a directory name under `directory`, such as `pt_BR`).
    public init(directory: String, language: String) {
        self.language = language
        self.directory = directory
    }

    public func translation(of english: String) -> String {
        english.withCString { id in
            lookUp {
                // gettext hands back the msgid itself when it has no translation: that pointer is
                // this call's temporary copy, so it is compared, never read after the call.
                let found = dgettext(Self.domain, id)
                return found.flatMap { UnsafePointer($0) == id ? nil : String(cString: $0) }
            }
        } ?? english
    }

    public func translation(of english: String, plural englishPlural: String, count: Int) -> String {
        // gettext's count is an unsigned long; a negative count has no plural form of its own.
        let number = UInt(clamping: max(0, count))
        let found = english.withCString { id in
            englishPlural.withCString { pluralID in
                lookUp {
                    let found = dngettext(Self.domain, id, pluralID, number)
                    return found.flatMap {
                        UnsafePointer($0) == id || UnsafePointer($0) == pluralID ? nil : String(cString: $0)
                    }
                }
            }
        }
        return found ?? (count == 1 ? english : englishPlural)
    }

    private func lookUp(_ find: () -> String?) -> String? {
        Self.inForce.withLock { current in
            // The messages locale is this thread's for the lookup only: the process's stays as
            // it was, so strerror and every other user of gettext keep their own language.
            guard let messagesLocale = Self.messagesLocale else { return nil }
            let previous = uselocale(messagesLocale)
            defer { uselocale(previous) }
            // `LANGUAGE` is the catalog's during the lookup only, so no child process inherits it.
            let callersLanguage = getenv("LANGUAGE").map { String(cString: $0) }
            setenv("LANGUAGE", language, 1)
            defer {
                if let callersLanguage { setenv("LANGUAGE", callersLanguage, 1) } else { unsetenv("LANGUAGE") }
            }
            if current?.language != language || current?.directory != directory {
                bindtextdomain(Self.domain, directory)
                bind_textdomain_codeset(Self.domain, "UTF-8")
                // gettext caches what it found for the previous LANGUAGE; setting the domain
                // again is the documented way to drop that cache.
                textdomain(textdomain(nil))
                current = (language, directory)
            }
            return find()
        }
    }

    /// `C.UTF-8` for messages, the one locale every glibc has built in: not plain `C`, under
    /// which gettext ignores `LANGUAGE`.
    private nonisolated(unsafe) static let messagesLocale: locale_t? = newlocale(
        Int32(1 << LC_MESSAGES), "C.UTF-8", nil)

    /// True when the compiled catalog at `path` can be handed to glibc (`CompiledCatalogCheck`).
    public static func isWellFormed(path: String) -> Bool { CompiledCatalogCheck.isWellFormed(path: path) }

    /// The path of `language`'s compiled catalog under `directory`.
    public static func catalogPath(directory: String, language: String) -> String {
        "\(directory)/\(language)/LC_MESSAGES/\(domain).mo"
    }
}
