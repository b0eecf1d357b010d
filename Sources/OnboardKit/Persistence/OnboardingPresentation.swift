/// What to show when an app starts: the full tour, the "What's New" pages, or nothing.
public enum OnboardingPresentation: Hashable, Sendable {
    /// The app has never finished or skipped the tour.
    case firstRun
    /// The app was updated past the last version the user saw.
    case whatsNew(previous: String)
    /// Nothing new to show.
    case none
}
