import Foundation
import Testing

@testable import OnboardKit

/// What a session did, for the result JSON: the transactions the shell saved, the restores that
/// finished, and the pages that came into view.
@Suite struct RunActivityTests {
    /// Buys the selected package and returns the transaction the store asks to record.
    static func buy(_ app: inout OnboardingApp) throws -> LedgerTransaction {
        var effects = app.update(.key(.enter))
        for _ in 0..<120 where !effects.contains(where: { if case .record = $0 { true } else { false } }) {
            effects = app.update(.tick(seconds: 1.0 / 60))
        }
        return try #require(
            effects.compactMap { effect -> LedgerTransaction? in
                if case .record(let transaction) = effect { return transaction }
                return nil
            }.first)
    }

    @Test func onlyASavedPurchaseCountsAsMadeInThisRun() throws {
        var refusedApp = try PaywallFixtures.flowApp(latency: 0.1)
        let refused = try Self.buy(&refusedApp)
        _ = refusedApp.update(
            .recordFinished(transactionID: refused.id, result: .refused(.alreadyOwned, refusedApp.paywall!.ledger)))
        #expect(refusedApp.paywall?.recordedThisRun == [])

        var failedApp = try PaywallFixtures.flowApp(latency: 0.1)
        let failed = try Self.buy(&failedApp)
        _ = failedApp.update(.recordFinished(transactionID: failed.id, result: .failed("disk full")))
        #expect(failedApp.paywall?.recordedThisRun == [])

        var app = try PaywallFixtures.flowApp(latency: 0.1)
        let transaction = try Self.buy(&app)
        var ledger = app.paywall!.ledger
        ledger.append(transaction)
        _ = app.update(.recordFinished(transactionID: transaction.id, result: .saved(ledger)))
        #expect(app.paywall?.recordedThisRun == [transaction])
        // An answer for another transaction is not this one.
        _ = app.update(.recordFinished(transactionID: "other", result: .saved(ledger)))
        #expect(app.paywall?.recordedThisRun.count == 1)
    }

    @Test func aFinishedRestoreIsNoted() throws {
        var app = try PaywallFixtures.flowApp(latency: 0.2)
        _ = PaywallFlowTests.press([.character("r")], &app)
        #expect(app.paywall?.store.completedRestores.isEmpty == true)
        _ = PaywallFlowTests.run(&app, seconds: 1)
        let restore = try #require(app.paywall?.store.completedRestores.first)
        #expect(restore.restored.isEmpty)
    }

    @Test func pagesSeenAreThoseThatCameIntoView() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 5), width: 60, height: 20)
        #expect(app.pagesSeen == [0])
        _ = app.update(.key(.character("3")))
        _ = app.update(.key(.right))
        #expect(app.pagesSeen == [0, 2, 3])
        #expect(app.lastPage == 3)
    }
}
