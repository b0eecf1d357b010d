import FoundationEssentials
import Glibc
import OnboardAssets
import OnboardDisk
import OnboardKit
import OnboardRun

extension Launcher {
    /// The catalog to remember for the deck's app, as an absolute path: what `has ENTITLEMENT
    /// --app ID` reads later, from any directory, without the deck. The built-in catalog is
    /// remembered by its built-in name, which names it from anywhere.
    func rememberedCatalog(for deck: Deck) -> String? {
        guard let path = catalogPath(for: deck) else { return nil }
        if path.hasPrefix("/") || BuiltInAssets.isBuiltIn(path) { return path }
        // getcwd(3), not FileManager: this runs on the path that shows nothing, at every start.
        guard let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// The catalog a deck's paywall uses: `--catalog`, else the deck's own `catalog`.
    func catalogPath(for deck: Deck) -> String? { options.paywall.catalogPath ?? deck.catalogPath }

    /// Loads the catalog and the ledger for the paywall, and returns what makes its setup.
    /// Returns nil when the deck has no paywall and no catalog was asked for; an exit status
    /// when something is wrong, after saying what on stderr (before the terminal is taken over).
    ///
    /// The setup's locale and time zone are left to the call: both read ICU's data, which the
    /// pages before a paywall do without (see DECISIONS.md, "The paywall is built when it
    /// comes near").
    func loadPaywall(for deck: Deck) -> Result<(@Sendable () -> PaywallSetup)?, ExitStatus> {
        guard let path = catalogPath(for: deck) else {
            if !deck.hasPaywall { return .success(nil) }
            printError(
                "the deck has a paywall page but names no catalog; add \"catalog\": \"FILE\" to it or pass --catalog FILE"
            )
            return .failure(ExitStatus(code: ExitCode.badData))
        }
        let result: CatalogLoadResult
        switch loadCatalog(path) {
        case .success(let loaded): result = loaded
        case .failure(let status): return .failure(status)
        }
        report(result.diagnostics)
        guard let catalog = result.catalog else { return .failure(ExitStatus(code: ExitCode.badData)) }
        let ledger: Ledger
        do {
            // Loading creates the sandbox directory (0700) the first time a simulated clock runs.
            // A state directory that may not be used is not read: the paywall shows nothing owned.
            ledger =
                stateRefusal == nil ? try LedgerFile(directory: runLedgerDirectory).load(wait: .patiently) : Ledger()
        } catch {
            // Damage stops the run here, before the screen is taken over, so the message is
            // read before anything else is bought; the next start works from the salvaged ledger.
            printError("\(error)")
            return .failure(ExitStatus(code: error.exitCode))
        }
        let clock = StoreClock(
            startWallDate: Date(), startSimulatedDate: options.paywall.now, timeRate: options.paywall.timeRate)
        let mode = options.paywall.simulation.flatMap(StoreSimulator.SimulationMode.init(rawValue:)) ?? .success
        let latency = options.paywall.latency
        let environment = environment
        let language = options.tour.language
        let isSandbox = runsInSandbox
        let licenseDirectory = stateRefusal == nil ? stateDirectory : nil
        let appID = options.state.appID ?? deck.app.id
        return .success({
            var reference: String?
            var licenseLines: [String] = []
            if catalog.licensing != nil {
                // 128 bits from the system's secure generator (getrandom): the core has no
                // randomness of its own.
                var generator = SystemRandomNumberGenerator()
                reference = CrockfordBase32.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
            }
            if let licensing = catalog.licensing, let licenseDirectory {
                let stored = StoredLicenses.read(
                    stateDirectory: licenseDirectory, keys: licensing.publicKeys,
                    audience: .init(appID: appID, keygenProduct: licensing.keygenProduct), now: Date())
                licenseLines = LicenseSummary.statusLines(stored.verified, catalog: catalog, now: Date())
            }
            return PaywallSetup(
                catalog: catalog, ledger: ledger, mode: mode, latency: latency, clock: clock,
                locale: FormattingLocale.resolve(option: language, environment: environment),
                timeZone: TimeZone.current, isSandbox: isSandbox,
                checkoutReference: reference, licenseLines: licenseLines)
        })
    }

    /// The reader's languages for the texts of decks and catalogs: `--lang`, then the
    /// environment as GNU tools read it.
    var languagePreference: LanguagePreference {
        LanguagePreference.resolve(option: options.tour.language, environment: environment)
    }

    /// The locale every number, price and date is written in: the conventions of the user's first
    /// language (`--lang`, `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), `FormattingLocale`'s rule.
    var userLocale: Locale { FormattingLocale.resolve(option: options.tour.language, environment: environment) }
}
