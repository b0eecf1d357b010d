import Testing

@testable import OnboardKit

/// A page shown for an entitlement follows the paywall: a purchase puts it on the path at once,
/// and the paywall page that the purchase made false stays until the reader moves on.
@Suite struct EntitledPathTests {
    @Test func aPurchaseOpensThePageForTheEntitlement() throws {
        var deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")), .paywall(PaywallPage(offeringID: "default")),
            .step(StepPage(heading: "Welcome, Pro", text: "")), .step(StepPage(heading: "After", text: "")),
        ])
        deck.pageConditions = [nil, .not(.entitled("pro")), .entitled("pro"), nil]
        let setup = PaywallSetup(
            catalog: try PaywallFixtures.listCatalog(), latency: 0.5,
            clock: StoreClock(startWallDate: PaywallFixtures.start))
        var app = PaywallFixtures.app(deck, setup: setup)
        // The paywall is built at the start: the path needs its answer.
        #expect(app.paywall != nil)
        #expect(app.carousel.path == [0, 1, 3])
        _ = app.update(.key(.right))
        var recorded = PaywallFlowTests.press([.down, .enter], &app)
        recorded += PaywallFlowTests.run(&app, seconds: 1)
        #expect(recorded.map(\.productID) == ["tui_onboard_pro_monthly"])
        #expect(app.conditionContext.entitled == ["pro"])
        // The paywall stays under the reader; the page for Pro comes after it.
        #expect(app.carousel.path == [0, 1, 2, 3])
        #expect(app.carousel.currentIndex == 1)
        #expect(app.layout.pageCount == 4)
        // The store's notice ("You're all set") takes the first key.
        #expect(app.focus == .paywall(.notice))
        _ = PaywallFlowTests.press([.enter], &app)
        #expect(app.focus == .paywall(.paywall))
        _ = PaywallFlowTests.press([.right], &app)
        #expect(app.carousel.currentIndex == 2, "\(TestDecks.screen(app).text)")
        // Once left, the paywall is off the path: bought, it is not offered again.
        _ = PaywallFlowTests.press([.left], &app)
        #expect(app.carousel.path == [0, 2, 3])
        #expect(app.carousel.currentIndex == 0)
    }
}
