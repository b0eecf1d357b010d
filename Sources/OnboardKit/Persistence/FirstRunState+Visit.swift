import FoundationEssentials

/// What one run did, as far as the first-run state is concerned.
public struct FirstRunVisit: Hashable, Sendable {
    public var appID: String
    public var version: String
    public var outcome: RunOutcome
    /// Why nothing was shown, for `.notShown`.
    public var reason: NotShownReason?
    /// Whether the review box was shown, and its answer (nil: left open).
    public var reviewShown: Bool
    public var reviewAnswer: ReviewAnswer?
    public var date: Date
    /// The catalog the deck named (an absolute path), remembered for `has --app`.
    public var catalogPath: String?
    /// The answers given in the run, kept with the app's record once it has one.
    public var answers: [String: Answer] = [:]
    /// The exit offers and surveys first shown in the run, kept as the answers are.
    public var declinesShown = DeclineMemory()

    public init(
        appID: String, version: String, outcome: RunOutcome, reason: NotShownReason? = nil, reviewShown: Bool = false,
        reviewAnswer: ReviewAnswer? = nil, date: Date, catalogPath: String? = nil
    ) {
        self.catalogPath = catalogPath
        self.appID = appID
        self.version = version
        self.outcome = outcome
        self.reason = reason
        self.reviewShown = reviewShown
        self.reviewAnswer = reviewAnswer
        self.date = date
    }
}

extension FirstRunState {
    /// The state after a run:
    ///
    /// - completed: seen at this version, finished; skipped or quit (`q`): seen, skipped (a quit
    ///   marked as one);
    /// - interrupted (Ctrl-C, a signal): nothing changes, the tour shows again;
    /// - not shown for want of new pages: this version counts as seen; already seen: no change;
    /// - a shown review box is noted with its answer, so it is not offered again at this version.
    ///
    /// Returns whether anything changed: when nothing did, nothing need be written.
    @discardableResult
    public mutating func apply(_ visit: FirstRunVisit) -> Bool {
        let before = self
        switch visit.outcome {
        case .completed:
            record(appID: visit.appID, version: visit.version, completion: .finished, date: visit.date)
        case .skipped, .quit:
            record(
                appID: visit.appID, version: visit.version, completion: .skipped, date: visit.date,
                quit: visit.outcome == .quit)
        case .interrupted:
            break
        case .notShown:
            if visit.reason == .noNewPages { noteVersion(appID: visit.appID, version: visit.version, date: visit.date) }
        }
        if visit.reviewShown {
            recordReview(appID: visit.appID, version: visit.version, answer: visit.reviewAnswer, date: visit.date)
        }
        // Only an app with a record: an interrupted first run leaves no trace at all.
        if !visit.answers.isEmpty, visit.outcome != .interrupted, var record = apps[visit.appID] {
            record.answers = (record.answers ?? [:]).merging(visit.answers) { $1 }
            apps[visit.appID] = record
        }
        if !visit.declinesShown.isEmpty, visit.outcome != .interrupted, var record = apps[visit.appID] {
            record.declinesShown = record.declinesShown.union(visit.declinesShown)
            apps[visit.appID] = record
        }
        if let catalogPath = visit.catalogPath, apps[visit.appID] != nil {
            apps[visit.appID]?.catalogPath = catalogPath
        }
        adoptCatalog(ofApp: visit.appID)
        return self != before
    }
}
