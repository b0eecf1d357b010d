/// How the app behaves, chosen on the command line.
public struct AppSettings: Hashable, Sendable {
    /// Every animation becomes an instant cut (`--reduce-motion`, `TUI_ONBOARD_REDUCE_MOTION=1`).
    public var reducesMotion: Bool
    /// The fixed simulation step the shell ticks with.
    public var timeStep: Double
    /// The seed for everything random, so that every frame can be reproduced.
    public var seed: UInt64
    /// What the top bar says instead of the app's name ("What's new in Thai Drive 1.5").
    public var headline: String?
    /// Whether a completed tour asks for a rating (the deck's `review`): decided by the caller
    /// from the stored state, at most once per app version.
    public var offersReview: Bool
    /// Pages turn by themselves (`--autoplay SECONDS`, `--loop`); nil for a tour the user drives.
    public var autoplay: Autoplay?
    /// The theme's appearance to start with: the one chosen, or the shell's guess.
    public var appearance: Appearance
    /// `--theme auto`: the theme follows the background colour the terminal reports.
    public var followsTerminalBackground: Bool
    /// The user's language's direction: right-to-left mirrors the dots, Back and Next, and the
    /// arrow keys that turn pages.
    public var layoutDirection: LayoutDirection
    /// Answers the question pages start with, by question id (`--answer`, `--answers`): each
    /// page shows it picked or typed, and counts as answered.
    public var answers: [String: Answer] = [:]
    /// The entitlements active when the tour starts (as `has` answers), for pages shown
    /// `"when": {"entitled": …}`; once the paywall is built, its own answer takes over.
    public var entitled: Set<String> = []
    /// The exit offers and surveys this user was shown in runs before (the first-run state):
    /// each shows once per user.
    public var declinesShownBefore = DeclineMemory()
    /// Whether leaving a paywall without buying may bring up its exit offer and survey: not at
    /// the paywall gate, which keeps no state to show them only once by.
    public var offersOnDecline = true
    /// The shell draws PNG pictures with a graphics protocol (kitty, sixel, iTerm2): pages at
    /// rest leave their cells blank and record where they go (`Canvas.pictures`); a page in
    /// motion shows half blocks, which slide with it.
    public var drawsPicturesWithProtocol = false
    /// The terminal's cell in pixels, which sizes pictures.
    public var cellPixelSize = CellPixelSize.standard
    /// False for `--images none`: pictures are their alt text.
    public var showsPictures = true

    public init(
        reducesMotion: Bool = false, timeStep: Double = 1.0 / 60, seed: UInt64 = 0, headline: String? = nil,
        offersReview: Bool = false, autoplay: Autoplay? = nil, appearance: Appearance = .dark,
        followsTerminalBackground: Bool = false, layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.layoutDirection = layoutDirection
        self.appearance = appearance
        self.followsTerminalBackground = followsTerminalBackground
        self.offersReview = offersReview
        self.autoplay = autoplay
        self.reducesMotion = reducesMotion
        self.timeStep = timeStep
        self.seed = seed
        self.headline = headline
    }
}
