import Foundation
import Testing

@testable import OnboardKit

/// The lifecycle on the paywall, driven by keys as a person drives it: plan changes ask first,
/// the current plan is marked and Enter on it does nothing, a lifetime unlock over an active
/// subscription asks first, offer codes are typed or pasted into their box, and the transaction
/// manager acts on the chosen transaction.
@Suite struct PaywallLifecycleTests {
    typealias Flow = PaywallFlowTests
    static let monthly = "tui_onboard_pro_monthly"
    static let annual = "tui_onboard_pro_annual"

    /// The built-in catalog's paywall with Monthly (level 2) bought on 1 January, on 10 January.
    static func subscribedToMonthly() throws -> OnboardingApp {
        let purchase = LedgerTransaction(
            id: "M", productID: monthly, purchaseDate: StoreFixtures.date(2025, 12, 22),
            expiresDate: StoreFixtures.date(2026, 1, 22), willRenew: true)
        return try PaywallFixtures.flowApp(latency: 0, ledger: Ledger([purchase]))
    }

    static func screen(_ app: OnboardingApp) -> String { TestDecks.screen(app).text }

    @Test func theCurrentPlanIsMarkedAndEnterOnItDoesNothing() throws {
        var app = try Self.subscribedToMonthly()
        let recorded = Flow.press([.down], &app)
        #expect(recorded.isEmpty)
        let screen = Self.screen(app)
        #expect(screen.contains("current plan"))
        #expect(screen.contains("upgrade now"))
        // The key line offers no Enter on the plan the customer is on.
        #expect(!screen.contains("⏎ buy"))
        #expect(!screen.contains("⏎ upgrade"))
    }

    @Test func aHigherPlanAsksFirstThenUpgradesAtOnce() throws {
        var app = try Self.subscribedToMonthly()
        #expect(Self.screen(app).contains("⏎ upgrade"))
        var recorded = Flow.press([.enter], &app)
        #expect(recorded.isEmpty)
        let asked = Self.screen(app)
        #expect(asked.contains("Change plan now"))
        #expect(asked.contains("Upgrade from Pro Monthly to Pro Annual now"))
        // 21 of 31 days of $4.99 unused on 1 January, and what is recorded is what was said.
        #expect(asked.contains("($3.38)"))
        recorded = Flow.press([.enter], &app)
        #expect(recorded.count == 1)
        #expect(recorded.first?.planChange == "upgrade")
        #expect(recorded.first?.proratedRefund == "3.38")
        #expect(Self.screen(app).contains("Plan changed"))
        #expect(app.paywall?.statuses.first?.productID == Self.annual)
    }

    @Test func escapeOnTheConfirmationChangesNothing() throws {
        var app = try Self.subscribedToMonthly()
        let recorded = Flow.press([.enter, .escape, .enter, .character("n")], &app)
        #expect(recorded.isEmpty)
        #expect(app.paywall?.confirmation == nil)
        #expect(app.paywall?.statuses.first?.productID == Self.monthly)
    }

    @Test func aLowerPlanChangesAtTheNextRenewal() throws {
        let annual = LedgerTransaction(
            id: "A", productID: Self.annual, purchaseDate: StoreFixtures.date(2025, 6, 1),
            expiresDate: StoreFixtures.date(2026, 6, 1), willRenew: true)
        var app = try PaywallFixtures.flowApp(latency: 0, ledger: Ledger([annual]))
        _ = Flow.press([.down], &app)
        #expect(Self.screen(app).contains("from Jun 1, 2026"))
        #expect(Self.screen(app).contains("⏎ change plan"))
        let recorded = Flow.press([.enter, .enter], &app)
        #expect(recorded.map(\.state) == [.planChangeScheduled])
        #expect(Self.screen(app).contains("then changes to Pro"))
        // The plan chosen says so, and Enter on it does nothing more.
        _ = Flow.press([.character("x")], &app)
        #expect(Self.screen(app).contains("Changes to Pro Monthly on Jun 1, 2026"))
        #expect(!Self.screen(app).contains("⏎ change plan"))
        #expect(Flow.press([.enter], &app).isEmpty)
        #expect(app.paywall?.confirmation == nil)
        // Choosing the current plan again calls the change off, after asking.
        _ = Flow.press([.up], &app)
        #expect(Self.screen(app).contains("⏎ keep plan"))
        let kept = Flow.press([.enter, .character("y")], &app)
        #expect(kept.map(\.state) == [.planChangeCancelled])
    }

