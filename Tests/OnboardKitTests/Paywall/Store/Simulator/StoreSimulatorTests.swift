import Foundation
import Testing

@testable import OnboardKit

@Suite struct StoreSimulatorTests {
    typealias F = StoreFixtures

    // MARK: Outcomes

    struct OutcomeCase: Sendable, CustomTestStringConvertible {
        var mode: StoreSimulator.SimulationMode
        var recordedStates: [LedgerTransaction.State]
        var celebrations: Int
        var notice: StoreSimulator.Notice?
        var testDescription: String { mode.rawValue }
    }

    static let outcomeCases = [
        OutcomeCase(
            mode: .success, recordedStates: [.purchased], celebrations: 1,
            notice: .purchased(productName: "Pro Monthly")),
        OutcomeCase(
            mode: .fail, recordedStates: [], celebrations: 0,
            notice: .failed(reason: StoreSimulator.simulatedFailureReason)),
        OutcomeCase(mode: .cancel, recordedStates: [], celebrations: 0, notice: nil),
        OutcomeCase(
            mode: .pending, recordedStates: [.pending], celebrations: 0,
            notice: .awaitingApproval(productName: "Pro Monthly")),
    ]

    @Test(arguments: outcomeCases, [0.0, 1.5])
    func eachModeEndsThePurchaseItsWay(_ expected: OutcomeCase, latency: Double) {
        var harness = StoreHarness(mode: expected.mode, latency: latency)
        harness.purchase("$rc_monthly")
        if latency > 0 {
            #expect(harness.ledger.isEmpty)
            #expect(harness.simulator.isBusy)
            harness.tick(latency)
        }
        #expect(harness.ledger.transactions.map(\.state) == expected.recordedStates)
        #expect(harness.ledger.transactions.allSatisfy { $0.productID == "pro.monthly" })
        #expect(harness.celebrations == expected.celebrations)
        #expect(harness.simulator.notice == expected.notice)
        #expect(harness.simulator.phase == .idle)
    }

    @Test func aSuccessfulSubscriptionPurchaseRecordsItsPeriodAndRenewal() throws {
        var harness = StoreHarness(mode: .success)
        harness.purchase("$rc_monthly")
        let purchase = try #require(harness.ledger.transactions.first)
        #expect(purchase.originalID == purchase.id)
        #expect(purchase.purchaseDate == F.date(2026, 1, 1))
        #expect(purchase.expiresDate == F.date(2026, 2, 1))
        #expect(purchase.willRenew)
        #expect(purchase.offer == nil)
    }

    @Test func oneTimePurchasesRecordNoExpiryAndNoRenewal() throws {
        var harness = StoreHarness(mode: .success)
        harness.purchase("$rc_lifetime")
        harness.purchase("coffee")
        #expect(harness.ledger.count == 2)
        for transaction in harness.ledger.transactions {
            #expect(transaction.expiresDate == nil)
            #expect(!transaction.willRenew)
        }
    }

    @Test func latencyCountsDownAcrossTicksWhileTheSpinnerTurns() {
        var harness = StoreHarness(mode: .success, latency: 1.5)
        harness.purchase("$rc_annual")
        #expect(harness.simulator.isAnimating)
        #expect(harness.simulator.spinnerFrame == 0)
        harness.tick(0.5)
        harness.tick(0.5)
        #expect(harness.simulator.phase == .purchasing(packageID: "$rc_annual", outcome: .success, remaining: 0.5))
        #expect(harness.simulator.spinnerFrame == Int(1.0 * StoreSimulator.spinnerFramesPerSecond))
        #expect(harness.ledger.isEmpty)
        harness.tick(0.6)
        #expect(harness.ledger.count == 1)
        #expect(!harness.simulator.isAnimating)
        #expect(!harness.simulator.isBusy)
    }

    @Test func ticksThatAreNotAPositiveTimeChangeNothing() {
        var harness = StoreHarness(mode: .success, latency: 1)
        harness.purchase("$rc_annual")
        for seconds in [0, -5, .nan, .infinity] { harness.tick(seconds) }
        #expect(harness.simulator.phase == .purchasing(packageID: "$rc_annual", outcome: .success, remaining: 1))
    }

    // MARK: Prompt sheet

