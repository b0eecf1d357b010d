import Foundation
import Testing

@testable import OnboardKit

/// The words a deck's paywall page sets replace the catalog's copy, one field at a time.
@Suite struct PaywallPageCopyTests {
    static func storeKitCatalog() throws -> Catalog {
        let path = CatalogFixtures.storeKitPath(StoreKitImporterTests.revenueCat)
        return try #require(CatalogDecoder.load(path: path, fileReader: CatalogFixtures.diskReader).catalog)
    }

    static func screen(_ page: PaywallPage, catalog: Catalog) -> String {
        let app = PaywallFixtures.app(
            PaywallFixtures.deck([.paywall(page)]),
            setup: PaywallSetup(
                catalog: catalog, ledger: Ledger(), mode: .success, latency: 0,
                clock: StoreClock(startWallDate: PaywallFixtures.start, timeRate: 1)),
            width: 100, height: 44)
        return TestDecks.screen(app).text
    }

    @Test func everyFieldThePageGivesIsShownOverABareStoreKitFile() throws {
        let page = PaywallPage(
            title: "Go Pro today", subtitle: "Cancel any time.", features: ["Offline maps", "No ads"],
            callToAction: "Subscribe for {{ price_per_period }}", callToActionWithIntroOffer: "Try it: {{ sub_offer }}")
        let screen = Self.screen(page, catalog: try Self.storeKitCatalog())
        for text in ["Go Pro today", "Cancel any time.", "✓ Offline maps", "✓ No ads"] {
            #expect(screen.contains(text), "\(text) missing:\n\(screen)")
        }
        #expect(screen.contains("Subscribe for $") || screen.contains("Try it: "))
        #expect(!screen.contains("Unlock everything"))
        #expect(!screen.contains("Choose the plan that suits you."))
    }

    @Test func fieldsThePageLeavesOutComeFromTheCatalog() throws {
        let catalog = try PaywallFixtures.defaultCatalog()
        let screen = Self.screen(PaywallPage(offeringID: "default", title: "Deck title"), catalog: catalog)
        #expect(screen.contains("Deck title"))
        #expect(!screen.contains("Go Pro in your terminal"))
        // The catalog's features stay.
        #expect(screen.contains("✓ Unlimited onboarding decks"))
    }

    @Test func theDeckDecoderReadsThePaywallWordsAndChecksTheirVariables() throws {
        let result = DeckValidationTests.load(
            """
            {\(DeckValidationTests.app), "pages": [
              {"kind": "paywall", "title": "T", "subtitle": "S", "features": ["a", "b {{ prce }}"],
               "callToAction": "Buy {{ price }}", "callToActionWithIntroOffer": "Try {{ sub_ofer }}"}
            ]}
            """)
        let deck = try #require(result.deck)
        guard case .paywall(let page) = deck.pages[0] else {
            Issue.record("not a paywall page")
            return
        }
        #expect(
            page
                == PaywallPage(
                    title: "T", subtitle: "S", features: ["a", "b {{ prce }}"], callToAction: "Buy {{ price }}",
                    callToActionWithIntroOffer: "Try {{ sub_ofer }}"))
        let warnings = result.diagnostics.map(\.message)
        #expect(warnings.contains { $0.contains("{{ prce }}") && $0.contains("did you mean {{ price }}") })
        #expect(warnings.contains { $0.contains("{{ sub_ofer }}") })
        #expect(!warnings.contains { $0.contains("unknown key") }, "\(warnings)")
    }
}
