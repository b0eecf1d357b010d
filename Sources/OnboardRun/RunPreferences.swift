import OnboardDisk
import OnboardKit
import OnboardTerminal

/// What a run uses for reduced motion and the theme. Options win over environment variables,
/// and environment variables over the config file: the nearer to the command, the stronger.
public struct RunPreferences: Equatable, Sendable {
    public var reducesMotion = false
    public var theme = ThemeChoice.auto
    /// How pictures are drawn (`--images`, the config file's `images`).
    public var pictures = PictureChoice.auto
    /// The tour as a conversation on plain lines (`Conversation`): for screen readers.
    public var isAccessible = false

    public init(reducesMotion: Bool = false, theme: ThemeChoice = .auto) {
        self.reducesMotion = reducesMotion
        self.theme = theme
    }

    /// `reducesMotion` and `theme` are the host's options (`--reduce-motion`, `--theme`): true
    /// and a theme win; false and nil leave the choice to `TUI_ONBOARD_REDUCE_MOTION` and the file.
    public static func resolve(
        reducesMotion: Bool, theme: ThemeChoice?, environment: [String: String], config: UserConfig,
        pictures: PictureChoice? = nil
    ) -> RunPreferences {
        var preferences = RunPreferences()
        // TUI_ONBOARD_REDUCE_MOTION: empty is unset; 0 turns it off, anything else on.
        let variable = environment["TUI_ONBOARD_REDUCE_MOTION"] ?? ""
        if reducesMotion {
            preferences.reducesMotion = true
        } else if !variable.isEmpty {
            preferences.reducesMotion = variable != "0"
        } else {
            preferences.reducesMotion = config.reducesMotion ?? false
        }
        preferences.theme = theme ?? config.theme ?? .auto
        preferences.pictures = pictures ?? config.images ?? .auto
        preferences.isAccessible = isAccessible(environment: environment, config: config)
        return preferences
    }

    /// `TUI_ONBOARD_ACCESSIBLE`, then the `ACCESSIBLE` other programs read too (empty is unset,
    /// 0 off, anything else on), then the config file's `"accessible"`.
    static func isAccessible(environment: [String: String], config: UserConfig) -> Bool {
        for name in ["TUI_ONBOARD_ACCESSIBLE", "ACCESSIBLE"] {
            if let value = environment[name], !value.isEmpty { return value != "0" }
        }
        return config.isAccessible ?? false
    }

    /// The preferences with the user's config file read. A config file that is not valid is an
    /// error (65), said with its file:line:column; a missing one is no error, and one that
    /// cannot be reached (a home directory this user may not enter, as under `su`) is a
    /// warning: the run goes on without it, as git does. Messages go to `say`.
    public static func load(
        reducesMotion: Bool, theme: ThemeChoice?, environment: [String: String], pictures: PictureChoice? = nil,
        say: (String) -> Void
    ) -> Result<RunPreferences, SessionStop> {
        var config = UserConfig()
        if let path = UserConfig.path(environment: environment) {
            let bytes: [UInt8]?
            do {
                bytes = try UserFile.read(path, limit: UserConfig.maximumByteCount)
            } catch {
                switch error {
                case .missing:
                    bytes = nil
                case .unreadable, .notRegularFile:
                    say("warning: \(error.description) (the config file); going on without it")
                    bytes = nil
                case .tooLarge:
                    say("\(error.description) (the config file)")
                    return .failure(SessionStop(exitCode: ExitStatus(for: error).code))
                }
            }
            if let bytes {
                let decoded = UserConfig.decode(bytes, file: path)
                for diagnostic in decoded.diagnostics { say(diagnostic.description) }
                guard let read = decoded.config else { return .failure(SessionStop(exitCode: ExitCode.badData)) }
                config = read
            }
        }
        return .success(
            resolve(
                reducesMotion: reducesMotion, theme: theme, environment: environment, config: config,
                pictures: pictures))
    }
}