    @Test(arguments: [
        (StoreSimulator.PurchaseResult.success, [LedgerTransaction.State.purchased], 1),
        (.failure(reason: "Card declined"), [], 0),
        (.pending, [.pending], 0),
    ])
    func thePromptSheetAsksForTheOutcome(
        outcome: StoreSimulator.PurchaseResult, states: [LedgerTransaction.State], celebrations: Int
    ) {
        var harness = StoreHarness(mode: .prompt, latency: 1)
        harness.purchase("season")
        #expect(harness.simulator.phase == .confirming(packageID: "season"))
        #expect(harness.simulator.activePackage?.product.id == "pass.season")
        #expect(!harness.simulator.isAnimating)
        harness.choose(outcome)
        #expect(harness.simulator.phase == .purchasing(packageID: "season", outcome: outcome, remaining: 1))
        harness.tick(1)
        #expect(harness.ledger.transactions.map(\.state) == states)
        #expect(harness.celebrations == celebrations)
    }

    @Test func cancellingThePromptClosesItSilentlyAtOnce() {
        var harness = StoreHarness(mode: .prompt, latency: 2)
        harness.purchase("$rc_monthly")
        harness.choose(.cancelled)
        #expect(harness.simulator.phase == .idle)
        #expect(harness.simulator.notice == nil)
        #expect(harness.ledger.isEmpty)
    }

    @Test func choosingWithoutTheSheetDoesNothing() {
        var harness = StoreHarness(mode: .prompt)
        harness.choose(.success)
        #expect(harness.ledger.isEmpty)
        #expect(harness.simulator.phase == .idle)
    }

    @Test func aFailureCanBeRetriedAndRetryingGoesThroughTheSheetAgain() {
        var harness = StoreHarness(mode: .prompt)
        harness.purchase("$rc_annual")
        harness.choose(.failure(reason: "Card declined"))
        #expect(harness.simulator.notice == .failed(reason: "Card declined"))
        #expect(harness.simulator.notice?.isRetryable == true)
        #expect(harness.simulator.failedPackage?.identifier == "$rc_annual")
        harness.retry()
        #expect(harness.simulator.phase == .confirming(packageID: "$rc_annual"))
        harness.choose(.success)
        #expect(harness.ledger.transactions.map(\.productID) == ["pro.annual"])
        #expect(harness.simulator.notice == .purchased(productName: "Pro Annual"))
    }

    @Test func retryWithoutAFailureDoesNothing() {
        var harness = StoreHarness(mode: .fail)
        harness.retry()
        #expect(harness.simulator.phase == .idle)
        harness.purchase("coffee")
        harness.simulator.dismissNotice()
        harness.retry()
        #expect(harness.simulator.phase == .idle)
        #expect(harness.simulator.notice == nil)
    }

    // MARK: The in-progress guard

    @Test(arguments: [StoreSimulator.SimulationMode.success, .pending, .prompt])
    func requestsWhileBusyAreIgnored(mode: StoreSimulator.SimulationMode) {
        var harness = StoreHarness(mode: mode, latency: 2)
        harness.purchase("coffee")
        for _ in 0..<100 {
            harness.purchase("coffee")
            harness.purchase("$rc_lifetime")
            harness.restore()
            harness.retry()
        }
        if mode == .prompt {
            #expect(harness.simulator.phase == .confirming(packageID: "coffee"))
            harness.choose(.success)
            for _ in 0..<100 {
                harness.choose(.success)
                harness.purchase("coffee")
                harness.restore()
            }
        }
        #expect(harness.ledger.isEmpty)
        harness.tick(2)
        #expect(harness.ledger.count == 1)
        #expect(harness.ledger.transactions.first?.productID == "tips.coffee")
        #expect(harness.celebrations == (mode == .pending ? 0 : 1))
        for _ in 0..<100 { harness.tick(1) }
        #expect(harness.ledger.count == 1)
    }

    @Test func aRestoreInProgressBlocksPurchases() {
        var harness = StoreHarness(mode: .success, latency: 1)
        harness.restore()
        for _ in 0..<100 { harness.purchase("coffee") }
        harness.tick(1)
        #expect(harness.ledger.isEmpty)
        #expect(harness.simulator.notice == .nothingToRestore)
    }

    // MARK: Refusals

    @Test(arguments: [
        (owned: "$rc_monthly", wanted: "$rc_monthly", notice: StoreSimulator.Notice.alreadySubscribed),
        (owned: "$rc_monthly", wanted: "$rc_annual", notice: .alreadySubscribed),
        (owned: "$rc_annual", wanted: "$rc_monthly", notice: .alreadySubscribed),
        (owned: "$rc_lifetime", wanted: "$rc_lifetime", notice: .alreadyOwned),
    ])
    func whatIsAlreadyHeldCannotBeBoughtAgain(owned: String, wanted: String, notice: StoreSimulator.Notice) {
        var harness = StoreHarness(mode: .success)
        harness.purchase(owned)
        harness.now = F.date(2026, 1, 5)
        harness.purchase(wanted)
        #expect(harness.ledger.count == 1)
        #expect(harness.simulator.notice == notice)
        #expect(harness.simulator.phase == .idle)
        #expect(harness.celebrations == 1)
    }

