/// Everything the paywall's placement on screen is worked out from: the same inputs give the
/// same placement, so the app keeps the last ones and lays the paywall out only when they change.
struct PaywallRevealInputs: Hashable, Sendable {
    var presentation: PaywallPresentation
    var theme: Theme
    var content: Rect
    /// The paywall page's left edge, as the slide has it.
    var left: Int
}
