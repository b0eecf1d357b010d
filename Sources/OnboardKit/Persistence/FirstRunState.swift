import FoundationEssentials

/// What the user has seen, per app: the last version whose onboarding was finished or skipped
/// (and when), and the review prompt's answer. Decides whether to show the tour, the pages new
/// since then, or nothing.
///
/// The file format only grows: every field added since the first one is optional, so a state
/// file written by an earlier version loads, and `status` can report all of it.
public struct FirstRunState: Codable, Hashable, Sendable {
    /// How the user left the onboarding.
    public enum Completion: String, Codable, Hashable, Sendable {
        case finished, skipped
    }

    /// What one app's user has seen.
    public struct Record: Codable, Hashable, Sendable {
        /// The newest version whose onboarding (or "What's New") was seen.
        public var lastSeenVersion: String
        /// How the user left it the last time it was shown.
        public var completion: Completion
        /// When it was last shown, or the version last noted.
        public var date: Date
        /// The review prompt: when it was last shown and what the user answered. Nil until it
        /// has been shown.
        public var review: ReviewRecord?
        /// The catalog the app's deck named when its tour last ran (an absolute path), so that
        /// `has` and `status` can answer for the app by its id alone.
        public var catalogPath: String?
        /// True when a `skipped` tour was left with `q` or Esc rather than Skip; nil otherwise.
        /// A field beside `completion`, not a third completion: versions that know only
        /// `finished` and `skipped` would read a `quit` there as a damaged file, while they
        /// ignore a member they do not know and read a quit as the skip it also is.
        public var quit: Bool?
        /// The answers to the deck's question pages, by question id; nil until one is given.
        /// A later run's answer to a question replaces the earlier one; the others stay.
        public var answers: [String: Answer]?
        /// The exit offers and surveys of declined paywalls shown to this user, by id, sorted:
        /// each shows once per user. Nil until one has shown.
        public var exitOffersShown: [String]?
        public var surveysShown: [String]?

        /// `exitOffersShown` and `surveysShown` as one value.
        public var declinesShown: DeclineMemory {
            get { DeclineMemory(exitOffers: Set(exitOffersShown ?? []), surveys: Set(surveysShown ?? [])) }
            set {
                exitOffersShown = newValue.exitOffers.isEmpty ? nil : newValue.exitOffers.sorted()
                surveysShown = newValue.surveys.isEmpty ? nil : newValue.surveys.sorted()
            }
        }

        public init(
            lastSeenVersion: String, completion: Completion, date: Date, review: ReviewRecord? = nil,
            catalogPath: String? = nil, quit: Bool? = nil
        ) {
            self.lastSeenVersion = lastSeenVersion
            self.completion = completion
            self.date = date
            self.review = review
            self.catalogPath = catalogPath
            self.quit = quit
        }

        /// Whether the user left the tour with `q` or Esc: only ever a skip.
        public var wasQuit: Bool { completion == .skipped && quit == true }
    }

    /// Records by app identifier.
    public var apps: [String: Record]
    /// The catalogs of apps that have no record, by app identifier: named by a paywall gate
    /// (which writes no record), or kept when a record was forgotten. Nil rather than empty, so
    /// a state without any writes the file it always did. See `catalogPath(forApp:)`.
    public internal(set) var catalogPaths: [String: String]?
    /// Each app's experiment assignments (experiment id -> variant id), kept from the first
    /// tour that showed them so that later weights move no one. Nil rather than empty, as above.
    public internal(set) var assignments: [String: [String: String]]?
    /// When each app's user first met a paywall with a countdown `"for"` a while, so the offer
    /// ends at one time however often the tour is shown. Nil rather than empty, as above.
    public internal(set) var countdownStarts: [String: Date]?

    public init(apps: [String: Record] = [:], catalogPaths: [String: String] = [:]) {
        self.apps = apps
        self.catalogPaths = catalogPaths.isEmpty ? nil : catalogPaths
    }