    @Test(arguments: ["coffee", "season"])
    func consumablesAndPassesCanBeBoughtAgain(packageID: String) {
        var harness = StoreHarness(mode: .success)
        harness.purchase(packageID)
        harness.purchase(packageID)
        #expect(harness.ledger.count == 2)
        #expect(Set(harness.ledger.transactions.map(\.id)).count == 2)
        #expect(harness.celebrations == 2)
    }

    @Test func aSecondSeasonPassStartsWhereTheFirstEnds() {
        var harness = StoreHarness(mode: .success)
        harness.purchase("season")
        harness.now = F.date(2026, 2, 1)
        harness.purchase("season")
        #expect(harness.ledger.transactions.map(\.expiresDate) == [F.date(2026, 4, 1), F.date(2026, 7, 1)])
        #expect(harness.line("season") == "Active until Jul 1, 2026 (won't renew)")
    }

    @Test func anExpiredSubscriptionCanBeBoughtAgainWithoutTheTrial() throws {
        var harness = StoreHarness(mode: .success)
        harness.purchase("$rc_annual")
        harness.now = F.date(2026, 1, 5)
        EntitlementResolverTests.cancelRenewal(&harness, productID: "pro.annual")
        harness.now = F.date(2026, 1, 20)
        harness.purchase("$rc_annual")
        #expect(harness.ledger.transactions.filter { $0.state == .purchased }.count == 2)
        let second = try #require(harness.ledger.transactions.last)
        #expect(second.offer == nil)
        #expect(second.expiresDate == F.date(2027, 1, 20))
        #expect(harness.line("pro") == "Active until Jan 20, 2027 (renews)")
    }

    @Test func aWaitingRequestIsNotAskedTwice() {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("$rc_monthly")
        harness.purchase("$rc_annual")
        #expect(harness.ledger.count == 1)
        #expect(harness.simulator.notice == .awaitingApproval(productName: "Pro Annual"))
    }

    // MARK: Restore

    @Test func restoreWithNothingBoughtSaysSo() {
        var harness = StoreHarness(mode: .success, latency: 0.5)
        harness.restore()
        #expect(harness.simulator.phase == .restoring(remaining: 0.5))
        #expect(harness.simulator.isAnimating)
        harness.tick(0.5)
        #expect(harness.simulator.notice == .nothingToRestore)
        #expect(harness.simulator.notice?.title == "No purchases to restore")
    }

    @Test func restoreWhenNothingLapsedSaysNothingChanged() {
        var harness = StoreHarness(mode: .success)
        harness.purchase("$rc_lifetime")
        harness.purchase("season")
        harness.purchase("coffee")
        harness.restore()
        #expect(harness.simulator.notice == .alreadyActive(entitlements: ["Pro", "Season"]))
        #expect(harness.simulator.notice?.title == "Already up to date")
        #expect(harness.simulator.notice?.message == "Pro and Season are active already; nothing else was found.")
        #expect(harness.ledger.count == 3)
    }

    @Test func restoreNamesOnlyWhatBecameActive() {
        var elsewhere = StoreHarness(mode: .success)
        elsewhere.purchase("season")
        var harness = StoreHarness(mode: .success, latency: 0.5)
        harness.ledger = elsewhere.ledger
        harness.restore()
        // While the restore runs, a purchase made in another window reaches the ledger.
        elsewhere.purchase("$rc_lifetime")
        harness.ledger = elsewhere.ledger
        harness.tick(0.5)
        #expect(harness.simulator.notice == .restored(entitlements: ["Pro"]))
        #expect(harness.simulator.notice?.message == "Pro is active again.")
    }

    @Test func restoreFindsNothingOnceEverythingExpired() {
        var harness = StoreHarness(mode: .success)
        harness.purchase("season")
        harness.now = F.date(2026, 5, 1)
        harness.restore()
        #expect(harness.simulator.notice == .nothingToRestore)
    }

    // MARK: Ask to buy

    @Test func anApprovedRequestIsRecordedAgainstIt() throws {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("studio")
        let request = try #require(harness.ledger.transactions.first)
        #expect(request.offer == .freeTrial)
        harness.now = F.date(2026, 1, 3)
        harness.approve(request.id)
        let approval = try #require(harness.ledger.transactions.last)
        #expect(approval.state == .approved)
        #expect(approval.appliesTo == request.id)
        #expect(approval.originalID == request.originalID)
        #expect(approval.offer == .freeTrial)
        #expect(approval.expiresDate == F.date(2026, 1, 10))
        #expect(approval.willRenew)
        #expect(harness.simulator.notice == .approved(productName: "Studio Monthly"))
        #expect(harness.celebrations == 1)
        #expect(harness.ledger.pendingTransactions.isEmpty)
    }

