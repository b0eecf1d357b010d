import FoundationEssentials
import OnboardDisk
import OnboardKit

/// The paywall at the moment a feature needs it, as RevenueCat's `presentPaywallIfNeeded`
/// shows it (`tui-onboard paywall --if-needed pro && pro_feature`).
extension OnboardingSession {
    /// The paywall alone, and 0 or 1 by the entitlement when it closes; with `ifNeeded`, 0 at
    /// once when it is active, touching no terminal and writing nothing. The first-run state
    /// keeps no record of a gate: a shown paywall only remembers the catalog, for `has --app`.
    public func runGate(_ entitlementID: String, ifNeeded: Bool) -> OnboardingOutcome {
        Messages.$current.withValue(messages) { runGate(entitlementID, ifNeeded: ifNeeded, started: Date()) }
    }

    private func runGate(_ entitlementID: String, ifNeeded: Bool, started: Date) -> OnboardingOutcome {
        let gate: SessionGate
        switch loadGate(entitlementID) {
        case .success(let loaded): gate = loaded
        case .failure(let stop): return .stopped(stop, started: started)
        }
        let stateRun = FirstRunRun(stateDirectory: stateDirectory)
        // Read only for the result's previousVersion; the tour's record is never written by a gate.
        let state = (try? stateRun.store.loadWithoutRepair()) ?? FirstRunState()
        var result = startingResult(state: state, stateRun: stateRun)
        if ifNeeded {
            switch isActive(gate, at: settings.now ?? started) {
            case .failure(let stop): return .stopped(stop, started: started)
            case .success(true):
                result.reason = .entitled
                return OnboardingOutcome(
                    exitCode: result.exitCode, result: result, firstRun: stateRun, started: started)
            case .success(false): break
            }
        }
        // A gate that shows the paywall writes no record of the tour, only which catalog the app
        // uses, so `has --app` answers for an app whose user only ever met the gate (said before
        // the terminal is ours). An open gate writes nothing: a host may ask it at every start.
        if let catalog = rememberedCatalog(for: deck) { stateRun.rememberCatalog(catalog, forApp: gate.appID) }
        stateRun.unsaidProblems().forEach(say)
        let (shown, index) = gatePage(catalog: gate.catalog, answers: state.apps[deck.app.id]?.answers ?? [:])
        var tour: SessionTour
        switch prepareTour(
            shown: shown, pageIndexes: index.map { [$0] } ?? [], state: state, stateRun: stateRun, started: started)
        {
        case .success(let prepared): tour = prepared
        case .failure(let stop): return .stopped(stop, started: started)
        }
        tour.gate = gate
        result.mode = .paywall
        return present(tour, result: result)
    }

    /// The catalog and the entitlement, or the error said: no catalog, an entitlement or
    /// offering it does not define (2, as `has`), a catalog that cannot be read (65, 66).
    func loadGate(_ entitlementID: String) -> Result<SessionGate, SessionStop> {
        guard let path = catalogPath(for: deck) else {
            say(EntitlementCheck.noCatalog(toLookUp: entitlementID))
            return .failure(SessionStop(exitCode: ExitCode.usage))
        }
        let catalog: Catalog
        switch loadCatalog(path) {
        case .success(let loaded): catalog = loaded
        case .failure(let stop): return .failure(stop)
        }
        guard let entitlement = catalog.entitlement(id: entitlementID) else {
            say(EntitlementCheck.unknownEntitlement(entitlementID, in: catalog, path: path))
            return .failure(SessionStop(exitCode: ExitCode.usage))
        }
        if let offering = settings.offeringID, catalog.offering(id: offering) == nil {
            let known = catalog.offerings.map { "\"\($0.id)\"" }.joined(separator: ", ")
            say("unknown offering \"\(SafeText.excerpt(offering))\": the catalog \(path) has \(known)")
            return .failure(SessionStop(exitCode: ExitCode.usage))
        }
        return .success(SessionGate(entitlement: entitlement, catalog: catalog, appID: deck.app.id))
    }

    /// Whether the gate's entitlement is active at `now`, by `has`'s rule (`EntitlementCheck`),
    /// in the ledger the paywall buys into: the sandbox one under a simulated clock, so a
    /// purchase made at the gate opens it the next time too.
    func isActive(_ gate: SessionGate, at now: Date) -> Result<Bool, SessionStop> {
        let ledger: Ledger
        do {
            ledger = try LedgerFile(directory: runLedgerDirectory).loadWithoutRepair()
        } catch {
            say(error.description)
            return .failure(SessionStop(exitCode: error.exitCode))
        }
        let answer = EntitlementCheck.answer(
            for: gate.entitlement, of: gate.catalog, in: ledger, appID: gate.appID, licenseDirectory: stateDirectory,
            extraKeys: settings.extraKeys, now: now)
        if settings.showsWarnings {
            for refused in answer.refused { say("\(refused.path): grants nothing: \(refused.reason)") }
        }
        return .success(answer.isActive)
    }

    /// The answer once the paywall has closed, at the store's clock then (`now` moved on by
    /// `timeRate`); a ledger that cannot be read now opens nothing.
    func isActiveAfterPaywall(_ gate: SessionGate, started: Date) -> Bool {
        let clock = StoreClock(startWallDate: started, startSimulatedDate: settings.now, timeRate: settings.timeRate)
        return (try? isActive(gate, at: clock.simulatedDate(atWall: Date())).get()) ?? false
    }

    /// The page to show alone: the deck's paywall page for the offering (a page without an
    /// offering shows the current one), else the first paywall page that `answers` (those kept
    /// from the tour) and the defaults show, else its first paywall page; with none, a paywall
    /// page of the offering made here, at no index of the deck.
    func gatePage(catalog: Catalog, answers: [String: Answer] = [:]) -> (deck: Deck, index: Int?) {
        let paywalls: [(index: Int, page: PaywallPage)] = deck.pages.indices.compactMap { index in
            guard case .paywall(let page) = deck.pages[index] else { return nil }
            return (index, page)
        }
        let chosen: (index: Int, page: PaywallPage)?
        if let wanted = settings.offeringID {
            chosen = paywalls.first { ($0.page.offeringID ?? catalog.currentOfferingID) == wanted }
        } else {
            // The paywall the answers kept from the tour choose (`"when"`), else the first.
            let path = Set(deck.pathTakingDefaults(ConditionContext(answers: answers)).path)
            chosen = paywalls.first { path.contains($0.index) } ?? paywalls.first
        }
        if let chosen {
            // The gate shows its paywall whatever the page's condition: the host asked for it.
            var shown = deck.keepingPages([chosen.index])
            shown.pageConditions = []
            return (shown, chosen.index)
        }
        var made = deck.keepingPages([])
        made.pages = [.paywall(PaywallPage(offeringID: settings.offeringID))]
        return (made, nil)
    }
}

/// What a gate stands for: the entitlement, the catalog that defines it, and whose it is.
struct SessionGate {
    var entitlement: Entitlement
    var catalog: Catalog
    var appID: String
}
