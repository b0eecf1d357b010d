import Foundation
import Testing

@testable import OnboardKit

/// The paywall inside the app, driven by keys and ticks as the shell would drive it.
@Suite struct PaywallFlowTests {
    /// Sends keys, collecting the transactions the app asks the shell to record; each is
    /// answered as saved, as the shell does when the disk takes it. Each key comes once the
    /// screen showed what the one before did, as a person presses them.
    static func press(_ keys: [Key], _ app: inout OnboardingApp) -> [LedgerTransaction] {
        var recorded: [LedgerTransaction] = []
        for key in keys {
            _ = app.update(.presented)
            recorded += answer(app.update(.key(key)), &app)
        }
        return recorded
    }

    static func run(_ app: inout OnboardingApp, seconds: Double) -> [LedgerTransaction] {
        var recorded: [LedgerTransaction] = []
        for _ in 0..<Int(seconds * 60) { recorded += answer(app.update(.tick(seconds: 1.0 / 60)), &app) }
        return recorded
    }

    /// Saves each recorded transaction on top of the app's own ledger.
    static func answer(_ effects: [Effect], _ app: inout OnboardingApp) -> [LedgerTransaction] {
        var recorded: [LedgerTransaction] = []
        for case .record(let transaction) in effects {
            recorded.append(transaction)
            var ledger = app.paywall?.ledger ?? Ledger()
            ledger.append(transaction)
            recorded += answer(
                app.update(.recordFinished(transactionID: transaction.id, result: .saved(ledger))), &app)
        }
        return recorded
    }

    @Test func buyingTheSelectedPackageRecordsOnceAndChangesTheStatus() throws {
        var app = try PaywallFixtures.flowApp()
        #expect(TestDecks.screen(app).text.contains("tui-onboard Pro: Not purchased"))
        var recorded = Self.press([.down, .enter], &app)
        #expect(recorded.isEmpty)
        #expect(app.isAnimating)
        #expect(TestDecks.screen(app).text.contains("Purchasing Pro Monthly"))
        recorded += Self.run(&app, seconds: 1)
        #expect(recorded.map(\.productID) == ["tui_onboard_pro_monthly"])
        let screen = TestDecks.screen(app).text
        #expect(screen.contains("You're all set"))
        #expect(screen.contains("Active until Feb 1, 2026 (renews)"))
        #expect(!app.isAnimating)
    }

    @Test func repeatedKeysDuringAPurchaseDoNothing() throws {
        var app = try PaywallFixtures.flowApp(latency: 1)
        var recorded = Self.press([.enter], &app)
        // Enter again, Not now, Back, the list, paging, restore: all wait while it runs.
        recorded += Self.press(
            Array(repeating: Key.enter, count: 50) + [.character("n"), .escape, .left, .up, .down, .character("r")],
            &app)
        #expect(app.carousel.currentIndex == 1)
        recorded += Self.run(&app, seconds: 2)
        #expect(recorded.count == 1)
        #expect(recorded.first?.productID == "tui_onboard_pro_annual")
    }

    @Test func failureShowsTheReasonAndRecordsNothing() throws {
        var app = try PaywallFixtures.flowApp(mode: .fail)
        var recorded = Self.press([.enter], &app)
        recorded += Self.run(&app, seconds: 1)
        #expect(recorded.isEmpty)
        #expect(TestDecks.screen(app).text.contains("Purchase failed"))
        #expect(TestDecks.screen(app).text.contains("Enter retries"))
    }

    @Test func cancelIsSilent() throws {
        var app = try PaywallFixtures.flowApp(mode: .cancel)
        var recorded = Self.press([.enter], &app)
        recorded += Self.run(&app, seconds: 1)
        #expect(recorded.isEmpty)
        #expect(app.paywall?.store.notice == nil)
        #expect(!app.paywall!.isBlockingNavigation)
    }

    @Test func thePromptSheetAsksForTheOutcome() throws {
        var app = try PaywallFixtures.flowApp(mode: .prompt, latency: 0)
        _ = Self.press([.enter], &app)
        let sheet = TestDecks.screen(app).text
        #expect(sheet.contains("Test Store: confirm purchase"))
        #expect(sheet.contains("Pro Annual"))
        #expect(sheet.contains("Offer: 1-week free trial"))
        let recorded = Self.press([.character("4")], &app)
        #expect(recorded.map(\.state) == [.pending])
        #expect(TestDecks.screen(app).text.contains("Awaiting approval"))
        _ = Self.press([.escape], &app)  // close the notice
        #expect(TestDecks.screen(app).text.contains("a approves"))
        let approval = Self.press([.character("a")], &app)
        #expect(approval.map(\.state) == [.approved])
    }

