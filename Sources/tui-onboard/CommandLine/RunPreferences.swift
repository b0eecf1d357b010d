/// What a run uses for reduced motion and the theme. Options win over environment variables,
/// and environment variables over the config file: the nearer to the command, the stronger.
struct RunPreferences: Equatable {
    var reducesMotion = false
    var theme = ThemeChoice.auto

    static func resolve(options: Options, environment: [String: String], config: UserConfig) -> RunPreferences {
        var preferences = RunPreferences()
        // TUI_ONBOARD_REDUCE_MOTION: empty is unset; 0 turns it off, anything else on.
        let variable = environment["TUI_ONBOARD_REDUCE_MOTION"] ?? ""
        if options.tour.reducesMotion {
            preferences.reducesMotion = true
        } else if !variable.isEmpty {
            preferences.reducesMotion = variable != "0"
        } else {
            preferences.reducesMotion = config.reducesMotion ?? false
        }
        preferences.theme = options.tour.theme ?? config.theme ?? .auto
        return preferences
    }
}
