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
    func catalogPath(for deck: Deck) -> String? { options.catalogPath ?? deck.catalogPath }

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
            ledger = try LedgerFile(directory: runLedgerDirectory).load(wait: .patiently)
        } catch {
            // Damage stops the run here, before the screen is taken over, so the message is
            // read before anything else is bought; the next start works from the salvaged ledger.
            printError("\(error)")
            return .failure(ExitStatus(code: error.exitCode))
        }
        let clock = StoreClock(startWallDate: Date(), startSimulatedDate: options.now, timeRate: options.timeRate)
        let mode = options.simulation.flatMap(StoreSimulator.SimulationMode.init(rawValue:)) ?? .success
        let latency = options.latency
        let environment = environment
        let isSandbox = runsInSandbox
        let licenseDirectory = stateDirectory
        let appID = options.appID ?? deck.app.id
        return .success({
            var reference: String?
            var licenseLines: [String] = []
            if let licensing = catalog.licensing {
                // 128 bits from the system's secure generator (getrandom): the core has no
                // randomness of its own.
                var generator = SystemRandomNumberGenerator()
                reference = CrockfordBase32.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
                let stored = StoredLicenses.read(
                    stateDirectory: licenseDirectory, keys: licensing.publicKeys,
                    audience: .init(appID: appID, keygenProduct: licensing.keygenProduct), now: Date())
                licenseLines = LicenseSummary.statusLines(stored.verified, catalog: catalog, now: Date())
            }
            return PaywallSetup(
                catalog: catalog, ledger: ledger, mode: mode, latency: latency, clock: clock,
                locale: Self.userLocale(environment), timeZone: TimeZone.current, isSandbox: isSandbox,
                checkoutReference: reference, licenseLines: licenseLines)
        })
    }

    /// The reader's languages for the texts of decks and catalogs: `--lang`, then the
    /// environment as GNU tools read it.
    var languagePreference: LanguagePreference {
        LanguagePreference.resolve(option: options.language, environment: environment)
    }

    /// The user's language for product names, from LC_ALL, LC_MESSAGES or LANG as POSIX orders
    /// them; nil for none or a bare "C" or POSIX, when the catalog goes by its storefront.
    static func userLanguage(_ environment: [String: String], option: String? = nil) -> Locale? {
        LanguagePreference.resolve(option: option, environment: environment).tags.first.map {
            Locale(identifier: $0)
        }
    }

    /// The user's locale for prices and dates, from LC_ALL, LC_MONETARY or LANG; a bare "C" or
    /// POSIX environment gets en_US rather than "US$" and ISO dates.
    static func userLocale(_ environment: [String: String]) -> Locale {
        for name in ["LC_ALL", "LC_MONETARY", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let identifier = String(value.prefix { $0 != "." && $0 != "@" })
            if identifier == "C" || identifier == "POSIX" { break }
            return Locale(identifier: identifier)
        }
        return Locale(identifier: "en_US")
    }
}
