import Foundation
import OnboardDisk
import OnboardKit
import Testing

@testable import OnboardRun

/// What the session sells and answers: `has`'s rule, the gate, the sandbox ledger, the checkout
/// sheet of a signed catalog, and the event stream.
@Suite struct SessionStoreTests {
    /// `has`: a simulated purchase counts unless the catalog is `signed`; a verified license
    /// counts in both; an entitlement the catalog does not define is never active.
    @Test(
        arguments: [
            (nil, true, false, true),
            (nil, false, false, false),
            ("signed", true, false, false),
            ("signed", false, true, true),
            ("mixed", true, false, true),
            ("mixed", false, true, true),
        ] as [(String?, Bool, Bool, Bool)])
    func hasCountsPurchasesAndLicensesByTheCatalogsLicensing(
        mode: String?, bought: Bool, licensed: Bool, active: Bool
    ) throws {
        let fixtures = try SessionFixtures()
        let path = try fixtures.catalog(licensing: mode)
        let catalog = try #require(CatalogDecoder.load(path: path, fileReader: UserFile.readCatalog).catalog)
        if bought { try fixtures.recordPurchase() }
        if licensed { try fixtures.storeLicense() }
        let answer = EntitlementCheck.isActive(
            "pro", catalog: catalog, appID: SessionFixtures.appID, ledgerDirectory: fixtures.stateDirectory)
        #expect(answer == active)
        #expect(
            !EntitlementCheck.isActive(
                "team", catalog: catalog, appID: SessionFixtures.appID, ledgerDirectory: fixtures.stateDirectory))
    }

    /// The gate: open at once (nothing shown, nothing written) when the entitlement is active;
    /// else the paywall alone, which as text sells nothing and leaves it shut (1).
    @Test func theGateOpensForAnActiveEntitlementAndElseShowsThePaywallAlone() throws {
        let fixtures = try SessionFixtures()
        let deck = SessionFixtures.deck(catalogPath: try fixtures.catalog())
        let shut = fixtures.session(deck) { $0.isPlain = true }.runGate("pro", ifNeeded: true)
        #expect(shut.exitCode == ExitCode.notActive)
        #expect(shut.result?.mode == .paywall)
        #expect(shut.result?.pagesSeen == [2])
        // The gate keeps no record of the tour: it is still a first run.
        #expect(try SessionFixtures.plannedTour(fixtures.session(deck)).result.mode == .tour)

        try fixtures.recordPurchase()
        let printedBefore = fixtures.printed.count
        let open = fixtures.session(deck) { $0.isPlain = true }.runGate("pro", ifNeeded: true)
        #expect(open.exitCode == ExitCode.success)
        #expect(open.result?.reason == .entitled)
        #expect(fixtures.printed.count == printedBefore)

        let unknown = fixtures.session(deck).runGate("team", ifNeeded: true)
        #expect(unknown.exitCode == ExitCode.usage)
        #expect(fixtures.said.last?.hasPrefix("unknown entitlement \"team\"") == true)
    }

    /// Under a simulated clock the store buys into the sandbox ledger, which the gate then reads;
    /// the real ledger and `has` never see it.
    @Test(
        arguments: [
            (false, nil, 1.0, false), (true, nil, 1.0, true),
            (false, Date(timeIntervalSince1970: 4_070_908_800), 1.0, true),
            (false, nil, 86_400.0, true),
        ] as [(Bool, Date?, Double, Bool)])
    func aSimulatedClockBuysIntoTheSandbox(usesSandbox: Bool, now: Date?, timeRate: Double, sandboxed: Bool) throws {
        let fixtures = try SessionFixtures()
        let session = fixtures.session(SessionFixtures.deck(catalogPath: nil)) {
            ($0.usesSandbox, $0.now, $0.timeRate) = (usesSandbox, now, timeRate)
        }
        #expect(session.runsInSandbox == sandboxed)
        #expect(
            session.runLedgerDirectory == (sandboxed ? fixtures.stateDirectory + "/sandbox" : fixtures.stateDirectory))
        let (tour, result) = try SessionFixtures.plannedTour(session)
        #expect(result.sandbox == sandboxed)
        #expect(session.tourRun(tour).ledgerDirectory == session.runLedgerDirectory)
        #expect(session.tourRun(tour).licenseDirectory == fixtures.stateDirectory)
    }

    /// A signed catalog's paywall gets a checkout reference, and Enter on a product opens the
    /// checkout sheet instead of the simulated store.
    @Test func aSignedCatalogOpensTheCheckoutSheet() throws {
        let fixtures = try SessionFixtures()
        let session = fixtures.session(SessionFixtures.deck(catalogPath: try fixtures.catalog(licensing: "signed")))
        let (tour, _) = try SessionFixtures.plannedTour(session)
        let makeSetup = try #require(tour.paywall)
        let setup = makeSetup()
        let reference = try #require(setup.checkoutReference)
        #expect(reference.count == 26)
        #expect(makeSetup().checkoutReference != reference, "each paywall has its own reference")
        #expect(setup.licenses.isEmpty)

        var app = Self.onPaywall(tour.shown, setup: setup)
        let effects = app.update(.key(.enter))
        let sheet = try #require(app.paywall?.checkout)
        #expect(sheet.url.hasSuffix("&ref=\(reference)"))
        #expect(effects == [.rememberCheckout(sheet)])
    }

    /// A stored license that grants the entitlement: the paywall counts it (one line saying it
    /// is licensed, no "Not purchased", no trial offered), marks the products it gives, and
    /// Enter sells them to nobody.
    @Test func aStoredLicenseIsCountedAndNotSoldAgain() throws {
        let fixtures = try SessionFixtures()
        try fixtures.storeLicense(granting: "pro")
        let session = fixtures.session(SessionFixtures.deck(catalogPath: try fixtures.catalog(licensing: "signed")))
        let (tour, _) = try SessionFixtures.plannedTour(session)
        let makeSetup = try #require(tour.paywall)
        let setup = makeSetup()
        #expect(setup.licenses.map(\.id) == ["LIC-1"])

        var app = Self.onPaywall(tour.shown, setup: setup)
        let presentation = try #require(app.paywall?.presentation(for: PaywallPage(offeringID: nil)))
        #expect(presentation.rows.allSatisfy { $0.isLicensed }, "\(presentation.rows)")
        #expect(presentation.rows.allSatisfy { $0.offer == nil }, "no trial for what a license gives")
        #expect(presentation.buyLabel == nil)
        #expect(presentation.statusLines.contains { $0.contains("Lifetime · license") }, "\(presentation.statusLines)")
        #expect(!presentation.statusLines.contains { $0.contains("Not purchased") }, "\(presentation.statusLines)")
        #expect(app.update(.key(.enter)) == [])
        #expect(app.paywall?.checkout == nil)
    }

    /// The app on the deck's paywall page (the third), shown once.
    static func onPaywall(_ deck: Deck, setup: PaywallSetup) -> OnboardingApp {
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 100, height: 40,
            settings: AppSettings(reducesMotion: true, seed: 1), paywallWhenNeeded: { setup })
        for _ in 0..<2 { _ = app.update(.key(.right)) }
        _ = app.update(.presented)
        return app
    }

    /// The simulated catalog has no checkout: no reference, and the store sells in the simulation.
    @Test func aSimulatedCatalogHasNoCheckout() throws {
        let fixtures = try SessionFixtures()
        let session = fixtures.session(SessionFixtures.deck(catalogPath: try fixtures.catalog()))
        let makeSetup = try #require(try SessionFixtures.plannedTour(session).tour.paywall)
        let setup = makeSetup()
        #expect(setup.checkoutReference == nil)
        #expect(setup.licenses.isEmpty)
    }

    /// The event stream: a file gets one JSON line per event with the run's id and mode; a file
    /// that cannot be opened stops the run (74), saying which.
    @Test func eventsAreWrittenToTheFileAndABadPathStopsTheRun() throws {
        let fixtures = try SessionFixtures()
        let path = fixtures.root + "/events.jsonl"
        let session = fixtures.session(SessionFixtures.deck(catalogPath: nil)) { $0.eventsPath = path }
        let log = try #require(try session.openEvents(mode: .tour, pageIndexes: [0, 1]).get())
        log.record([.tourStarted(pageCount: 2), .pageViewed(index: 0, id: nil, kind: "step")])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("\"run\":\"\(log.context.run)\"") && $0.contains("\"mode\":\"tour\"") })

        let bad = fixtures.session(SessionFixtures.deck(catalogPath: nil)) {
            $0.eventsPath = fixtures.root + "/no/such"
        }
        #expect(throws: SessionStop(exitCode: ExitCode.ioError)) {
            try bad.openEvents(mode: .tour, pageIndexes: []).get()
        }
        #expect(fixtures.said.count == 1)
    }
}
