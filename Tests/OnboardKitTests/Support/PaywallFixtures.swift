import Foundation
import Testing

@testable import OnboardKit

/// What the paywall's suites share: the repository's default catalog, the store's first day,
/// and an app with paywall pages built one way for all of them.
enum PaywallFixtures {
    /// The wall date (and so the simulated date) the paywall's stores start at.
    static let start = StoreFixtures.date(2026, 1, 1)

    /// The repository's default catalog, `Assets/default-catalog.json`.
    static func defaultCatalog() throws -> Catalog {
        let result = CatalogDecoder.load(
            path: CatalogFixtures.defaultCatalogPath, fileReader: CatalogFixtures.diskReader)
        return try #require(result.catalog)
    }

    /// The default catalog drawn as the plain list (its `tiers` layout and period switch left
    /// out), so that each package is a row one ↓ away: the suites about the list's rows, keys
    /// and clicks and about the store's flows use it. The built-in paywall as it ships, tiers
    /// and switch, is `BuiltInPaywallKeysTests`'.
    static func listCatalog() throws -> Catalog {
        var catalog = try defaultCatalog()
        catalog.paywall = PaywallDesign()
        return catalog
    }

    /// A deck of `pages` for an app named "A".
    static func deck(_ pages: [Page]) -> Deck {
        Deck(app: AppInfo(id: "a", name: "A", version: "1"), pages: pages)
    }

    /// An app showing `deck` with `setup`'s store, in a window of `width` × `height`; reduced
    /// motion and a fixed seed unless `settings` says otherwise.
    static func app(
        _ deck: Deck, setup: PaywallSetup, width: Int = 80, height: Int = 24, colorMode: ColorMode = .indexed256,
        settings: AppSettings = AppSettings(reducesMotion: true, seed: 1)
    ) -> OnboardingApp {
        OnboardingApp(
            deck: deck, colorMode: colorMode, width: width, height: height, settings: settings, paywall: setup)
    }

    /// An intro page, the default offering's paywall and a page after it, turned to the
    /// paywall: the app most paywall suites drive with keys and ticks. The catalog is
    /// `listCatalog()` unless one is given.
    static func flowApp(
        mode: StoreSimulator.SimulationMode = .success, latency: Double = 0.5, ledger: Ledger = Ledger(),
        timeRate: Double = 1, reducesMotion: Bool = true, catalog: Catalog? = nil
    ) throws -> OnboardingApp {
        let catalog = try catalog ?? listCatalog()
        let deck = Self.deck([
            .step(StepPage(heading: "Intro", text: "")), .paywall(PaywallPage(offeringID: "default")),
            .step(StepPage(heading: "After", text: "")),
        ])
        let setup = PaywallSetup(
            catalog: catalog, ledger: ledger, mode: mode, latency: latency,
            clock: StoreClock(startWallDate: start, timeRate: timeRate))
        var app = Self.app(deck, setup: setup, settings: AppSettings(reducesMotion: reducesMotion, seed: 1))
        _ = app.update(.key(.right))
        return app
    }
}
