import Foundation
import Testing

@testable import OnboardKit

/// Tabs, the period switch, cards and the savings of a designed paywall, by key and by click.
@Suite struct DesignedPaywallTests {
    typealias Fixtures = DesignedPaywallFixtures

    static func product(_ price: String, _ period: String?) -> Product {
        let periods: [String: SubscriptionPeriod] = [
            "P1M": SubscriptionPeriod(value: 1, unit: .month), "P6M": SubscriptionPeriod(value: 6, unit: .month),
            "P12M": SubscriptionPeriod(value: 12, unit: .month), "P1W": SubscriptionPeriod(value: 1, unit: .week),
            "P1Y": SubscriptionPeriod(value: 1, unit: .year), "P2Y": SubscriptionPeriod(value: 2, unit: .year),
        ]
        return Product(
            id: "p\(price)", type: period == nil ? .nonConsumable : .autoRenewable, price: Decimal(string: price)!,
            currencyCode: "USD", subscriptionPeriod: period.flatMap { periods[$0] }, localizedTitle: price)
    }

    /// Against the monthly price, cut down to a whole percent from exact prices per month.
    @Test(
        arguments: [
            ("4.99", "39.99", 33), ("19.99", "179.99", 24), ("9.99", "89.99", 24), ("10.00", "120.00", nil),
            ("10.00", "130.00", nil), ("3.00", "30.00", 16),
        ] as [(String, String, Int?)])
    func savingsAreRoundedDown(monthly: String, yearly: String, expected: Int?) {
        let month = Package(identifier: "m", product: Self.product(monthly, "P1M"))
        let year = Package(identifier: "y", product: Self.product(yearly, "P1Y"))
        let offering = Offering(id: "o", packages: [year, month], copy: PaywallCopy(title: "t"))
        #expect(PriceFormatter.savingsAgainstShortest(of: year, in: offering) == expected)
        #expect(PriceFormatter.savingsAgainstShortest(of: month, in: offering) == nil)
    }

    @Test(
        arguments: [
            ("P1M", true, false), ("P6M", true, false), ("P1W", true, false), ("P1Y", false, true),
            ("P2Y", false, true),
            ("P12M", false, true), (nil, true, true),
        ] as [(String?, Bool, Bool)])
    func periodSides(period: String?, monthly: Bool, yearly: Bool) {
        let product = Self.product("1.00", period)
        #expect(PeriodSide.monthly.shows(product) == monthly)
        #expect(PeriodSide.yearly.shows(product) == yearly)
    }

    @Test func tabsSwitchWithTabAndKeepTheirChoiceWhileThePaywallIsOpen() throws {
        var app = try Fixtures.app(.tiers)
        // The default package's tier and side first.
        #expect(try Fixtures.shownNames(app) == ["Pro Annual"])
        _ = app.update(.key(.tab))
        #expect(try Fixtures.shownNames(app) == ["Max Annual"])
        _ = app.update(.key(.tab))
        #expect(try Fixtures.shownNames(app) == ["Plus Annual"])
        _ = app.update(.key(.backTab))
        #expect(try Fixtures.shownNames(app) == ["Max Annual"])
        _ = app.update(.key(.character("b")))
        #expect(try Fixtures.shownNames(app) == ["Max Monthly"])
        // The side is the paywall's, whichever tab shows.
        _ = app.update(.key(.tab))
        #expect(try Fixtures.shownNames(app) == ["Plus Monthly"])
        // Away and back: the tab and the side are as they were.
        _ = app.update(.key(.pageUp))
        _ = app.update(.key(.pageDown))
        TestDecks.settle(&app)
        #expect(try Fixtures.shownNames(app) == ["Plus Monthly"])
    }

