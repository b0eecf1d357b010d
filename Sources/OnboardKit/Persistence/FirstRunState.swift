import Foundation

/// What the user has seen, per app: the version at which the onboarding was last finished or
/// skipped. Decides whether to show the tour, "What's New", or nothing.
public struct FirstRunState: Codable, Hashable, Sendable {
    /// How the user left the onboarding.
    public enum Completion: String, Codable, Hashable, Sendable {
        case finished, skipped
    }

    /// What one app's user has seen.
    public struct Record: Codable, Hashable, Sendable {
        public var lastSeenVersion: String
        public var completion: Completion
        public var date: Date

        public init(lastSeenVersion: String, completion: Completion, date: Date) {
            self.lastSeenVersion = lastSeenVersion
            self.completion = completion
            self.date = date
        }
    }

    /// Records by app identifier.
    public var apps: [String: Record]

    public init(apps: [String: Record] = [:]) { self.apps = apps }

    /// What to present for `appID` at `version`.
    ///
    /// - The first run (no record) shows the tour.
    /// - A newer version shows "What's New" when the bump reaches `threshold`: with the default
    ///   `.minor`, "1.4.0" to "1.5.0" or "2.0.0" counts, "1.4.0" to "1.4.1" does not.
    /// - The same, an older, or a too-small newer version shows nothing.
    /// - Versions that are not numbers ("nightly") show "What's New" whenever the text changes,
    ///   since nothing better can be known about them.
    public func shouldShow(appID: String, version: String, threshold: SemanticVersion.Part = .minor)
        -> OnboardingPresentation
    {
        guard let record = apps[appID] else { return .firstRun }
        let previous = record.lastSeenVersion
        guard let current = SemanticVersion(version), let seen = SemanticVersion(previous) else {
            return version == previous ? .none : .whatsNew(previous: previous)
        }
        guard let bump = current.bump(since: seen), bump <= threshold else { return .none }
        return .whatsNew(previous: previous)
    }

    /// Notes that the user finished or skipped the onboarding of `appID` at `version`.
    public mutating func record(appID: String, version: String, completion: Completion, date: Date) {
        apps[appID] = Record(lastSeenVersion: version, completion: completion, date: date)
    }
}
