import Foundation
import Testing

@testable import OnboardKit

/// The built-in paywall as it ships (`Assets/default-catalog.json`: tabs Pro and Lifetime, a
/// Monthly │ Yearly switch on Pro): Tab, `b` and clicks reach every package, and every key and
/// click the list takes does the same on each tab and side.
@Suite struct BuiltInPaywallKeysTests {
    static func app(
        latency: Double = 0, deck: Deck? = nil, ledger: Ledger = Ledger(), width: Int = 80, height: Int = 24
    ) throws -> OnboardingApp {
        let catalog = try PaywallFixtures.defaultCatalog()
        #expect(catalog.paywall.layout == .tiers && catalog.paywall.periodSwitch == true)
        guard let deck else { return try PaywallFixtures.flowApp(latency: latency, catalog: catalog) }
        let setup = PaywallSetup(
            catalog: catalog, ledger: ledger, mode: .success, latency: latency,
            clock: StoreClock(startWallDate: PaywallFixtures.start))
        var app = PaywallFixtures.app(deck, setup: setup, width: width, height: height)
        _ = app.update(.key(.right))
        return app
    }

    /// The ways to each tab and side, from the paywall as it opens (Pro, Yearly).
    static let ways: [(keys: [Key], selected: String, product: String)] = [
        ([], "● Pro Annual", "tui_onboard_pro_annual"),
        ([.character("b")], "● Pro Monthly", "tui_onboard_pro_monthly"),
        ([.tab], "● Pro Lifetime", "tui_onboard_pro_lifetime"),
        ([.backTab], "● Pro Lifetime", "tui_onboard_pro_lifetime"),
        ([.tab, .tab, .character("b")], "● Pro Monthly", "tui_onboard_pro_monthly"),
        ([.character("b"), .tab, .tab], "● Pro Monthly", "tui_onboard_pro_monthly"),
    ]

    @Test(arguments: ways.indices)
    func tabAndTheSwitchReachEachPackageAndEnterBuysIt(way: Int) throws {
        let (keys, selected, product) = Self.ways[way]
        var app = try Self.app()
        #expect(TestDecks.screen(app).text.contains("Pro │ Lifetime"))
        var recorded = PaywallFlowTests.press(keys, &app)
        #expect(TestDecks.screen(app).text.contains(selected), "\(TestDecks.screen(app).text)")
        recorded += PaywallFlowTests.press([.enter], &app)
        recorded += PaywallFlowTests.run(&app, seconds: 1)
        #expect(recorded.map(\.productID) == [product])
    }