    @Test func aDeclinedRequestIsRecordedAgainstItAndGrantsNothing() throws {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("$rc_lifetime")
        let request = try #require(harness.ledger.transactions.first)
        harness.decline(request.id)
        let decline = try #require(harness.ledger.transactions.last)
        #expect(decline.state == .declined)
        #expect(decline.appliesTo == request.id)
        #expect(harness.simulator.notice == .declined(productName: "Pro Lifetime"))
        #expect(harness.celebrations == 0)
        // Once declined, the product can be asked for again.
        harness.purchase("$rc_lifetime")
        #expect(harness.ledger.transactions.filter { $0.state == .pending }.count == 2)
    }

    @Test func onlyAWaitingRequestCanBeSettled() throws {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("coffee")
        let request = try #require(harness.ledger.transactions.first)
        harness.approve("no-such-id")
        harness.approve(request.id)
        harness.approve(request.id)
        harness.decline(request.id)
        #expect(harness.ledger.transactions.map(\.state) == [.pending, .approved])
    }

    // MARK: Transaction IDs

    static func ids(seed: UInt64, ledger: Ledger = Ledger(), count: Int = 3) -> [String] {
        var harness = StoreHarness(mode: .success, seed: seed)
        harness.ledger = ledger
        for _ in 0..<count { harness.purchase("coffee") }
        return harness.ledger.transactions.suffix(count).map(\.id)
    }

    @Test func transactionIDsFollowTheSeed() {
        let first = Self.ids(seed: 42)
        #expect(first == Self.ids(seed: 42))
        #expect(first != Self.ids(seed: 43))
        #expect(Set(first).count == first.count)
        for id in first {
            #expect(id.count == 17 && id.hasPrefix("T"))
            #expect(id.dropFirst().allSatisfy { $0.isHexDigit })
        }
    }

    @Test func aSecondRunWithTheSameSeedSkipsIDsAlreadyInTheLedger() {
        var harness = StoreHarness(mode: .success, seed: 42)
        harness.purchase("coffee")
        harness.purchase("coffee")
        let again = Self.ids(seed: 42, ledger: harness.ledger, count: 2)
        #expect(Set(again).isDisjoint(with: harness.ledger.transactions.prefix(2).map(\.id)))
        #expect(Set(again).count == 2)
    }

    // MARK: Notices

