import Testing

@testable import OnboardKit

/// `validate`'s checks of a deck against its catalog point at the deck's own text, line and
/// column, as every other error of a deck does.
@Suite struct DeckCatalogCheckTests {
    static let deck = """
        {
          "app": {"id": "a.b", "name": "App", "version": "1.0.0"},
          "catalog": "catalog.json",
          "pages": [
            { "kind": "step", "heading": "Hello", "text": "Hi" },
            { "kind": "paywall", "offering": "mian" },
            { "kind": "paywall" },
            {
              "kind": "paywall",
                "offering": "default"
            }
          ]
        }
        """

    @Test func eachUnknownOfferingIsPlacedAtItsMember() throws {
        let loaded = DeckLoader.decode(Array(Self.deck.utf8), file: "deck.json", reader: .memory([:]))
        let deck = try #require(loaded.deck)
        let catalog = try #require(CatalogDecoderTests.decode(CatalogDecoderTests.valid).catalog)
        let root = try JSONParser.parse(Self.deck)
        let found = DeckCatalogCheck.unknownOfferings(in: deck, catalog: catalog, file: "deck.json", root: root)
        #expect(
            found.map(\.description) == [
                "deck.json:6:38: error: pages[1].offering: offering \"mian\" is not in the catalog (it has: main, ads); "
                    + "did you mean \"main\"?",
                "deck.json:10:21: error: pages[3].offering: offering \"default\" is not in the catalog (it has: main, ads)",
            ])
        // Without the text (a deck built in code), the same problems, unplaced.
        let unplaced = DeckCatalogCheck.unknownOfferings(in: deck, catalog: catalog, file: "deck.json", root: nil)
        #expect(unplaced.map(\.location) == [nil, nil])
        #expect(unplaced.map(\.path) == found.map(\.path))
    }

    @Test func aPaywallWithoutACatalogIsPlacedAtTheDeck() throws {
        let text = "\n  {\"app\": {\"id\": \"a\", \"name\": \"A\"}, \"pages\": [{\"kind\": \"paywall\"}]}"
        let diagnostic = DeckCatalogCheck.missingCatalog(file: "deck.json", root: try JSONParser.parse(text))
        #expect(diagnostic.description.hasPrefix("deck.json:2:3: error: catalog: the deck has a paywall page"))
    }
}

/// `"when": {"entitled": …}` is checked against the catalog's entitlements, at its place.
@Suite struct DeckCatalogEntitlementTests {
    @Test func anEntitlementTheCatalogLacksIsAnErrorWithTheClosestOne() throws {
        let text = """
            {"app": {"id": "a", "name": "A"}, "pages": [
             {"kind": "step", "heading": "X", "when": {"any": [{"entitled": "pro"}, {"not": {"entitled": "prp"}}]}}]}
            """
        let root = try JSONParser.parse(Array(text.utf8))
        let catalog = try PaywallFixtures.defaultCatalog()
        let found = DeckCatalogCheck.unknownEntitlements(in: catalog, file: "deck.json", root: root)
        #expect(
            found.map(\.description) == [
                #"deck.json:2:94: error: pages[0].when.any[1].not.entitled: entitlement "prp" is not in the catalog (it has: pro); did you mean "pro"?"#
            ])
    }
}