    /// Each tab and side keeps the tabs, the switch's line, the button and the key line where
    /// they are: the lines one leaves out (the switch, the terms) are kept empty.
    @Test(arguments: [80, 40])
    func changingTabsOrSidesMovesNothing(width: Int) throws {
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")), .paywall(PaywallPage(offeringID: "default")),
        ])
        func rows(after keys: [Key]) throws -> [Int?] {
            var app = try Self.app(deck: deck, width: width, height: width == 80 ? 24 : 12)
            _ = PaywallFlowTests.press(keys, &app)
            let lines = TestDecks.screen(app).lines
            #expect(lines.contains { $0.contains(Self.ways.first { $0.keys == keys }?.selected ?? "●") })
            return ["Pro │ Lifetime", "Monthly │ Yearly", "● Pro", "estore", "○ ●"].map { text in
                lines.firstIndex { $0.contains(text) }
            }
        }
        let opening = try rows(after: [])
        #expect(opening.allSatisfy { $0 != nil }, "\(opening)")
        for way in Self.ways.dropFirst() {
            let shown = try rows(after: way.keys)
            // The switch's line is empty on Lifetime's tab; everything else is where it was.
            let expected = way.selected.contains("Lifetime") ? [opening[0], nil] + opening[2...] : opening
            #expect(shown == expected, "after \(way.keys)")
        }
    }

    @Test(arguments: ["Lifetime", "Monthly", "Yearly", "Pro │"])
    func aClickOnATabOrASideShowsIt(text: String) throws {
        var app = try Self.app()
        // From the other tab or side than the one clicked.
        _ = PaywallFlowTests.press(text == "Yearly" ? [.character("b")] : text == "Pro │" ? [.tab] : [], &app)
        let label = text == "Pro │" ? "Pro" : text
        let lines = TestDecks.screen(app).lines
        let row = try #require(lines.firstIndex { $0.contains(text) }, "\(lines.joined(separator: "\n"))")
        let column = try #require(lines[row].range(of: label))
        let x = DisplayWidth.of(String(lines[row][..<column.lowerBound])) + 1
        _ = app.update(.presented)
        _ = app.update(.mouse(MouseEvent(.click, x: x, y: row)))
        let expected = ["Lifetime": "● Pro Lifetime", "Monthly": "● Pro Monthly", "Yearly": "● Pro Annual"][text]
        #expect(TestDecks.screen(app).text.contains(expected ?? "Monthly │ Yearly"), "\(TestDecks.screen(app).text)")
    }

    /// The keys that open a box, on each tab and side.
    static let boxKeys: [(key: Character, box: PaywallBox.Kind)] = [
        ("p", .link), ("t", .link), ("o", .offerCode), ("m", .transactionManager),
    ]

    @Test(arguments: boxKeys.indices, ways.indices.prefix(3))
    func theListsKeysOpenTheirBoxesOnEveryTabAndSide(key: Int, way: Int) throws {
        var app = try Self.app()
        _ = PaywallFlowTests.press(Self.ways[way].keys + [.character(Self.boxKeys[key].key)], &app)
        #expect(app.paywall?.top?.kind == Self.boxKeys[key].box)
        _ = PaywallFlowTests.press([.escape], &app)
        #expect(app.paywall?.top?.kind == nil)
        #expect(TestDecks.screen(app).text.contains(Self.ways[way].selected), "the tab or side was lost")
    }

    @Test(arguments: ways.indices.prefix(3))
    func restoreWorksOnEveryTabAndSide(way: Int) throws {
        var app = try Self.app()
        _ = PaywallFlowTests.press(Self.ways[way].keys + [.character("r")], &app)
        _ = PaywallFlowTests.run(&app, seconds: 1)
        #expect(app.paywall?.store.completedRestores.count == 1)
    }

    @Test(arguments: ways.indices.prefix(3))
    func leavingFromAnyTabShowsTheExitOfferThenTheSurvey(way: Int) throws {
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")),
            .paywall(PaywallDeclineTests.paywallPage()),
            .step(StepPage(heading: "After", text: "")),
        ])
        var app = try Self.app(deck: deck)
        _ = PaywallFlowTests.press(Self.ways[way].keys + [.character("n")], &app)
        let offer = TestDecks.screen(app).text
        #expect(offer.contains("Before you go: a week free") && offer.contains("Pro Annual"), "\(offer)")
        _ = PaywallFlowTests.press([.character("n")], &app)
        #expect(TestDecks.screen(app).text.contains("What held you back?"), "\(TestDecks.screen(app).text)")
    }

    /// What the user owns is on another tab or side than the one the paywall opens on (Yearly):
    /// they are a customer all the same, and leaving brings up neither the offer nor the survey.
    @Test(arguments: [PaywallLifecycleTests.monthly, "tui_onboard_pro_lifetime"])
    func aCustomerWhoseProductIsNotOnScreenLeavesWithoutAnExitOffer(product: String) throws {
        let purchase = LedgerTransaction(
            id: "M", productID: product, purchaseDate: StoreFixtures.date(2025, 12, 22),
            expiresDate: product == PaywallLifecycleTests.monthly ? StoreFixtures.date(2026, 1, 22) : nil,
            willRenew: product == PaywallLifecycleTests.monthly)
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")),
            .paywall(PaywallDeclineTests.paywallPage()),
            .step(StepPage(heading: "After", text: "")),
        ])
        var app = try Self.app(deck: deck, ledger: Ledger([purchase]))
        #expect(TestDecks.screen(app).text.contains("● Pro Annual"))
        _ = PaywallFlowTests.press([.character("n")], &app)
        #expect(app.carousel.currentIndex == 2, "\(TestDecks.screen(app).text)")
        #expect(app.survey == nil)
    }

    @Test func theExitOfferSellsItsOwnPackage() throws {
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")), .paywall(PaywallDeclineTests.paywallPage()),
        ])
        var app = try Self.app(deck: deck)
        var recorded = PaywallFlowTests.press([.tab, .character("n"), .enter], &app)
        recorded += PaywallFlowTests.run(&app, seconds: 1)
        #expect(recorded.map(\.productID) == ["tui_onboard_pro_annual"])
    }

    @Test func theConversationNumbersEveryTabAndSideAndANumberBuysThatPackage() throws {
        var conversation = Conversation(app: try Self.app(latency: 1))
        let menu = conversation.opening(perform: { _ in [] })
        let pro = try #require(menu.firstIndex(of: "Tier: Pro"))
        let lifetime = try #require(menu.firstIndex(of: "Tier: Lifetime"))
        #expect(pro < lifetime)
        #expect(menu.contains("1) Pro Annual: $39.99/yr ($3.33/mo), Most popular · Save 33%"))
        #expect(menu.contains("2) Pro Monthly: $4.99/mo"))
        #expect(menu.contains("3) Pro Lifetime: $99.99, Pay once"))
        #expect(menu.contains("Nothing renews, nothing to cancel"))
        #expect(menu.last?.contains("1 to 3: buy") == true)
        ConversationTests.expectPlain(menu)
        for (number, product) in [("3", "tui_onboard_pro_lifetime"), ("2", "tui_onboard_pro_monthly")] {
            var buyer = Conversation(app: try Self.app(latency: 1))
            _ = buyer.opening(perform: { _ in [] })
            _ = ConversationTests.talk([number, "y"], &buyer)
            #expect(buyer.app.paywall?.recordedThisRun.map(\.productID) == [product])
        }
    }
}
