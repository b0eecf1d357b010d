import Foundation
import Testing

@testable import OnboardKit

/// Which events the app queues for the host's stream (`--events`) for what the user does:
/// the pages, the paywall and its store, the review, the end.
@Suite struct TourEventEmissionTests {
    static func names(_ app: inout OnboardingApp) -> [String] { app.takeEvents().map(\.name) }

    @Test func theTourStartsOnItsFirstPageAndEachPageTurnedToIsViewed() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 3), width: 60, height: 20)
        #expect(app.takeEvents() == [.tourStarted(pageCount: 3), .pageViewed(index: 0, id: nil, kind: "step")])
        _ = app.update(.key(.right))
        _ = app.update(.key(.end))
        _ = app.update(.key(.left))
        #expect(app.takeEvents().map { if case .pageViewed(let index, _, _) = $0 { index } else { -1 } } == [1, 2, 1])
        // A key that turns no page, and time passing, tell nothing.
        _ = app.update(.key(.home))
        _ = app.takeEvents()
        _ = app.update(.key(.left))
        for _ in 0..<120 { _ = app.update(.tick(seconds: 1.0 / 60)) }
        #expect(app.takeEvents() == [])
        app.noteEnding(.dismissed)
        #expect(app.takeEvents() == [.tourFinished(outcome: .quit, lastPage: 0)])
    }

    @Test func eachQuestionIsToldAsItIsAnsweredBeforeThePageItLeadsTo() {
        var app = QuestionDecks.app(onPage: 2)
        #expect(app.takeEvents().last == .pageViewed(index: 1, id: "shell", kind: "question"))
        _ = QuestionPageAppTests.press([.down, .enter], &app)
        #expect(
            app.takeEvents() == [
                .questionAnswered(index: 1, id: "shell", answer: .text("zsh")),
                .pageViewed(index: 2, id: "tools", kind: "question"),
            ])
        // Next with too few picked answers nothing and turns no page: nothing to tell.
        _ = QuestionPageAppTests.press([.right], &app)
        #expect(app.takeEvents() == [])
        _ = QuestionPageAppTests.press([.character(" "), .down, .down, .character(" "), .right], &app)
        #expect(app.takeEvents().first == .questionAnswered(index: 2, id: "tools", answer: .choices(["git", "k8s"])))
        // Back and the same answer again: only the pages are told.
        _ = QuestionPageAppTests.press([.pageUp, .enter], &app)
        #expect(Self.names(&app) == ["pageViewed", "pageViewed"])
        _ = QuestionPageAppTests.press(QuestionStateTests.typing("Ada") + [.enter, .character("y")], &app)
        #expect(
            app.takeEvents() == [
                .questionAnswered(index: 3, id: "name", answer: .text("Ada")),
                .pageViewed(index: 4, id: "telemetry", kind: "question"),
                .questionAnswered(index: 4, id: "telemetry", answer: .yesNo(true)),
                .pageViewed(index: 5, id: nil, kind: "step"),
            ])
        // Another answer on a later visit is told again.
        _ = QuestionPageAppTests.press([.left, .character("n")], &app)
        #expect(app.takeEvents().contains(.questionAnswered(index: 4, id: "telemetry", answer: .yesNo(false))))
    }

    @Test func aPaywallPageIsShownWithItsOfferingAndTheSelectionMovesArePackagesSelected() throws {
        var app = try PaywallFixtures.flowApp()
        let shown = app.takeEvents().suffix(2)
        #expect(
            Array(shown) == [
                .pageViewed(index: 1, id: nil, kind: "paywall"),
                .paywallShown(index: 1, offering: "default", package: "$rc_annual"),
            ])
        _ = PaywallFlowTests.press([.down], &app)
        #expect(
            app.takeEvents() == [
                .packageSelected(offering: "default", package: "$rc_monthly", product: "tui_onboard_pro_monthly")
            ])
        // Up past the top moves nothing: no event.
        _ = PaywallFlowTests.press([.up, .up], &app)
        #expect(Self.names(&app) == ["packageSelected"])
    }

    @Test func aPurchaseStartsAndFinishesOnceTheLedgerHasIt() throws {
        var app = try PaywallFixtures.flowApp(latency: 0.2)
        _ = app.takeEvents()
        _ = PaywallFlowTests.press([.enter, .enter], &app)
        #expect(app.takeEvents() == [.purchaseStarted(package: "$rc_annual", product: "tui_onboard_pro_annual")])
        let bought = PaywallFlowTests.run(&app, seconds: 1)
        let transaction = try #require(bought.first)
        #expect(
            app.takeEvents() == [
                .purchaseFinished(
                    package: "$rc_annual", product: "tui_onboard_pro_annual", transaction: transaction.id,
                    state: "purchased", charge: PurchaseCharge(price: 0, currency: "USD", startsOffer: true))
            ])
    }

    @Test(arguments: [
        (StoreSimulator.SimulationMode.fail, TourEvent.PurchaseFailure.failed),
        (.cancel, .cancelled),
    ])
    func aPurchaseThatEndsWithoutATransactionFails(
        mode: StoreSimulator.SimulationMode, cause: TourEvent.PurchaseFailure
    ) throws {
        var app = try PaywallFixtures.flowApp(mode: mode, latency: 0.1)
        _ = app.takeEvents()
        _ = PaywallFlowTests.press([.enter], &app)
        _ = PaywallFlowTests.run(&app, seconds: 0.5)
        let events = app.takeEvents()
        #expect(events.map(\.name) == ["purchaseStarted", "purchaseFailed"])
        guard case .purchaseFailed(let package, _, let said, let message) = events.last else { return }
        #expect(package == "$rc_annual" && said == cause)
        #expect((message == nil) == (cause == .cancelled))
    }

    @Test func aPurchaseTheLedgerRefusesOrCannotTakeFails() throws {
        for (result, cause) in [
            (RecordResult.failed("disk full"), TourEvent.PurchaseFailure.notSaved),
            (.refused(.alreadyOwned, Ledger()), .refused),
        ] {
            var app = try PaywallFixtures.flowApp(latency: 0.1)
            let transaction = try RunActivityTests.buy(&app)
            _ = app.takeEvents()
            _ = app.update(.recordFinished(transactionID: transaction.id, result: result))
            let events = app.takeEvents()
            guard case .purchaseFailed(_, _, let said, _)? = events.first else {
                Issue.record("\(result): \(events)")
                continue
            }
            #expect(said == cause && events.count == 1)
        }
    }

    @Test func buyingWhatIsOwnedStartsAndIsRefusedAtOnce() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = PaywallFlowTests.press([.enter], &app)
        _ = app.takeEvents()
        _ = PaywallFlowTests.press([.escape, .enter], &app)
        let events = app.takeEvents()
        #expect(events.map(\.name) == ["purchaseStarted", "purchaseFailed"], "\(events)")
        if case .purchaseFailed(_, _, let cause, let message)? = events.last {
            #expect(cause == .refused && message != nil)
        }
    }

    @Test func aRestoreStartsAndFinishesWithWhatItFound() throws {
        var app = try PaywallFixtures.flowApp(latency: 0.2)
        _ = app.takeEvents()
        _ = PaywallFlowTests.press([.character("r")], &app)
        #expect(app.takeEvents() == [.restoreStarted])
        _ = PaywallFlowTests.run(&app, seconds: 1)
        #expect(app.takeEvents() == [.restoreFinished(restored: [], active: [])])
    }

    @Test func theReviewsAnswerIsToldOnce() {
        var app = ReviewPromptTests.app()
        _ = ReviewPromptTests.complete(&app)
        _ = app.takeEvents()
        _ = app.update(.key(.character("4")))
        #expect(app.takeEvents() == [.reviewAnswered(.rated(stars: 4))])
        _ = app.update(.key(.character("x")))
        #expect(app.takeEvents() == [])
    }

    @Test func aPaywallFirstIsShownFromTheStart() throws {
        let catalog = try PaywallFixtures.listCatalog()
        let deck = Deck(app: AppInfo(id: "a", name: "A", version: "1"), pages: [.paywall(PaywallPage())])
        let setup = PaywallSetup(
            catalog: catalog, ledger: Ledger(), mode: .success, latency: 0,
            clock: StoreClock(startWallDate: PaywallFixtures.start))
        var app = OnboardingApp(deck: deck, colorMode: .indexed256, width: 80, height: 24, paywall: setup)
        #expect(
            app.takeEvents() == [
                .tourStarted(pageCount: 1), .pageViewed(index: 0, id: nil, kind: "paywall"),
                .paywallShown(index: 0, offering: catalog.currentOfferingID, package: "$rc_annual"),
            ])
    }
}
