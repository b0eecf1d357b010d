import FoundationEssentials

/// The numbers `tui-onboard report` prints: the funnel of every run, then per variant of each
/// experiment, with conversion, its Wilson interval and the probability each variant is best.
/// A run counts when the files hold its `tourStarted`; every step is a count of such runs
/// (a run that viewed a page three times counts once there).
public struct FunnelReport: Equatable, Sendable {
    public struct PageCount: Equatable, Sendable {
        public var index: Int
        /// The page's id, for the kinds of page that have one (a question's).
        public var id: String?
        public var runs: Int
    }

    public struct QuestionCount: Equatable, Sendable {
        public var id: String
        public var runs: Int
    }

    public struct Revenue: Equatable, Sendable {
        public var currency: String
        public var amount: Decimal
    }

    /// Purchases over runs, and the 95% Wilson interval around it; nil without runs.
    public struct Conversion: Equatable, Sendable {
        public var rate: Double
        public var interval: WilsonInterval
    }

    public struct Funnel: Equatable, Sendable {
        public var runs = 0
        public var pages: [PageCount] = []
        public var questions: [QuestionCount] = []
        public var paywall = 0
        public var exitOffer = 0
        public var trials = 0
        public var purchases = 0
        /// Summed per currency, sorted by code; amounts in different currencies are never added.
        public var revenue: [Revenue] = []
        public var conversion: Conversion?
    }

    public struct Variant: Equatable, Sendable {
        public var id: String
        public var funnel: Funnel
        /// Nil while the experiment has fewer than two variants with runs.
        public var probabilityBest: Double?
    }

    public struct Experiment: Equatable, Sendable {
        public var id: String
        public var variants: [Variant]
        public var method: BestVariantProbability.Method?
        /// True when a variant has fewer than `minimumOutcomes` purchases or runs without one.
        public var isTooSmallToTell: Bool
    }

    /// The rule for a warning: every variant needs this many purchases and this many runs
    /// without one (n·p ≥ 10 and n·(1−p) ≥ 10, the usual floor below which a binomial
    /// interval or a comparison says little).
    public static let minimumOutcomes = 10

    public var lines: Int
    public var badLines: Int
    public var firstBadLines: [FunnelTally.BadLine]
    /// Events the funnel does not count (packageSelected, tourFinished, kinds from later versions).
    public var otherEvents: Int
    /// Runs whose lines the files hold but not their `tourStarted` (a file cut at its start).
    public var runsWithoutStart: Int
    public var funnel: Funnel
    public var experiments: [Experiment]
}