    @Test func aLifetimeUnlockOverAnActiveSubscriptionAsksFirst() throws {
        var app = try Self.subscribedToMonthly()
        var recorded = Flow.press([.down, .down, .enter], &app)
        #expect(recorded.isEmpty)
        #expect(
            app.paywall?.confirmation?.message
                == "You have tui-onboard Pro until Jan 22, 2026: buy Pro Lifetime anyway?")
        #expect(Self.screen(app).contains("Already active"))
        recorded = Flow.press([.enter], &app)
        #expect(recorded.map(\.productID) == ["tui_onboard_pro_lifetime"])
    }

    @Test func anOfferCodeIsTypedOrPastedAndRedeemed() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = Flow.press([.character("o")], &app)
        #expect(Self.screen(app).contains("Redeem an offer code"))
        // q is part of a code here, never a quit; a space or a control is refused with a word.
        _ = Flow.press([.character("q"), .backspace, .character("?")], &app)
        #expect(app.paywall?.offerCodeEntry?.text == "")
        #expect(Self.screen(app).contains("Codes are letters, digits, - and _."))
        _ = app.update(.paste("  wel\u{1B}[31mcome \n"))
        #expect(app.paywall?.offerCodeEntry?.text == "wel31mcome")
        #expect(app.paywall?.offerCodeEntry?.problem?.contains("2 characters of the paste left out") == true)
        _ = Flow.press(Array(repeating: .backspace, count: 10), &app)
        _ = app.update(.paste("WELCOME"))
        // Enter says what the code gives first; a second Enter takes it.
        #expect(Flow.press([.enter], &app).isEmpty)
        #expect(app.paywall?.confirmation?.message == "Pro Monthly: 1 month free, then $4.99/mo?")
        let recorded = Flow.press([.enter], &app)
        #expect(recorded.first?.offerID == "WELCOME")
        #expect(Self.screen(app).contains("Code redeemed"))
        #expect(app.paywall?.statuses.first?.periodType == .trial)
        // Used once, the box says why and stays open.
        _ = Flow.press([.character("x"), .character("o")], &app)
        _ = app.update(.paste("welcome"))
        #expect(Flow.press([.enter], &app).isEmpty)
        #expect(Self.screen(app).contains("already redeemed"))
    }

    @Test func aPasteOfAMebibyteIntoTheCodeBoxKeepsSixtyFourCharacters() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = Flow.press([.character("o")], &app)
        _ = app.update(.paste(String(repeating: "A", count: 1 << 20)))
        #expect(app.paywall?.offerCodeEntry?.text.count == OfferCodeEntry.maximumLength)
    }

    @Test func theTransactionManagerCancelsAndRefundsTheChosenTransaction() throws {
        var app = try Self.subscribedToMonthly()
        _ = Flow.press([.character("m")], &app)
        var screen = Self.screen(app)
        #expect(screen.contains("Transactions"))
        #expect(screen.contains("Store clock: Jan 1, 2026"))
        #expect(screen.contains("purchase"))
        // M (22 December to 22 January), the only transaction, is chosen.
        var recorded = Flow.press([.character("c")], &app)
        #expect(recorded.map(\.state) == [.renewalCancelled])
        screen = Self.screen(app)
        #expect(screen.contains("Auto-renew off"))
        _ = Flow.press([.character("x")], &app)
        #expect(app.paywall?.manager != nil)
        // A refund asks first: r alone refunds nothing.
        #expect(Flow.press([.character("r")], &app).isEmpty)
        #expect(Self.screen(app).contains("Access through it ends now."))
        recorded = Flow.press([.enter], &app)
        #expect(recorded.map(\.state) == [.refunded])
        _ = Flow.press([.character("x"), .escape], &app)
        #expect(app.paywall?.manager == nil)
        #expect(Self.screen(app).contains("Refunded on Jan 1, 2026"))
    }

    @Test func theTransactionManagerFailsARenewalAndTheGracePeriodShows() throws {
        var app = try PaywallFixtures.flowApp(
            latency: 0,
            ledger: Ledger([
                LedgerTransaction(
                    id: "M", productID: Self.monthly, purchaseDate: StoreFixtures.date(2025, 12, 5),
                    expiresDate: StoreFixtures.date(2026, 1, 5), willRenew: true)
            ]), timeRate: 86_400)
        _ = Flow.press([.character("m"), .character("f")], &app)
        #expect(Self.screen(app).contains("grace period of 16 days"))
        _ = Flow.press([.character("x"), .escape], &app)
        // Ten simulated days later the renewal of 5 January has failed: 16 days of grace.
        _ = app.update(.clock(PaywallFixtures.start.addingTimeInterval(10)))
        #expect(Self.screen(app).contains("Payment failed: access until Jan 21, 2026"))
        #expect(app.paywall?.statuses.first?.state == .inGracePeriod(until: StoreFixtures.date(2026, 1, 21)))
    }

    @Test func aClickOnATransactionChoosesItAndABesideClickCloses() throws {
        var app = try Self.subscribedToMonthly()
        _ = Flow.press([.character("m")], &app)
        let geometry = TransactionManagerView.geometry(width: 80, height: 24)
        _ = app.update(.mouse(MouseEvent(.click, x: 10, y: geometry.listY)))
        #expect(app.paywall?.manager?.selected == 0)
        _ = app.update(.mouse(MouseEvent(.click, x: 0, y: 0)))
        #expect(app.paywall?.manager == nil)
    }

    @Test func aPriceIncreaseAskingForConsentIsAnsweredInTheManager() throws {
        let purchase = LedgerTransaction(
            id: "M", productID: Self.monthly, purchaseDate: StoreFixtures.date(2025, 12, 22),
            expiresDate: StoreFixtures.date(2026, 1, 22), willRenew: true)
        let increase = LedgerTransaction(
            id: "P", originalID: "M", productID: Self.monthly, purchaseDate: StoreFixtures.date(2025, 12, 30),
            state: .priceIncrease, appliesTo: "M", newPrice: "5.99", requiresConsent: true)
        var app = try PaywallFixtures.flowApp(latency: 0, ledger: Ledger([purchase, increase]))
        #expect(Self.screen(app).contains("renews only if you"))
        #expect(Flow.press([.character("m"), .character("y")], &app).isEmpty)
        #expect(app.paywall?.confirmation?.message == "Renew Pro Monthly at $5.99 from the next renewal?")
        let recorded = Flow.press([.enter], &app)
        #expect(recorded.map(\.state) == [.priceIncreaseAgreed])
        #expect(Self.screen(app).contains("New price accepted"))
        #expect(app.paywall?.statuses.first?.subscription?.renewalPrice == Decimal(string: "5.99"))
        // Answered once; a second answer is refused with a reason, and nothing is recorded.
        _ = Flow.press([.character("x")], &app)
        #expect(Flow.press([.character("n")], &app).isEmpty)
        #expect(Self.screen(app).contains("No price increase waits for an answer."))
    }
}
