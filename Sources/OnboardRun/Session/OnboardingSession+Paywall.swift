import FoundationEssentials
import OnboardDisk
import OnboardKit

extension OnboardingSession {
    /// Reads the catalog at `path` once with `reader` and decodes it in `language` (with
    /// `validate`'s checks when `validates`). A file that cannot be read (missing, not a
    /// regular file, too large) is said, with the exit code it gives.
    public static func loadCatalog(
        _ path: String, reader: FileReader, language: LanguagePreference, validates: Bool = false,
        say: (String) -> Void
    ) -> Result<CatalogLoadResult, SessionStop> {
        let bytes: [UInt8]
        do {
            bytes = try reader.read(path, CatalogFile.maximumByteCount)
        } catch {
            say("\(error.description) (the paywall's catalog)")
            return .failure(SessionStop(exitCode: ExitStatus(for: error).code))
        }
        // A `.storekit` file the catalog names is read as the catalog was.
        let fileReader: CatalogFileReader = { requested in
            requested == path ? bytes : try reader.read(requested, CatalogFile.maximumByteCount)
        }
        return .success(
            CatalogDecoder.load(path: path, fileReader: fileReader, language: language, validates: validates))
    }

    /// The catalog at `path`, its errors said (and its warnings with `showsWarnings`).
    func loadCatalog(_ path: String) -> Result<Catalog, SessionStop> {
        Self.loadCatalog(path, reader: reader, language: languagePreference, say: say).flatMap { loaded in
            for diagnostic in loaded.diagnostics where diagnostic.severity == .error || settings.showsWarnings {
                say(diagnostic.description)
            }
            guard let catalog = loaded.catalog else { return .failure(SessionStop(exitCode: ExitCode.badData)) }
            return .success(catalog)
        }
    }

    /// Loads the catalog and the ledger for the paywall of `deck`, and returns what makes its
    /// setup; nil when the deck has no paywall and no catalog was asked for. Stops, saying why,
    /// before the terminal is taken over when something is wrong.
    ///
    /// The setup's locale and time zone are left to the call: both read ICU's data, which the
    /// pages before a paywall do without (see DECISIONS.md, "The paywall is built when it
    /// comes near").
    func loadPaywall(
        for deck: Deck, leavesStateAlone: Bool, stateRun: FirstRunRun? = nil
    ) -> Result<(@Sendable () -> PaywallSetup)?, SessionStop> {
        guard let path = catalogPath(for: deck) else {
            if !deck.hasPaywall { return .success(nil) }
            say(
                "the deck has a paywall page but names no catalog; add \"catalog\": \"FILE\" to it or pass --catalog FILE"
            )
            return .failure(SessionStop(exitCode: ExitCode.badData))
        }
        let catalog: Catalog
        switch loadCatalog(path) {
        case .success(let loaded): catalog = loaded
        case .failure(let stop): return .failure(stop)
        }
        let ledger: Ledger
        do {
            // Loading creates the sandbox directory (0700) the first time a simulated clock runs.
            // A state directory that may not be used is not read: the paywall shows nothing owned.
            ledger = leavesStateAlone ? Ledger() : try LedgerFile(directory: runLedgerDirectory).load(wait: .patiently)
        } catch {
            // Damage stops the run here, before the screen is taken over, so the message is
            // read before anything else is bought; the next start works from the salvaged ledger.
            say("\(error)")
            return .failure(SessionStop(exitCode: error.exitCode))
        }
        let make = paywallSetup(catalog: catalog, ledger: ledger, deck: deck, leavesStateAlone: leavesStateAlone)
        guard let start = countdownStart(deck: deck, catalog: catalog, stateRun: stateRun) else {
            return .success(make)
        }
        let started: @Sendable () -> PaywallSetup = {
            var setup = make()
            setup.countdownStart = start
            return setup
        }
        return .success(started)
    }

    /// When this user first met the deck's countdown `"for"` a while: kept in the first-run
    /// state the first time (a run on a simulated clock counts from its `--now` and keeps
    /// nothing, so a demo never moves a real offer's end). Nil without such a countdown.
    func countdownStart(deck: Deck, catalog: Catalog, stateRun: FirstRunRun?) -> Date? {
        let counts = deck.pages.contains { page in
            guard case .paywall(let paywall) = page else { return false }
            return paywall.design.overriding(catalog.paywall).countdown?.needsFirstSeen == true
        }
        guard counts else { return nil }
        if let now = settings.now { return now }
        return stateRun?.countdownStart(Date(), forApp: deck.app.id) ?? Date()
    }

    /// What makes the paywall's setup: the store on the session's clock, and for a catalog with
    /// licensing the checkout sheet's reference and the licenses stored now.
    func paywallSetup(
        catalog: Catalog, ledger: Ledger, deck: Deck, leavesStateAlone: Bool
    ) -> @Sendable () -> PaywallSetup {
        let clock = StoreClock(startWallDate: Date(), startSimulatedDate: settings.now, timeRate: settings.timeRate)
        let (mode, latency, isSandbox) = (settings.simulation, settings.latency, runsInSandbox)
        let (language, environment) = (settings.language, environment)
        let licenseDirectory = leavesStateAlone ? nil : stateDirectory
        let appID = settings.appID ?? deck.app.id
        return {
            var reference: String?
            var licenses: [License] = []
            if catalog.licensing != nil {
                // 128 bits from the system's secure generator (getrandom): the core has no
                // randomness of its own.
                var generator = SystemRandomNumberGenerator()
                reference = CrockfordBase32.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
            }
            if let licensing = catalog.licensing, let licenseDirectory {
                // Judged on the store's clock, as the checkout sheet judges a pasted license.
                let now = clock.simulatedDate(atWall: Date())
                let stored = StoredLicenses.read(
                    stateDirectory: licenseDirectory, keys: licensing.publicKeys,
                    audience: .init(appID: appID, keygenProduct: licensing.keygenProduct), now: now)
                licenses = stored.verified
            }
            return PaywallSetup(
                catalog: catalog, ledger: ledger, mode: mode, latency: latency, clock: clock,
                locale: FormattingLocale.resolve(option: language, environment: environment),
                timeZone: TimeZone.current, isSandbox: isSandbox, checkoutReference: reference,
                licenses: licenses)
        }
    }
}