    @Test func restoreSaysWhetherAnythingWasFound() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = Self.press([.character("r")], &app)
        #expect(TestDecks.screen(app).text.contains("No purchases to restore"))

        var ledger = Ledger()
        ledger.append(
            LedgerTransaction(
                id: "T1", productID: "tui_onboard_pro_lifetime", purchaseDate: StoreFixtures.date(2025, 6, 1),
                state: .purchased))
        var owner = try PaywallFixtures.flowApp(latency: 0, ledger: ledger)
        _ = Self.press([.character("r")], &owner)
        // The lifetime purchase was active before the restore: nothing is "active again".
        #expect(TestDecks.screen(owner).text.contains("Already up to date"))
        #expect(!TestDecks.screen(owner).text.contains("again"))
        _ = Self.press([.escape], &owner)
        #expect(TestDecks.screen(owner).text.contains("tui-onboard Pro: Lifetime"))
    }

    @Test func notNowMovesPastThePaywallAndLinksShowTheirAddress() throws {
        var app = try PaywallFixtures.flowApp()
        _ = Self.press([.character("p")], &app)
        #expect(TestDecks.screen(app).text.contains("https://tui-onboard.example.com/privacy"))
        _ = Self.press([.character("x"), .character("n")], &app)
        #expect(app.carousel.currentIndex == 2)
    }

    @Test func subscriptionsRenewAndTheShellIsWokenForIt() throws {
        var app = try PaywallFixtures.flowApp(latency: 0, timeRate: 86_400)  // a day a second
        _ = Self.press([.down, .enter, .escape], &app)
        #expect(TestDecks.screen(app).text.contains("Active until Feb 1, 2026 (renews)"))
        let change = try #require(app.nextChange)
        #expect(abs(change.timeIntervalSince(PaywallFixtures.start) - 31) < 0.01)
        _ = app.update(.clock(PaywallFixtures.start.addingTimeInterval(40)))
        #expect(TestDecks.screen(app).text.contains("Active until Mar 1, 2026 (renews)"))
    }
}

extension PaywallFlowTests {
    @Test func enterOnAFailureRetriesThePurchase() throws {
        var app = try PaywallFixtures.flowApp(mode: .fail, latency: 0.5)
        _ = Self.press([.down, .enter], &app)
        _ = Self.run(&app, seconds: 1)
        #expect(TestDecks.screen(app).text.contains("Purchase failed"))
        _ = Self.press([.enter], &app)
        #expect(app.paywall?.store.isBusy == true, "Enter on the failure did not start the purchase again")
        #expect(TestDecks.screen(app).text.contains("Purchasing Pro Monthly"))
        _ = Self.run(&app, seconds: 1)
        #expect(TestDecks.screen(app).text.contains("Purchase failed"))
    }

    @Test func thePaywallIsBuiltOnlyWhenItsPageComesNear() throws {
        let catalog = try PaywallFixtures.defaultCatalog()
        let step = { (heading: String) in Page.step(StepPage(heading: heading, text: "")) }
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [step("One"), step("Two"), step("Three"), .paywall(PaywallPage(offeringID: "default"))])
        let setup = PaywallSetup(catalog: catalog, clock: StoreClock(startWallDate: PaywallFixtures.start))
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 80, height: 24, settings: AppSettings(seed: 1),
            paywallWhenNeeded: { setup })
        _ = app.update(.key(.character("?")))
        #expect(app.paywall == nil, "the first page needs no paywall (building it formats prices)")
        #expect(TestDecks.screen(app).text.contains("restore purchases"), "the help still lists the paywall's keys")
        _ = app.update(.key(.escape))
        _ = app.update(.key(.right))
        #expect(app.paywall == nil)
        // A ledger that changed meanwhile is the one the paywall starts from.
        let ledger = EntitlementResolverTests.buying("$rc_monthly").ledger
        #expect(!ledger.isEmpty)
        _ = app.update(.ledgerChanged(ledger))
        // The third page slides in beside the paywall: it is built before any of it shows.
        _ = app.update(.key(.right))
        #expect(app.paywall?.ledger == ledger)
    }

    @Test func catalogTextWithControlsIsShownNotObeyed() throws {
        var catalog = try PaywallFixtures.defaultCatalog()
        catalog.entitlements[0].displayName = "Pro\r\nX\u{1B}[2J"
        let deck = Deck(app: AppInfo(id: "a", name: "A", version: "1"), pages: [.paywall(PaywallPage())])
        let app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 80, height: 24,
            paywall: PaywallSetup(catalog: catalog, clock: StoreClock(startWallDate: PaywallFixtures.start)))
        #expect(TestDecks.screen(app).text.contains("Pro␍␊X␛[2J: Not purchased"))
    }
}
