import Testing

@testable import OnboardKit

/// A paste is text: whatever it holds, it presses no button, turns no page, buys nothing and
/// ends nothing, on every page and in every box.
@Suite struct PasteTests {
    /// Texts that, typed as keys, would buy, turn pages, skip, restore or quit.
    static let pastes = [
        "wow\r", "\r", "\n", "7", "1234567\r89\r", "q", "\u{1B}", "\u{1B}[C\u{1B}[6~", " ", "rnpt", "\u{3}", "\u{1A}",
        String(repeating: "12345678\r", count: 2000),
    ]

    /// What a paste must not change: the page, the selection, the purchases, what is drawn.
    static func state(of app: OnboardingApp) -> [String] {
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        let selected = app.paywall?.selectedIndex(on: PaywallPage(offeringID: "default"))
        return [
            "page \(app.lastPage)", "selected \(String(describing: selected))",
            "ledger \(app.paywall?.ledger.transactions.count ?? -1)", "animating \(app.isAnimating)",
        ] + canvas.lines
    }

    @Test("a paste on the paywall changes nothing and asks for nothing", arguments: pastes)
    func pasteOnThePaywall(text: String) throws {
        var app = try PaywallFixtures.flowApp()
        // Monthly selected: Enter would buy it.
        _ = PaywallFlowTests.press([.down], &app)
        let before = Self.state(of: app)
        let effects = app.update(.paste(text))
        #expect(effects.isEmpty)
        #expect(Self.state(of: app) == before)
        let recorded = PaywallFlowTests.run(&app, seconds: 2)
        #expect(recorded.isEmpty, "a purchase started")
    }

    @Test("a paste on any page of the tour changes nothing", arguments: 0..<3)
    func pasteOnEachPage(page: Int) throws {
        var app = try PaywallFixtures.flowApp()
        _ = PaywallFlowTests.press([.home] + Array(repeating: .right, count: page), &app)
        _ = PaywallFlowTests.run(&app, seconds: 1)
        let before = Self.state(of: app)
        for text in Self.pastes {
            let effects = app.update(.paste(text))
            #expect(effects.isEmpty)
        }
        #expect(Self.state(of: app) == before)
    }
}
