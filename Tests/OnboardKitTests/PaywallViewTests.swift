import Foundation
import Testing

@testable import OnboardKit

@Suite struct PaywallViewTests {
    static func presentation(selected: Int = 0, owned: Set<String> = [], progress: String? = nil) throws
        -> PaywallPresentation
    {
        let catalog = try PaywallFixtures.listCatalog()
        let offering = try #require(catalog.currentOffering)
        return PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: PriceFormatter(locale: Locale(identifier: "en_US")),
            selectedIndex: selected, ownedProductIDs: owned,
            introEligibleProductIDs: ["tui_onboard_pro_annual"], statusLines: ["tui-onboard Pro: Not purchased"],
            progress: progress)
    }

    static func draw(_ presentation: PaywallPresentation, width: Int, height: Int, mode: ColorMode = .indexed256)
        -> Canvas
    {
        var canvas = Canvas(width: width, height: height)
        PaywallView(presentation: presentation, theme: Theme(colorMode: mode))
            .draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
        return canvas
    }

    @Test(arguments: [(80, 21), (40, 9)])
    func theDefaultOfferingMatchesItsSnapshot(width: Int, height: Int) throws {
        let canvas = Self.draw(try Self.presentation(), width: width, height: height)
        assertSnapshot(framed(canvas.lines, width: width), named: "paywall-\(width)x\(height)")
    }

    @Test func rowsShowPricesPerMonthBadgesAndTheIntroOffer() throws {
        let presentation = try Self.presentation()
        // The product's own name; the period label only where the name lacks it.
        #expect(presentation.rows.map(\.name) == ["Pro Annual", "Pro Monthly", "Pro Lifetime"])
        #expect(presentation.rows[0].detail == "Everything in tui-onboard Pro, billed once a year.")
        #expect(presentation.rows[0].price == "$39.99/yr")
        #expect(presentation.rows[0].perMonth == "$3.33/mo")
        #expect(presentation.rows[0].badge?.contains("Save 33%") == true)
        #expect(presentation.rows[0].offer == "1-week free trial, then $39.99/yr")
        #expect(presentation.rows[1].perMonth == nil)
        #expect(presentation.rows[2].price == "$99.99")
        #expect(presentation.callToAction.hasPrefix("Start your 1-week free trial"))
    }

    @Test func anOwnedPackageCannotBeBoughtAgain() throws {
        let presentation = try Self.presentation(selected: 1, owned: ["tui_onboard_pro_monthly"])
        #expect(presentation.rows[1].isOwned)
        #expect(presentation.callToAction == "You're currently subscribed")
    }

    @Test func theSelectedRowIsHighlightedAndProgressReplacesTheButton() throws {
        let canvas = Self.draw(try Self.presentation(selected: 1, progress: "⠋ Purchasing…"), width: 80, height: 21)
        let row = try #require(canvas.lines.firstIndex { $0.contains("● Pro Monthly") })
        #expect(canvas[20, row].style.background != .terminalDefault)
        #expect(canvas.text.contains("⠋ Purchasing…"))
        #expect(!canvas.text.contains("Continue for"))
    }

    @Test func everySizeDrawsWithoutOverflowing() throws {
        let presentation = try Self.presentation()
        for width in 0...50 {
            for height in 0...22 {
                let canvas = Self.draw(presentation, width: width, height: height)
                #expect(canvas.width == width)
            }
        }
    }
}

extension PaywallViewTests {
    @Test func plainTextListsThePackagesStatusAndLinks() throws {
        let catalog = try PaywallFixtures.listCatalog()
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"), pages: [.paywall(PaywallPage(offeringID: "default"))])
        let controller = PaywallController(
            setup: PaywallSetup(catalog: catalog, clock: StoreClock(startWallDate: Date(timeIntervalSince1970: 0))),
            seed: 0)
        let text = PlainTextRenderer.render(deck, paywall: controller)
        #expect(text.contains("- Pro Annual: $39.99/yr ($3.33/mo), Best value · Save 33%"))
        #expect(text.contains("  Everything in tui-onboard Pro, billed once a year."))
        #expect(text.contains("- Pro Monthly: $4.99/mo"))
        #expect(text.contains("tui-onboard Pro: Not purchased"))
        #expect(text.contains("Terms of Use: https://tui-onboard.example.com/terms"))
        #expect(!PlainTextRenderer.render(deck).contains("Pro Annual"))
    }
}
