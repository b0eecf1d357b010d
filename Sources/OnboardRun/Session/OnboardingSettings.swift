import FoundationEssentials
import OnboardKit
import OnboardTerminal

/// What a host chooses for an onboarding session: the executable's options, each with the
/// default a host that names none gets. The user's own choices (the environment, the config
/// file) are read by the session; these win over them.
public struct OnboardingSettings {
    /// The reader's language (`--lang`); nil: `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public var language: String?
    /// True forces reduced motion (`--reduce-motion`); false leaves it to the environment and
    /// the config file.
    public var reducesMotion = false
    /// The theme (`--theme`); nil: the config file's, else `auto`.
    public var theme: ThemeChoice?
    /// How pictures are drawn (`--images`); nil: the config file's, else `auto`.
    public var pictures: PictureChoice?
    /// The random seed of the confetti and the like (`--seed`); nil: a fresh one each run.
    public var seed: UInt64?
    public var autoplay: Autoplay?
    /// Answers to the question pages, over those kept from an earlier run.
    public var answers: [String: Answer] = [:]
    /// False: the first-run rules (the tour once, then What's New after an update, else
    /// nothing; `--first-run`). True: the whole tour every time.
    public var showsEveryTime = false
    /// The catalog of the paywall (`--catalog`); nil: the deck's.
    public var catalogPath: String?
    /// Whose licenses the paywall lists (`--app`); nil: the deck's app.
    public var appID: String?
    /// The offering a gate shows (`--offering`).
    public var offeringID: String?
    /// Extra keys that verify licenses beside the catalog's (`--public-key`).
    public var extraKeys: [LicensePublicKey] = []
    /// The store's clock (`--now`, `--time-rate`): a simulated one buys into the sandbox ledger.
    public var now: Date?
    public var timeRate: Double = 1
    /// Buys into the sandbox ledger at the real time too (`--sandbox`).
    public var usesSandbox = false
    /// Variants forced for this run (`--variant EXPERIMENT=VARIANT`), already applied to the
    /// deck's texts; they are never kept in the state, so a demo leaves no trace.
    public var forcedVariants: [String: String] = [:]
    /// How the simulated store answers (`--simulate`) and how long it takes (`--latency`).
    public var simulation: StoreSimulator.SimulationMode = .success
    public var latency: Double = 1
    /// Where the run's events go (`--events`): a file, `-` for standard output once the terminal
    /// is back, nil for nowhere.
    public var eventsPath: String?
    /// The pages as text on standard output instead of the terminal (`--plain`).
    public var isPlain = false
    /// The tour as a conversation on plain lines (`--accessible`); false leaves it to
    /// `TUI_ONBOARD_ACCESSIBLE`, `ACCESSIBLE` and the config file, which `isPlain`, autoplay
    /// and a recording win over.
    public var isAccessible = false
    /// Whether the outcome lists entitlements even when the paywall's page was never reached
    /// (that reads ICU's data).
    public var reportsEntitlements = true
    /// Whether the deck's and catalog's warnings are said, and licenses that grant nothing.
    public var showsWarnings = false

    public init() {}
}
