import OnboardKit
import OnboardTerminal

/// A user's defaults for runs, from `$XDG_CONFIG_HOME/tui-onboard/config.json` (else
/// `~/.config/tui-onboard/config.json`): `{"reduceMotion": true, "theme": "light", "images": "blocks", "accessible": true}`.
/// Options and environment variables win over it (`RunPreferences`).
public struct UserConfig: Equatable, Sendable {
    public var reducesMotion: Bool?
    public var theme: ThemeChoice?
    /// How pictures are drawn (`"images"`: `auto`, `kitty`, `sixel`, `iterm`, `blocks`, `none`).
    public var images: PictureChoice?
    /// `"accessible": true`: the tour as a conversation on plain lines (`Conversation`).
    public var isAccessible: Bool?

    public init(reducesMotion: Bool? = nil, theme: ThemeChoice? = nil) {
        self.reducesMotion = reducesMotion
        self.theme = theme
    }

    /// A config file is a few lines; anything larger is not one.
    public static let maximumByteCount = 64 * 1024

    /// Where the file is: under `XDG_CONFIG_HOME` when it is absolute (the XDG specification
    /// ignores a relative one), else under `HOME/.config`; nil with neither.
    public static func path(environment: [String: String]) -> String? {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return PathText.join(configHome, "tui-onboard/config.json")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return PathText.join(home, ".config/tui-onboard/config.json")
        }
        return nil
    }

    /// The config in `bytes`, read from `file`, with every problem found: errors (with
    /// line:column) leave `config` nil; unknown members are warnings, so that a file written
    /// for a later version still works.
    public static func decode(_ bytes: [UInt8], file: String) -> (config: UserConfig?, diagnostics: [Diagnostic]) {
        let log = DiagnosticLog(file: file)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            log.error(.root, at: error.location, error.message)
            return (nil, log.diagnostics)
        }
        guard let reader = JSONObjectReader(root, path: .root, log: log) else { return (nil, log.diagnostics) }
        var config = UserConfig()
        config.reducesMotion = reader.bool("reduceMotion")
        config.isAccessible = reader.bool("accessible")
        if let name = reader.string("theme") {
            config.theme = ThemeChoice(rawValue: name)
            if config.theme == nil, let node = reader.member("theme") {
                let names = ThemeChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                log.error(
                    JSONPath.root.appending("theme"), at: node.location,
                    "expected one of \(names), found \"\(SafeText.excerpt(name))\"")
            }
        }
        if let name = reader.string("images") {
            config.images = PictureChoice(name)
            if config.images == nil, let node = reader.member("images") {
                let names = PictureChoice.names.map { "\"\($0)\"" }.joined(separator: ", ")
                log.error(
                    JSONPath.root.appending("images"), at: node.location,
                    "expected one of \(names), found \"\(SafeText.excerpt(name))\"")
            }
        }
        reader.warnUnknownKeys(["reduceMotion", "theme", "images", "accessible"])
        // In the file's order, whichever member was read first.
        let diagnostics = log.diagnostics.enumerated().sorted { first, second in
            let a = first.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let b = second.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return a != b ? a < b : first.offset < second.offset
        }.map(\.element)
        return (log.hasErrors ? nil : config, diagnostics)
    }
}
