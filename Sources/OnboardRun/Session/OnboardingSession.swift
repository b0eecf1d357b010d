import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// The whole onboarding a host runs, as the `tui-onboard` executable runs it: the first-run
/// rules (the tour once, What's New after an update), the paywall gate (`runGate`), the
/// user's language with its message catalog and its direction, the user's preferences
/// (settings, then the environment, then the config file), the paywall's store with the
/// sandbox ledger rule, licenses and the checkout sheet of a `signed` catalog, and the event
/// stream. The executable only parses its arguments into this and prints what comes back.
///
///     var settings = OnboardingSettings()
///     settings.language = "de"
///     let outcome = OnboardingSession(deck: deck, stateDirectory: directory, settings: settings).run()
public struct OnboardingSession {
    public var deck: Deck
    public var stateDirectory: String
    public var settings: OnboardingSettings
    public var environment: [String: String]
    /// Reads catalogs (and the `.storekit` files they name); the executable's reads its
    /// built-in files too.
    public var reader: FileReader = UserFile.reader
    /// Says one message to the user on standard error (the terminal is never ours then).
    public var say: (String) -> Void = { message in
        _ = OnboardingSession.write(SafeText.sanitize(message) + "\n", to: STDERR_FILENO)
    }
    /// Writes to standard output (`--plain`) and returns the exit code: 0, or 74 when it could
    /// not (the executable's also says why).
    public var writeOutput: (String) -> Int32 = { text in
        OnboardingSession.write(text, to: STDOUT_FILENO) ? ExitCode.success : ExitCode.ioError
    }
    /// Reads one line for the conversation (`isAccessible`), without its line end; nil at the
    /// end of input. Nil: standard input, with the signals that end a run watched as a tour
    /// watches them (Ctrl-C ends it as interrupted, its result and state written).
    public var readInputLine: (() -> String?)?
    /// Opens a copy of the terminal's bytes (`--record`) just before the terminal is taken;
    /// nil records nothing.
    public var openRecording: (() -> Result<any TerminalRecording, SessionStop>)?
    /// Where the message catalogs (`LANG/LC_MESSAGES/tui-onboard.mo`) are looked for, in
    /// order; nil: `TUI_ONBOARD_LOCALEDIR`, then `share/locale` beside the running binary.
    public var localeDirectories: [String]?
    /// Whether a catalog path names the same file from any directory (the executable's built-in
    /// catalog): remembered as it is, not made absolute.
    public var namesCatalogFromAnywhere: (String) -> Bool = { _ in false }

    public init(
        deck: Deck, stateDirectory: String, settings: OnboardingSettings = OnboardingSettings(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.deck = deck
        self.stateDirectory = stateDirectory
        self.settings = settings
        self.environment = environment
    }
}

extension OnboardingSession {
    /// Writes all of `text` to `descriptor`, going on after partial writes and interruptions;
    /// false when it could not.
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written >= 0 else { return false }
            offset += written
        }
        return true
    }

    /// The reader's languages for the texts of decks and catalogs: the setting, then the
    /// environment as GNU tools read it.
    public var languagePreference: LanguagePreference {
        LanguagePreference.resolve(option: settings.language, environment: environment)
    }

    /// The app's own words in the user's language, from the catalogs shipped (`MessageCatalogLocator`).
    public var messages: Messages {
        MessageCatalogLocator.messages(
            preference: languagePreference, environment: environment, directories: localeDirectories)
    }

    /// The reader's direction: right to left for a first language written so, for a tour and
    /// its pictures alike.
    public var layoutDirection: LayoutDirection {
        languagePreference.layoutDirection
    }

    /// The locale every number, price and date is written in (`FormattingLocale`'s rule).
    public var formattingLocale: Locale {
        FormattingLocale.resolve(option: settings.language, environment: environment)
    }

    /// `<state dir>/sandbox` (`SandboxLedger`).
    public var sandboxDirectory: String { SandboxLedger.directory(in: stateDirectory) }

    /// True when the run's store keeps its purchases in the sandbox (`SandboxLedger.isUsed`).
    public var runsInSandbox: Bool {
        SandboxLedger.isUsed(usesSandbox: settings.usesSandbox, now: settings.now, timeRate: settings.timeRate)
    }

    /// The directory of the ledger the run's store reads and writes.
    public var runLedgerDirectory: String { runsInSandbox ? sandboxDirectory : stateDirectory }

    /// Why the state directory may not be used (another user's, one others can write to): the
    /// tour is then shown without it, and nothing can be bought. Nil when it may.
    public var stateRefusal: String? {
        StateDirectory.refusal(
            stateDirectory, folders: [sandboxDirectory, LicenseStore(stateDirectory: stateDirectory).directory])
    }

    /// The catalog a deck's paywall uses: the setting, else the deck's own.
    func catalogPath(for deck: Deck) -> String? { settings.catalogPath ?? deck.catalogPath }

    /// The catalog to remember for the deck's app, as an absolute path: what `has ENTITLEMENT
    /// --app ID` reads later, from any directory, without the deck.
    func rememberedCatalog(for deck: Deck) -> String? {
        guard let path = catalogPath(for: deck) else { return nil }
        if path.hasPrefix("/") || namesCatalogFromAnywhere(path) { return path }
        // getcwd(3), not FileManager: this runs on the path that shows nothing, at every start.
        guard let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// The record of a run before it decides anything.
    func startingResult(state: FirstRunState, stateRun: FirstRunRun) -> RunResult {
        var result = RunResult(
            outcome: .notShown, mode: nil, plain: settings.isPlain,
            app: RunResult.App(
                id: deck.app.id, name: deck.app.name, version: deck.app.version,
                previousVersion: state.apps[deck.app.id]?.lastSeenVersion),
            state: RunResult.State(saved: true, path: stateRun.store.statePath), sandbox: runsInSandbox,
            exitCode: ExitCode.success)
        result.assignments = deck.assignments
        return result
    }
}