    /// A tab or a side of the switch that changes the package the button buys tells the
    /// host, as choosing it in the list does; one that changes nothing tells nothing.
    @Test func tabsAndTheSwitchTellThePackageSelected() throws {
        var app = try Fixtures.app(.tiers)
        _ = app.takeEvents()
        _ = app.update(.key(.character("b")))
        #expect(
            app.takeEvents() == [.packageSelected(offering: "studio", package: "pro_monthly", product: "pro_monthly")])
        _ = app.update(.key(.tab))
        #expect(
            app.takeEvents() == [.packageSelected(offering: "studio", package: "max_monthly", product: "max_monthly")])
        _ = app.update(.key(.down))
        #expect(app.takeEvents() == [])
    }

    @Test func theTabsAreShownAndTheChosenOneIsHighlighted() throws {
        var app = try Fixtures.app(.tiers)
        _ = app.update(.key(.tab))
        let canvas = TestDecks.screen(app)
        let row = try #require(canvas.lines.firstIndex { $0.contains("Plus │ Pro │ Max") })
        let column = DisplayWidth.of(String(canvas.lines[row].prefix { $0 != "M" }))
        #expect(canvas[column, row].style == app.theme.primaryButton)
        #expect(canvas[column - 8, row].style != app.theme.primaryButton)
    }

    @Test(arguments: [PaywallLayout.list, .cards, .tiers, .comparison])
    func enterBuysThePackageShownOnTheSideChosen(layout: PaywallLayout) throws {
        var app = try Fixtures.app(layout)
        _ = app.update(.key(.character("b")))
        _ = app.update(.presented)
        _ = app.update(.key(.enter))
        #expect(app.paywall?.store.activePackage?.product.id == "pro_monthly")
    }

    @Test func arrowsChooseCardsAndTurnPagesElsewhere() throws {
        var cards = try Fixtures.app(.cards, width: 120, height: 40)
        #expect(try Fixtures.selectedName(cards) == "Pro Annual")
        _ = cards.update(.key(.right))
        #expect(try Fixtures.selectedName(cards) == "Max Annual")
        _ = cards.update(.key(.left))
        _ = cards.update(.key(.left))
        #expect(try Fixtures.selectedName(cards) == "Plus Annual")
        #expect(cards.carousel.currentIndex == 1)
        var list = try Fixtures.app(.list, periodSwitch: false)
        _ = list.update(.key(.left))
        #expect(list.carousel.currentIndex == 0)
    }

    @Test func rightToLeftTheNextCardIsOnTheLeft() throws {
        var app = try Fixtures.app(.cards, width: 120, height: 40, direction: .rightToLeft)
        _ = app.update(.key(.left))
        #expect(try Fixtures.selectedName(app) == "Max Annual")
        let lines = TestDecks.screen(app).lines
        let cards = try #require(lines.first { $0.contains("Max Annual") && $0.contains("Plus Annual") })
        #expect(cards.range(of: "Max Annual")!.lowerBound < cards.range(of: "Plus Annual")!.lowerBound)
    }

    /// Where `text` is on screen, its middle.
    static func point(of text: String, in app: OnboardingApp) throws -> (x: Int, y: Int) {
        let lines = TestDecks.screen(app).lines
        let row = try #require(lines.firstIndex { $0.contains(text) }, "\(text) not on screen")
        let prefix = String(lines[row][..<lines[row].range(of: text)!.lowerBound])
        return (DisplayWidth.of(prefix) + DisplayWidth.of(text) / 2, row)
    }

    @Test(arguments: [PaywallLayout.cards, .tiers])
    func clicksChooseTabsSidesAndCards(layout: PaywallLayout) throws {
        var app = try Fixtures.app(layout, width: 120, height: 40)
        func click(_ text: String) throws {
            let (x, y) = try Self.point(of: text, in: app)
            _ = app.update(.presented)
            _ = app.update(.mouse(MouseEvent(.click, x: x, y: y)))
        }
        try click("Monthly")
        #expect(try Fixtures.shownNames(app).allSatisfy { $0.hasSuffix("Monthly") })
        if layout == .tiers {
            try click("Max")
            #expect(try Fixtures.shownNames(app) == ["Max Monthly"])
        } else {
            try click("Plus Monthly")
            #expect(try Fixtures.selectedName(app) == "Plus Monthly")
        }
    }

    /// The tabs and the switch name their keys, which nothing else on the page says; a click on
    /// the key goes to the next tab or side, as the key does.
    @Test func theTabsAndTheSwitchSayTheirKeysAndAClickOnOneActsAsItsKey() throws {
        var app = try Fixtures.app(.tiers, width: 120, height: 40)
        let canvas = TestDecks.screen(app)
        #expect(canvas.lines.contains { $0.contains("Plus │ Pro │ Max   (Tab)") }, "\(canvas.text)")
        #expect(canvas.lines.contains { $0.contains("Monthly │ Yearly   (b)") }, "\(canvas.text)")
        let before = try Fixtures.shownNames(app)
        let (x, y) = try Self.point(of: "(b)", in: app)
        _ = app.update(.presented)
        _ = app.update(.mouse(MouseEvent(.click, x: x + 1, y: y)))
        #expect(try Fixtures.shownNames(app) != before)
        #expect(try Fixtures.shownNames(app).allSatisfy { $0.hasSuffix("Monthly") })
        let (tabX, tabY) = try Self.point(of: "(Tab)", in: app)
        _ = app.update(.mouse(MouseEvent(.click, x: tabX + 2, y: tabY)))
        let shown = try Fixtures.shownNames(app)
        #expect(shown.allSatisfy { $0.hasPrefix("Max") }, "\(shown)")
    }

    @Test func whereTheKeysDoNotFitTheChoicesStillShow() throws {
        // 40 columns: the tabs with their key would take 29; at 26 the key goes, the tabs stay.
        let app = try Fixtures.app(.tiers, width: 26, height: 24)
        let canvas = TestDecks.screen(app)
        #expect(canvas.lines.contains { $0.contains("Plus │ Pro │ Max") || $0.contains("‹") }, "\(canvas.text)")
        #expect(!canvas.text.contains("(Tab)"), "\(canvas.text)")
    }
}

