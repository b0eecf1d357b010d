/// What to show when an app starts with `--first-run`: the whole tour, the pages that are new
/// since the last version seen, or nothing (and why).
public enum OnboardingPresentation: Hashable, Sendable {
    /// The app has never finished or skipped the tour: every page.
    case firstRun
    /// The app was updated past the last version the user saw, and these pages (indexes into
    /// the deck's pages, in deck order) were introduced since.
    case whatsNew(previous: String, pages: [Int])
    /// Nothing to show.
    case nothing(NotShownReason)
}

/// Why a `--first-run` start showed nothing; the result JSON names it.
public enum NotShownReason: String, Hashable, Sendable, Codable {
    /// This version, or a newer one, was seen already.
    case seen
    /// The app is newer than the last version seen, but no page was introduced in between.
    case noNewPages = "no-new-pages"
    /// `paywall --if-needed`: the entitlement is active, so there is no paywall to show.
    case entitled
}