    @Test func everyNoticeHasATitleAndAMessage() {
        let notices: [StoreSimulator.Notice] = [
            .purchased(productName: "Pro"), .failed(reason: "Card declined"), .restored(entitlements: ["Pro"]),
            .alreadyActive(entitlements: ["Pro", "Studio", "Season"]),
            .nothingToRestore, .awaitingApproval(productName: "Pro"), .alreadySubscribed, .alreadyOwned,
            .approved(productName: "Pro"), .declined(productName: "Pro"), .alreadyAnswered(productName: "Pro"),
            .storageProblem(StorageProblem(.repaired, message: "The ledger was repaired.")),
            .storageProblem(StorageProblem(.unreadable, message: "The ledger is a directory.")),
        ]
        #expect(Set(notices.map(\.title)).count == notices.count)
        for notice in notices {
            #expect(!notice.title.isEmpty && !notice.message.isEmpty)
        }
        #expect(StoreSimulator.Notice.purchased(productName: "Pro").title == "You're all set")
        #expect(StoreSimulator.Notice.alreadySubscribed.title == "You're currently subscribed")
        #expect(StoreSimulator.Notice.failed(reason: "Card declined").message == "Card declined")
        #expect(
            StoreSimulator.Notice.restored(entitlements: ["Pro", "Studio", "Season"]).message
                == "Pro, Studio and Season are active again.")
        #expect(StoreSimulator.Notice.purchased(productName: "Pro Annual").message.contains("Pro Annual"))
    }

    @Test func aNegativeOrNonFiniteLatencyMeansAtOnce() {
        for latency in [-1, .nan, .infinity] {
            var harness = StoreHarness(mode: .success, latency: latency)
            harness.purchase("coffee")
            #expect(harness.ledger.count == 1)
        }
    }

    // MARK: Recording under the ledger's lock

    @Test func aPurchaseIsAnnouncedAndCelebratedOnlyOnceTheShellSavedIt() {
        var harness = StoreHarness(mode: .success)
        harness.lockIsHeld = true
        harness.purchase("$rc_lifetime")
        #expect(harness.simulator.notice == nil)
        #expect(harness.celebrations == 0)
        #expect(harness.simulator.isBusy && harness.simulator.isAnimating)
        #expect(harness.simulator.transactionBeingSaved?.productID == "pro.lifetime")
        // Keys that would buy again wait while the record waits.
        harness.purchase("$rc_lifetime")
        #expect(harness.recordRequests.count == 1)
        harness.lockIsHeld = false
        harness.tick(StoreSimulator.lockRetryInterval)
        #expect(harness.recordRequests.count == 2)
        #expect(harness.simulator.notice == .purchased(productName: "Pro Lifetime"))
        #expect(harness.celebrations == 1)
        #expect(harness.ledger.count == 1)
        #expect(!harness.simulator.isBusy)
    }

    @Test func aLockHeldForTooLongEndsInARetryableFailureWithNothingBought() {
        var harness = StoreHarness(mode: .success)
        harness.lockIsHeld = true
        harness.purchase("$rc_lifetime")
        for _ in 0..<Int(StoreSimulator.lockPatience * 60) + 2 { harness.tick(1.0 / 60) }
        #expect(harness.simulator.notice == .failed(reason: StoreSimulator.lockTimeoutReason))
        #expect(harness.simulator.notice?.isRetryable == true)
        #expect(harness.ledger.isEmpty)
        #expect(!harness.simulator.isBusy && !harness.simulator.isAnimating)
        // About one attempt per retry interval, not one per frame.
        let expected = Int(StoreSimulator.lockPatience / StoreSimulator.lockRetryInterval)
        #expect((expected - 2...expected + 1).contains(harness.recordRequests.count - 1))
        harness.lockIsHeld = false
        harness.retry()
        #expect(harness.simulator.notice == .purchased(productName: "Pro Lifetime"))
    }

    @Test(arguments: [
        ("$rc_lifetime", "pro.lifetime", "Already purchased"),
        ("$rc_annual", "pro.monthly", "You're currently subscribed"),
    ])
    func whatAnotherInstanceBoughtMeanwhileRefusesTheRecord(package: String, boughtElsewhere: String, title: String) {
        var harness = StoreHarness(mode: .success, latency: 1)
        harness.purchase(package)
        // Another instance records a purchase while this one's is in flight.
        let product = StoreFixtures.catalog.products[boughtElsewhere]!
        harness.ledger.append(
            LedgerTransaction(
                id: "elsewhere", productID: product.id, purchaseDate: harness.now,
                expiresDate: product.subscriptionPeriod?.adding(to: harness.now, calendar: StoreFixtures.calendar),
                willRenew: product.type == .autoRenewable))
        for _ in 0..<70 { harness.tick(1.0 / 60) }
        #expect(harness.simulator.notice?.title == title)
        #expect(harness.celebrations == 0)
        #expect(harness.ledger.transactions.map(\.id) == ["elsewhere"])
    }

    @Test func aRequestAnsweredInAnotherWindowIsNotAnsweredTwice() throws {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("studio")
        let request = try #require(harness.ledger.transactions.first)
        let stale = harness.ledger
        var elsewhere = StoreHarness(mode: .pending, seed: 99, now: harness.now)
        elsewhere.ledger = harness.ledger
        elsewhere.approve(request.id)
        harness.ledger = elsewhere.ledger
        // This window still shows the request; approving it again is refused under the lock.
        harness.apply(
            harness.simulator.approvePending(
                transactionID: request.id,
                in: StoreContext(catalog: harness.catalog, ledger: stale, now: harness.now, calendar: harness.calendar))
        )
        #expect(harness.simulator.notice == .alreadyAnswered(productName: "Studio Monthly"))
        #expect(harness.ledger.transactions.filter { $0.state == .approved }.count == 1)
        #expect(harness.celebrations == 0)
    }

    @Test func answersForAnotherTransactionOrWhenNothingIsSavedAreIgnored() {
        var harness = StoreHarness(mode: .success)
        harness.lockIsHeld = true
        harness.purchase("coffee")
        let events = harness.simulator.finishRecording("someone-else", result: .saved(Ledger()))
        #expect(events.isEmpty)
        #expect(harness.simulator.isBusy)
        var idle = StoreSimulator(mode: .success, latency: 0, seed: 1)
        #expect(idle.finishRecording("x", result: .saved(Ledger())).isEmpty)
        #expect(idle.notice == nil)
    }
}