/// A designed paywall over a bare `.storekit` file, in no colour, and as `validate` reports it.
@Suite struct DesignedPaywallSourcesTests {
    /// RevenueCat's test configuration: two subscription groups and one-time products, so three
    /// tiers worked out from the groups' levels.
    @Test func tiersAndTheSwitchWorkOverAStoreKitFile() throws {
        let result = CatalogDecoder.load(
            path: CatalogFixtures.storeKitPath("revenuecat-UnitTestsConfiguration.storekit"),
            fileReader: CatalogFixtures.diskReader)
        let catalog = try #require(result.catalog)
        var page = PaywallPage()
        page.design = PaywallDesign(layout: .tiers, periodSwitch: true)
        let deck = PaywallFixtures.deck([.paywall(page)])
        let setup = PaywallSetup(catalog: catalog, clock: StoreClock(startWallDate: PaywallFixtures.start))
        var app = PaywallFixtures.app(deck, setup: setup, width: 120, height: 40)
        let controller = try #require(app.paywall)
        let sections = controller.plainSections(for: page)
        #expect(sections.count == 3)
        let first = try #require(controller.presentation(for: page))
        #expect(first.design.tabs.count == 3)
        let before = first.rows.map(\.name)
        _ = app.update(.key(.character("b")))
        let switched = try #require(app.paywall?.presentation(for: page)).rows.map(\.name)
        #expect(before != switched && !switched.isEmpty)
        _ = app.update(.key(.tab))
        #expect(try #require(app.paywall?.presentation(for: page)).design.selectedTab == 1)
    }

    /// Without colour the chosen card still shows: its heavy lines, and the button's reverse.
    @Test func theChosenCardShowsWithoutColour() throws {
        var app = try DesignedPaywallFixtures.app(.cards, width: 120, height: 40)
        app = OnboardingApp(
            deck: app.deck, colorMode: .monochrome, width: 120, height: 40, settings: app.settings,
            paywall: PaywallSetup(
                catalog: try DesignedPaywallFixtures.catalog(), clock: StoreClock(startWallDate: PaywallFixtures.start))
        )
        _ = app.update(.key(.right))
        let lines = TestDecks.screen(app).lines
        let top = try #require(lines.first { $0.contains("┏") })
        #expect(top.filter { $0 == "┏" }.count == 1 && top.filter { $0 == "╭" }.count == 2)
        let names = try #require(lines.first { $0.contains("Pro Annual") })
        #expect(names.range(of: "┃ Pro Annual") != nil, "\(names)")
    }

    @Test func validateSaysWhatADesignedPaywallLeavesOutAt40x12() throws {
        var page = PaywallPage()
        page.design = PaywallDesign(layout: .comparison)
        let deck = PaywallFixtures.deck([.step(StepPage(heading: "Intro", text: "")), .paywall(page)])
        let setup = PaywallSetup(
            catalog: try DesignedPaywallFixtures.catalog(), clock: StoreClock(startWallDate: PaywallFixtures.start))
        let found = PaywallFitCheck.diagnostics(deck, paywall: setup, file: "d.json")
        let note = try #require(found.first { $0.message.hasPrefix("at 40x12") }, "\(found)")
        #expect(note.path == "pages[1]" && note.message.contains("comparison table"), "\(note.message)")
        let rows = try #require(Int(note.message.split(separator: "80x").last?.prefix { $0.isNumber } ?? ""))
        #expect(PaywallFitCheck.leftOutWords(deck, paywall: setup, width: 80, height: rows)[1] == [])
        #expect(PaywallFitCheck.leftOutWords(deck, paywall: setup, width: 80, height: rows - 1)[1] != [])
        // A list paywall is not told about 40x12 (the catalog's tiers give way to the page's list).
        page.design = PaywallDesign(layout: .list)
        let listDeck = PaywallFixtures.deck([.paywall(page)])
        #expect(
            !PaywallFitCheck.diagnostics(listDeck, paywall: setup, file: "d.json").contains {
                $0.message.hasPrefix("at 40x12")
            })
    }
}
