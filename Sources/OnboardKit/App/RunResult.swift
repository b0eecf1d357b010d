import FoundationEssentials

/// What happened in one run, for the program that started it (`--result-json`). The format is
/// documented in docs/result-json.md and Assets/schemas/result.schema.json; `version` changes only when
/// a field changes meaning or goes away (new fields may be added in the same version).
public struct RunResult: Encodable, Hashable, Sendable {
    public static let formatVersion = 1

    public struct App: Encodable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var version: String
        /// The last version seen before this run; nil on a first launch.
        public var previousVersion: String?

        public init(id: String, name: String, version: String, previousVersion: String?) {
            self.id = id
            self.name = name
            self.version = version
            self.previousVersion = previousVersion
        }

        enum CodingKeys: CodingKey { case id, name, version, previousVersion }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(version, forKey: .version)
            try container.encode(previousVersion, forKey: .previousVersion)
        }
    }

    /// A transaction this run recorded in the ledger.
    public struct Purchase: Encodable, Hashable, Sendable {
        public var transactionID: String
        public var productID: String
        /// The ledger's state: purchased, pending (ask to buy), approved, declined, …
        public var state: String
        public var date: Date
        public var expiresDate: Date?

        public init(_ transaction: LedgerTransaction) {
            transactionID = transaction.id
            productID = transaction.productID
            state = transaction.state.rawValue
            date = transaction.purchaseDate
            expiresDate = transaction.expiresDate
        }

        enum CodingKeys: CodingKey { case transactionID, productID, state, date, expiresDate }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(transactionID, forKey: .transactionID)
            try container.encode(productID, forKey: .productID)
            try container.encode(state, forKey: .state)
            try container.encode(date, forKey: .date)
            try container.encode(expiresDate, forKey: .expiresDate)
        }
    }

    /// A restore this run finished.
    public struct Restore: Encodable, Hashable, Sendable {
        public var date: Date
        /// Entitlements it made active again.
        public var restored: [String]

        public init(_ restore: StoreSimulator.CompletedRestore) {
            date = restore.date
            restored = restore.restored
        }
    }

    /// An entitlement active when the run ended.
    public struct ActiveEntitlement: Encodable, Hashable, Sendable {
        public var id: String
        /// The product that grants it.
        public var productID: String?
        /// Nil for a lifetime purchase.
        public var expiresDate: Date?
        public var willRenew: Bool
        /// "normal", "intro" or "trial" for subscriptions; nil for one-time purchases.
        public var periodType: String?

        public init?(_ status: EntitlementStatus) {
            id = status.entitlement.id
            productID = status.productID
            periodType = status.periodType?.rawValue
            switch status.state {
            case .lifetime:
                expiresDate = nil
                willRenew = false
            case .active(let until, let renews):
                expiresDate = until
                willRenew = renews
            case .inGracePeriod(let until):
                expiresDate = until
                willRenew = status.subscription?.willRenew ?? true
            case .notPurchased, .expired, .awaitingApproval, .inBillingRetry, .refunded, .revoked, .licenseFileExpired:
                return nil
            }
        }

        enum CodingKeys: CodingKey { case id, productID, expiresDate, willRenew, periodType }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(productID, forKey: .productID)
            try container.encode(expiresDate, forKey: .expiresDate)
            try container.encode(willRenew, forKey: .willRenew)
            try container.encode(periodType, forKey: .periodType)
        }
    }

    /// The review prompt, when it was shown in this run.
    public struct Review: Encodable, Hashable, Sendable {
        /// "rated", "later" or "never"; nil when the run ended with the box open.
        public var answer: String?
        public var stars: Int?

        public init(_ answer: ReviewAnswer?) {
            self.answer = answer?.name
            stars = answer?.stars
        }

        enum CodingKeys: CodingKey { case answer, stars }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(answer, forKey: .answer)
            try container.encode(stars, forKey: .stars)
        }
    }

    /// Whether the first-run state on disk holds what this run did.
    public struct State: Encodable, Hashable, Sendable {
        /// True when the state file was written, or needed no change.
        public var saved: Bool
        /// The state file.
        public var path: String
        /// What went wrong reading or writing it (moved aside as damaged, not writable).
        public var problems: [String]

        public init(saved: Bool, path: String, problems: [String] = []) {
            self.saved = saved
            self.path = path
            self.problems = problems
        }
    }

    public var outcome: RunOutcome
    public var reason: NotShownReason?
    public var mode: RunMode?
    public var plain: Bool
    public var app: App
    /// Indexes into the deck's pages of every page that came into view, in deck order.
    public var pagesSeen: [Int]
    public var lastPage: Int?
    public var seconds: Double
    public var purchases: [Purchase]
    public var restores: [Restore]
    /// Nil when the deck has no catalog: entitlements are not known then.
    public var entitlements: [ActiveEntitlement]?
    public var review: Review?
    /// The answers to question pages given in this run (or on the command line), by id.
    public var answers: [String: Answer] = [:]
    /// The run's experiment assignments, experiment id -> variant id; empty for none.
    public var assignments: [String: String] = [:]
    public var state: State
    /// True when the store used the sandbox ledger (a simulated clock, or `--sandbox`): the
    /// purchases are not what `status` and `has` report without `--sandbox`.
    public var sandbox: Bool
    public var exitCode: Int32

    public init(
        outcome: RunOutcome, reason: NotShownReason? = nil, mode: RunMode?, plain: Bool, app: App,
        pagesSeen: [Int] = [], lastPage: Int? = nil, seconds: Double = 0, purchases: [Purchase] = [],
        restores: [Restore] = [], entitlements: [ActiveEntitlement]? = nil, review: Review? = nil, state: State,
        sandbox: Bool = false, exitCode: Int32
    ) {
        self.sandbox = sandbox
        self.outcome = outcome
        self.reason = reason
        self.mode = mode
        self.plain = plain
        self.app = app
        self.pagesSeen = pagesSeen
        self.lastPage = lastPage
        self.seconds = seconds
        self.purchases = purchases
        self.restores = restores
        self.entitlements = entitlements
        self.review = review
        self.state = state
        self.exitCode = exitCode
    }

    enum CodingKeys: String, CodingKey {
        case version, outcome, reason, mode, plain, app, pagesSeen, lastPage, seconds, purchases, restores
        case entitlements, review, answers, assignments, state, sandbox, exitCode
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(reason, forKey: .reason)
        try container.encode(mode, forKey: .mode)
        try container.encode(plain, forKey: .plain)
        try container.encode(app, forKey: .app)
        try container.encode(pagesSeen, forKey: .pagesSeen)
        try container.encode(lastPage, forKey: .lastPage)
        // Milliseconds are enough, and keep the text short and stable.
        try container.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try container.encode(purchases, forKey: .purchases)
        try container.encode(restores, forKey: .restores)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encode(review, forKey: .review)
        try container.encode(answers, forKey: .answers)
        try container.encode(assignments, forKey: .assignments)
        try container.encode(state, forKey: .state)
        try container.encode(sandbox, forKey: .sandbox)
        try container.encode(exitCode, forKey: .exitCode)
    }

    /// The JSON text, keys sorted, dates as ISO 8601 in UTC, ending in a newline.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Every value is a plain string, number, date or list: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return Data((JSONString.escapingControls(inDocument: String(decoding: data, as: UTF8.self)) + "\n").utf8)
    }
}
