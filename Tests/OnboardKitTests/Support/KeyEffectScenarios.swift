@testable import OnboardKit

/// Apps put in each key context, with what a key must change for it to count as doing
/// something: the screen, the page, the scroll, a box, the store's phase, or an effect.
enum KeyEffectScenarios {
    struct Scenario {
        var name: String
        var app: OnboardingApp
    }

    /// Which context keys go to in `app` now.
    static func context(of app: OnboardingApp) -> KeyContext { app.focus.keyContext }

    static func fingerprint(_ app: OnboardingApp) -> String {
        let state: [Any?] = [
            app.lastPage, app.scrollOffset, app.isShowingHelp, app.reviewBox, app.paywall?.store.phase,
            app.paywall?.store.notice, app.paywall?.openLink, app.paywall?.ledger.transactions.count,
            // A cursor or a highlight moves a style, which the screen's text does not show.
            app.questions[app.lastPage],
        ]
        return state.map { String(describing: $0) }.joined(separator: "|") + "\n"
            + TestDecks.screen(app).lines.joined(separator: "\n")
    }

    static func hasEffect(_ key: Key, on app: OnboardingApp) -> Bool {
        var app = app
        // The scenario's screen was drawn before the key, as the shell draws before reading.
        _ = app.update(.presented)
        let before = fingerprint(app)
        let effects = app.update(.key(key))
        return !effects.isEmpty || fingerprint(app) != before
    }

    static func press(_ keys: [Key], _ app: inout OnboardingApp) {
        _ = PaywallFlowTests.press(keys, &app)
    }

    static func scenarios(for context: KeyContext) throws -> [Scenario] {
        switch context {
        case .anywhere, .carousel:
            // Ten pages, the fifth too long for the window: there, scrolled a row, every key
            // moves something; from the first page every digit does.
            var deck = TestDecks.deck(pageCount: 10)
            deck.pages[4] = .step(
                StepPage(heading: "Long", text: (1...30).map { "Line \($0) of a long page." }.joined(separator: "\n")))
            let settings = AppSettings(reducesMotion: true, seed: 1)
            let first = OnboardingApp(deck: deck, colorMode: .indexed256, width: 40, height: 12, settings: settings)
            var middle = first
            press([.character("5"), .down], &middle)
            return [Scenario(name: "page 5, scrolled", app: middle), Scenario(name: "page 1", app: first)]
        case .help:
            var app = TestDecks.app(TestDecks.deck(pageCount: 3), width: 80, height: 24)
            press([.character("?")], &app)
            return [Scenario(name: "help", app: app)]
        case .paywall:
            let first = try PaywallFixtures.flowApp(latency: 0)
            var second = first
            press([.down], &second)
            var waiting = try PaywallFixtures.flowApp(mode: .prompt, latency: 0)
            // Ask to buy, then close the notice: a request waits for approval.
            press([.enter, .character("4"), .escape], &waiting)
            return [
                Scenario(name: "default package", app: first), Scenario(name: "next package", app: second),
                Scenario(name: "a request waiting", app: waiting),
                // Tab, Shift-Tab and b work where there are tiers and a switch; ← → on cards.
                Scenario(name: "tiers with a period switch", app: try DesignedPaywallFixtures.app(.tiers)),
                Scenario(name: "cards", app: try DesignedPaywallFixtures.app(.cards, width: 120, height: 40)),
            ]
        case .testStoreSheet:
            var app = try PaywallFixtures.flowApp(mode: .prompt, latency: 0)
            press([.enter], &app)
            return [Scenario(name: "test store sheet", app: app)]
        case .checkoutSheet:
            var app = try CheckoutSheetTests.app()
            press([.enter], &app)
            return [Scenario(name: "checkout sheet", app: app)]
        case .confirmation:
            var app = try PaywallLifecycleTests.subscribedToMonthly()
            press([.enter], &app)
            return [Scenario(name: "an upgrade to confirm", app: app)]
        case .transactionManager:
            // Four periods of Monthly, the third chosen: every key has a row above and below.
            let purchase = LedgerTransaction(
                id: "M", productID: PaywallLifecycleTests.monthly, purchaseDate: StoreFixtures.date(2025, 9, 22),
                expiresDate: StoreFixtures.date(2025, 10, 22), willRenew: true)
            var app = try PaywallFixtures.flowApp(latency: 0, ledger: Ledger([purchase]))
            press([.character("m"), .up], &app)
            return [Scenario(name: "transaction manager", app: app)]
        case .offerCode:
            var app = try PaywallFixtures.flowApp(latency: 0)
            press([.character("o")], &app)
            return [Scenario(name: "offer code box", app: app)]
        case .notice:
            var app = try PaywallFixtures.flowApp(mode: .fail, latency: 0.5)
            press([.enter], &app)
            _ = PaywallFlowTests.run(&app, seconds: 1)
            return [Scenario(name: "a failed purchase", app: app)]
        case .message:
            var link = try PaywallFixtures.flowApp(latency: 0)
            press([.character("p")], &link)
            var address = ReviewPromptTests.app()
            _ = ReviewPromptTests.complete(&address)
            press([.character("5")], &address)
            return [Scenario(name: "privacy link", app: link), Scenario(name: "review address", app: address)]
        case .review:
            var app = ReviewPromptTests.app()
            _ = ReviewPromptTests.complete(&app)
            return [Scenario(name: "review prompt", app: app)]
        case .choiceQuestion:
            // The middle choice highlighted, none picked: each arrow moves, Space picks.
            var single = QuestionDecks.app(onPage: 2)
            press([.down], &single)
            var several = QuestionDecks.app(onPage: 3)
            press([.down], &several)
            return [Scenario(name: "one choice", app: single), Scenario(name: "several choices", app: several)]
        case .inputQuestion:
            // "Ada Lovelace" with the cursor inside it: every key of the editor changes something.
            var app = QuestionDecks.app(onPage: 4, answers: ["name": .text("Ada Lovelace")])
            press([.left, .left, .left], &app)
            return [Scenario(name: "text field", app: app)]
        case .confirmQuestion:
            let atNo = QuestionDecks.app(onPage: 5)
            var atYes = atNo
            press([.left], &atYes)
            return [Scenario(name: "No highlighted", app: atNo), Scenario(name: "Yes highlighted", app: atYes)]
        case .survey:
            // The survey's own keys come after its question's, whose context is the one on top.
            var app = try PaywallDeclineTests.app(exitOffer: false)
            press([.escape], &app)
            return [Scenario(name: "a declined paywall's survey", app: app)]
        case .autoplay, .autoplayPaused:
            var app = AutoplayTests.app()
            AutoplayTests.wake(&app, at: 0)
            if context == .autoplayPaused { press([.character("x")], &app) }
            return [Scenario(name: context == .autoplay ? "autoplay" : "autoplay paused", app: app)]
        }
    }
}
