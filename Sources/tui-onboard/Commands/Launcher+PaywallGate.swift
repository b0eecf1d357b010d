import FoundationEssentials
import OnboardDisk
import OnboardKit
import OnboardRun

/// `paywall --if-needed ENTITLEMENT`: the paywall at the moment a feature needs it, as
/// RevenueCat's `presentPaywallIfNeeded` shows it. `tui-onboard paywall --if-needed pro && pro_feature`.
extension Launcher {
    /// What the gate stands for: the entitlement, the catalog that defines it, and whose it is.
    struct Gate {
        var entitlement: Entitlement
        var catalog: Catalog
        var catalogPath: String
        var appID: String
    }

    /// The paywall alone, and 0 or 1 by the entitlement when it closes; with `--if-needed`, exit
    /// 0 at once when it is active, touching no terminal and writing nothing. The first-run state
    /// keeps no record of a gate: a shown paywall only remembers the catalog, for `has --app`.
    func paywallGate(_ entitlementID: String) -> Int32 {
        let started = Date()
        let deck: Deck
        switch loadDeck() {
        case .success(let loaded): deck = loaded
        case .failure(let status): return status.code
        }
        let gate: Gate
        switch loadGate(entitlementID, deck: deck) {
        case .success(let loaded): gate = loaded
        case .failure(let status): return status.code
        }
        let stateRun = FirstRunRun(stateDirectory: stateDirectory)
        // Read only for the result's previousVersion; the tour's record is never written by a gate.
        let state =
            options.output.resultPath == nil
            ? FirstRunState() : (try? stateRun.store.loadWithoutRepair()) ?? FirstRunState()
        var result = RunResult(
            outcome: .notShown, mode: nil, plain: options.tour.isPlain,
            app: RunResult.App(
                id: deck.app.id, name: deck.app.name, version: deck.app.version,
                previousVersion: state.apps[deck.app.id]?.lastSeenVersion),
            state: RunResult.State(saved: true, path: stateRun.store.statePath), sandbox: runsInSandbox,
            exitCode: ExitCode.success)
        if options.paywall.isPaywallIfNeeded {
            switch isActive(gate, at: options.paywall.now ?? started) {
            case .failure(let status): return status.code
            case .success(true):
                result.reason = .entitled
                return finish(result, stateRun: stateRun, started: started)
            case .success(false): break
            }
        }
        // A gate that shows the paywall writes no record of the tour, only which catalog the app
        // uses, so `has --app` answers for an app whose user only ever met the gate (said before
        // the terminal is ours). An open gate writes nothing: a host may ask it at every start.
        if let catalog = rememberedCatalog(for: deck) { stateRun.rememberCatalog(catalog, forApp: gate.appID) }
        stateRun.unsaidProblems().forEach(printError)
        let (shown, index) = gatePage(of: deck, catalog: gate.catalog)
        let paywall: (@Sendable () -> PaywallSetup)?
        switch loadPaywall(for: shown) {
        case .success(let setup): paywall = setup
        case .failure(let status): return status.code
        }
        let preferences: RunPreferences
        switch loadPreferences() {
        case .success(let loaded): preferences = loaded
        case .failure(let status): return status.code
        }
        result.mode = .paywall
        let tour = Tour(
            deck: deck, shown: shown, pageIndexes: index.map { [$0] } ?? [], paywall: paywall,
            preferences: preferences, headline: nil, state: state, stateRun: stateRun, started: started, answers: [:],
            gate: gate)
        return present(tour, result: result)
    }

    /// The catalog and the entitlement, or the error said on stderr: no catalog, an entitlement
    /// or offering it does not define (2, as `has`), a catalog that cannot be read (65, 66).
    func loadGate(_ entitlementID: String, deck: Deck) -> Result<Gate, ExitStatus> {
        guard let path = catalogPath(for: deck) else {
            printError(Self.noCatalog(toLookUp: entitlementID))
            return .failure(ExitStatus(code: ExitCode.usage))
        }
        let loaded: CatalogLoadResult
        switch loadCatalog(path) {
        case .success(let result): loaded = result
        case .failure(let status): return .failure(status)
        }
        report(loaded.diagnostics)
        guard let catalog = loaded.catalog else { return .failure(ExitStatus(code: ExitCode.badData)) }
        guard let entitlement = catalog.entitlement(id: entitlementID) else {
            printError(Self.unknownEntitlement(entitlementID, in: catalog, path: path))
            return .failure(ExitStatus(code: ExitCode.usage))
        }
        if let offering = options.paywall.offeringID, catalog.offering(id: offering) == nil {
            let known = catalog.offerings.map { "\"\($0.id)\"" }.joined(separator: ", ")
            printError("unknown offering \"\(SafeText.excerpt(offering))\": the catalog \(path) has \(known)")
            return .failure(ExitStatus(code: ExitCode.usage))
        }
        return .success(Gate(entitlement: entitlement, catalog: catalog, catalogPath: path, appID: deck.app.id))
    }

    /// Whether the gate's entitlement is active at `now`, by `has`'s rules (the ledger, then
    /// stored licenses), in the ledger the paywall buys into: the sandbox one under a simulated
    /// clock, so a purchase made at the gate opens it the next time too.
    func isActive(_ gate: Gate, at now: Date) -> Result<Bool, ExitStatus> {
        let ledger: Ledger
        switch readLedger(in: runLedgerDirectory) {
        case .success(let read): ledger = read
        case .failure(let status): return .failure(status)
        }
        let subject = Subject(appID: gate.appID, catalogPath: gate.catalogPath, catalog: gate.catalog, now: now)
        return .success(grantsAccess(gate.entitlement, of: gate.catalog, in: ledger, subject: subject))
    }

    /// The answer once the paywall has closed, at the store's clock then (`--now` moved on by
    /// `--time-rate`); a ledger that cannot be read now opens nothing.
    func isActiveAfterPaywall(_ gate: Gate, started: Date) -> Bool {
        let clock = StoreClock(
            startWallDate: started, startSimulatedDate: options.paywall.now, timeRate: options.paywall.timeRate)
        return (try? isActive(gate, at: clock.simulatedDate(atWall: Date())).get()) ?? false
    }

    /// The page to show alone: the deck's paywall page for `--offering` (a page without an
    /// offering shows the current one), else its first paywall page; with none, a paywall page
    /// of the offering made here, at no index of the deck.
    func gatePage(of deck: Deck, catalog: Catalog) -> (deck: Deck, index: Int?) {
        let paywalls: [(index: Int, page: PaywallPage)] = deck.pages.indices.compactMap { index in
            guard case .paywall(let page) = deck.pages[index] else { return nil }
            return (index, page)
        }
        let chosen: (index: Int, page: PaywallPage)?
        if let wanted = options.paywall.offeringID {
            chosen = paywalls.first { ($0.page.offeringID ?? catalog.currentOfferingID) == wanted }
        } else {
            chosen = paywalls.first
        }
        if let chosen { return (deck.keepingPages([chosen.index]), chosen.index) }
        var made = deck.keepingPages([])
        made.pages = [.paywall(PaywallPage(offeringID: options.paywall.offeringID))]
        return (made, nil)
    }
}
