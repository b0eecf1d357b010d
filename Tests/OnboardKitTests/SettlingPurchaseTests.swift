import Foundation
import Testing

@testable import OnboardKit

/// `isSettlingPurchase` tells the shell when a stop (Ctrl-Z) must wait: while a purchase or
/// restore is charged, restored or written, and not while the app only waits for the user.
@Suite struct SettlingPurchaseTests {
    @Test func aPurchaseSettlesOnlyOnceItIsRecorded() throws {
        var app = try PaywallFixtures.flowApp(latency: 0.5)
        #expect(!app.isSettlingPurchase)
        var recorded: [Effect] = app.update(.key(.enter))
        #expect(app.isSettlingPurchase, "charging")
        // Ticks until the store asks for the record, which is not answered yet.
        for _ in 0..<60 where recorded.isEmpty {
            recorded = app.update(.tick(seconds: 1.0 / 60)).filter {
                if case .record = $0 { return true }
                return false
            }
        }
        let transaction = try #require(
            recorded.compactMap { effect -> LedgerTransaction? in
                if case .record(let transaction) = effect { return transaction }
                return nil
            }.first)
        #expect(app.isSettlingPurchase, "waiting for the ledger")
        var ledger = app.paywall?.ledger ?? Ledger()
        ledger.append(transaction)
        _ = app.update(.recordFinished(transactionID: transaction.id, result: .saved(ledger)))
        #expect(!app.isSettlingPurchase, "recorded: the stop may go ahead")
    }

    @Test func aRestoreSettlesWhenItAnswers() throws {
        var app = try PaywallFixtures.flowApp(latency: 0.5)
        _ = PaywallFlowTests.press([.character("r")], &app)
        #expect(app.isSettlingPurchase)
        _ = PaywallFlowTests.run(&app, seconds: 1)
        #expect(!app.isSettlingPurchase)
    }

    @Test func theTestStoresSheetWaitsForTheUserAndDoesNotHoldAStop() throws {
        var app = try PaywallFixtures.flowApp(mode: .prompt, latency: 0.5)
        _ = PaywallFlowTests.press([.enter], &app)
        guard case .confirming = app.paywall?.store.phase else {
            Issue.record("expected the sheet, got \(String(describing: app.paywall?.store.phase))")
            return
        }
        #expect(!app.isSettlingPurchase)
    }

    @Test func anAppWithoutAPaywallNeverHoldsAStop() {
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"), pages: [.step(StepPage(heading: "H", text: ""))])
        let app = OnboardingApp(deck: deck, colorMode: .indexed256, width: 80, height: 24)
        #expect(!app.isSettlingPurchase)
    }
}