    /// What to present for `appID` at `version`, given the version each page was introduced in
    /// (`pageSince`, one entry per page of the deck, nil for pages as old as the app).
    ///
    /// - No record: the whole tour.
    /// - A newer version (semantic versions, pre-releases before their release, build metadata
    ///   ignored): the pages whose `since` lies after the last version seen and up to this one;
    ///   none such is `.nothing(.noNewPages)`.
    /// - The same or an older version: `.nothing(.seen)`.
    /// - Versions that are not semantic versions ("nightly") cannot place a page: a different
    ///   text is `.noNewPages`, the same text `.seen`.
    public func presentation(appID: String, version: String, pageSince: [String?] = []) -> OnboardingPresentation {
        guard let record = apps[appID] else { return .firstRun }
        let previous = record.lastSeenVersion
        guard let current = SemanticVersion(version), let seen = SemanticVersion(previous) else {
            return .nothing(version == previous ? .seen : .noNewPages)
        }
        guard seen < current else { return .nothing(.seen) }
        let pages = pageSince.indices.filter { index in
            guard let text = pageSince[index], let since = SemanticVersion(text) else { return false }
            return seen < since && !(current < since)
        }
        return pages.isEmpty ? .nothing(.noNewPages) : .whatsNew(previous: previous, pages: pages)
    }

    /// Whether the review prompt may be shown for `appID` at `version`: never after an answer
    /// or "Never", and at most once per app version.
    public func offersReview(appID: String, version: String) -> Bool {
        guard let review = apps[appID]?.review else { return true }
        switch review.answer {
        case .rated, .never: return false
        case .later, nil: return review.version != version
        }
    }

    /// Notes that the user finished or skipped the onboarding of `appID` at `version`
    /// (`quit`: skipped with `q` or Esc). A downgrade keeps the newer version seen, so the
    /// upgrade back shows nothing again.
    public mutating func record(appID: String, version: String, completion: Completion, date: Date, quit: Bool = false)
    {
        var record = apps[appID] ?? Record(lastSeenVersion: version, completion: completion, date: date)
        record.lastSeenVersion = Self.newer(record.lastSeenVersion, version)
        record.completion = completion
        record.quit = quit && completion == .skipped ? true : nil
        record.date = date
        apps[appID] = record
    }

    /// Notes that `version` was started with nothing new to show: its pages count as seen.
    /// Returns whether anything changed.
    @discardableResult
    public mutating func noteVersion(appID: String, version: String, date: Date) -> Bool {
        guard var record = apps[appID], Self.newer(record.lastSeenVersion, version) != record.lastSeenVersion else {
            return false
        }
        record.lastSeenVersion = version
        record.date = date
        apps[appID] = record
        return true
    }

    /// Notes that the review prompt was shown for `appID` at `version` and how it was answered
    /// (nil: the run ended with the box open).
    public mutating func recordReview(appID: String, version: String, answer: ReviewAnswer?, date: Date) {
        guard var record = apps[appID] else { return }
        record.review = ReviewRecord(version: version, answer: answer, date: date)
        apps[appID] = record
    }

    /// The newer of two versions; `candidate` when they cannot be compared.
    static func newer(_ current: String, _ candidate: String) -> String {
        guard let old = SemanticVersion(current), let new = SemanticVersion(candidate) else { return candidate }
        return new < old ? current : candidate
    }
}

/// The review prompt as the state keeps it: the version it was last shown at, the answer, when.
public struct ReviewRecord: Codable, Hashable, Sendable {
    public var version: String
    public var answer: ReviewAnswer?
    public var date: Date

    public init(version: String, answer: ReviewAnswer?, date: Date) {
        self.version = version
        self.answer = answer
        self.date = date
    }

    enum CodingKeys: String, CodingKey { case version, answer, stars, date }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(String.self, forKey: .version)
        date = try container.decode(Date.self, forKey: .date)
        let kind = try container.decodeIfPresent(String.self, forKey: .answer)
        let stars = try container.decodeIfPresent(Int.self, forKey: .stars)
        switch kind {
        case nil: answer = nil
        case "later": answer = .later
        case "never": answer = .never
        case "rated":
            guard let stars, (1...5).contains(stars) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .stars, in: container, debugDescription: "a rating needs stars from 1 to 5")
            }
            answer = .rated(stars: stars)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .answer, in: container, debugDescription: "expected \"rated\", \"later\" or \"never\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(answer?.name, forKey: .answer)
        try container.encodeIfPresent(answer?.stars, forKey: .stars)
    }
}

/// How the user answered the review prompt.
public enum ReviewAnswer: Hashable, Sendable {
    /// One to five stars.
    case rated(stars: Int)
    /// Ask again with a later version.
    case later
    /// Never ask again.
    case never

    /// "rated", "later" or "never", as the state and the result JSON write it.
    public var name: String {
        switch self {
        case .rated: return "rated"
        case .later: return "later"
        case .never: return "never"
        }
    }

    public var stars: Int? {
        if case .rated(let stars) = self { return stars }
        return nil
    }
}
