/// The theme a run asks for (`--theme`, or `"theme"` in the config file).
enum ThemeChoice: String, CaseIterable, Sendable {
    /// Ask the terminal for its background, and pick dark or light.
    case auto
    case dark
    case light
}
