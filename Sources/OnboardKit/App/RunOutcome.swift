/// How a run ended, as the calling program reads it in the result JSON.
public enum RunOutcome: String, Codable, Hashable, Sendable, CaseIterable {
    /// The user reached the end and pressed the done button.
    case completed
    /// The user skipped the tour (`s`, Skip, or Not now on a last paywall page).
    case skipped
    /// The user quit with `q` or Esc.
    case quit
    /// Ctrl-C or a signal (SIGINT, SIGTERM, SIGHUP) ended it.
    case interrupted
    /// `--first-run` found nothing to show; `reason` says why.
    case notShown = "not-shown"

    public init(_ outcome: TourEnding) {
        switch outcome {
        case .completed: self = .completed
        case .skipped: self = .skipped
        case .dismissed: self = .quit
        case .interrupted, .terminated, .hangup: self = .interrupted
        }
    }
}
