import FoundationEssentials
import OnboardKit
import OnboardTerminal

// The options by what they configure, each group read by the commands it concerns: a new
// option is its row in `CommandLineSpec.options`, which sets a field of one group here.

/// What the tour (and `dump`) shows and how.
struct TourOptions: Equatable {
    /// `--deck FILE`; nil is the built-in tour.
    var deckPath: String?
    /// `--plain`: every page as text on standard output.
    var isPlain = false
    /// `--accessible`: the tour as a conversation on plain lines.
    var isAccessible = false
    /// Show the tour only when this app's user has not seen it (or a newer version's).
    var isFirstRunOnly = false
    var reducesMotion = false
    var seed: UInt64?
    /// `--theme NAME`; nil leaves it to the config file, else `auto`.
    var theme: ThemeChoice?
    /// `--images auto|kitty|sixel|iterm|blocks|none`; nil: the config file's, else auto.
    var pictures: PictureChoice?
    /// `--lang TAG[:TAG...]`: the languages to read, before `LANGUAGE` and the locale.
    var language: String?
    /// Seconds each page stays before the next comes by itself (`--autoplay SECONDS`).
    var autoplaySeconds: Double?
    /// `--loop`: autoplay starts over after the last page.
    var loops = false
    /// `--answer ID=VALUE`, in the order given (a later one for the same id wins).
    var givenAnswers: [GivenAnswer] = []
    /// `--variant EXPERIMENT=VARIANT`: variants forced for this run (a later one wins).
    var forcedVariants: [String: String] = [:]
    /// `--answers FILE`: a JSON object of answers by question id.
    var answersPath: String?

    /// One `--answer ID=VALUE`, as typed.
    struct GivenAnswer: Equatable {
        var id: String
        var value: String
    }
}

/// The paywall's catalog, the simulated store it buys from and the licenses that count.
struct PaywallOptions: Equatable {
    var catalogPath: String?
    /// The simulated store's answer to purchases (`--simulate`); nil means the catalog's or success.
    var simulation: String?
    /// Seconds a simulated purchase or restore takes, so the progress can be seen.
    var latency: Double = 1.0
    /// Simulated seconds per real second for renewals and expiry.
    var timeRate: Double = 1
    /// A fixed start for the store's clock (`--now 2026-01-01` or an RFC 3339 date and time).
    var now: Date?
    /// `--sandbox`: the store's ledger is the sandbox one (see `Launcher.sandboxDirectory`).
    var usesSandbox = false
    /// `--public-key ed25519:<hex>`: keys that sign this app's licenses, beside the catalog's.
    var publicKeys: [LicensePublicKey] = []
    /// `license add --key`: the license key an encrypted keygen.sh file opens with.
    var licenseKey: String?
    /// `license add --key-file`: a file whose first line is that key (kept out of `ps`).
    var licenseKeyFile: String?
    /// `paywall --if-needed`: nothing is shown when the entitlement is active.
    var isPaywallIfNeeded = false
    /// `paywall --offering ID`: the offering to show.
    var offeringID: String?
}

/// How `store`'s actions are taken.
struct StoreActionOptions: Equatable {
    /// `store buy --offer ID`: the promotional or win-back offer to buy under.
    var offerID: String?
    /// `store refund --reason TEXT`, `--revoke`.
    var refundReason: String?
    var revokes = false
    /// `store price-increase --consent`, `--agree`, `--decline`.
    var needsConsent = false
    var priceAnswer: Bool?
}

/// What is written besides the screen, and for whom.
struct OutputOptions: Equatable {
    /// Where to write what happened in the run (`--result-json FILE`, `-` for stdout).
    var resultPath: String?
    /// Where the run's events go as they happen (`--events FILE`, `-` for stdout after the run).
    var eventsPath: String?
    /// Where to record the session as an asciicast (`--record FILE.cast`).
    var recordPath: String?
    /// `--json`: for programs rather than people.
    var isJSON = false
    /// Print the deck's and the catalog's warnings, not only their errors (validate always does).
    var showsWarnings = false
    /// `--version --verbose`: also say where the built-in tour, the catalogs and the state are.
    var isVerbose = false
}

/// `dump` and `symbols`: the size and form of the pictures.
struct PictureOptions: Equatable {
    /// `dump --size WxH`: the terminal size the pages are drawn at.
    var size = TerminalSize.dumpDefault
    /// `dump --svg DIR`: write one SVG per page there instead of text to stdout.
    var svgDirectory: String?
    /// `--animated-svg FILE`: the tour played as one animated SVG.
    var animatedSVGPath: String?
    /// `--from FILE.cast`: the animated SVG plays this recording instead of the deck.
    var castPath: String?
    /// `symbols --preview`: draw each symbol under its name rather than list the names.
    var isPreview = false
}

/// Whose state is meant.
struct StateOptions: Equatable {
    /// `--state-dir DIR`; nil is `$XDG_STATE_HOME/tui-onboard` (see `StateDirectory`).
    var directory: String?
    /// The app whose first-run state, answers, entitlements or licenses are meant (`--app`).
    var appID: String?
    /// `reset --purchases`: also set the purchase ledger aside.
    var resetsPurchases = false
}

/// What `init` writes.
struct StarterOptions: Equatable {
    /// `init --layout NAME`: the starter paywall's layout; nil asks on a terminal, else `list`.
    var layout: PaywallLayout?
}
