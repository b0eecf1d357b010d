/// The theme a run asks for (`--theme`, or `"theme"` in the config file).
public enum ThemeChoice: String, CaseIterable, Sendable {
    /// Ask the terminal for its background, and pick dark or light.
    case auto
    case dark
    case light
}

extension ThemeChoice {
    /// The appearance a run starts with: the one chosen, else for `auto` the guess `COLORFGBG`
    /// allows, else dark. The terminal's answer to OSC 11 may change it once the first page is
    /// up; nothing waits for it.
    public func startingAppearance(environment: [String: String]) -> Appearance {
        switch self {
        case .dark: return .dark
        case .light: return .light
        case .auto: return environment["COLORFGBG"].flatMap(Appearance.init(colorFGBG:)) ?? .dark
        }
    }
}
