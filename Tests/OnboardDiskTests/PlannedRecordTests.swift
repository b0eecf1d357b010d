import Foundation
import Glibc
import OnboardKit
import Testing

@_spi(FaultInjection) @testable import OnboardDisk

/// `LedgerFile.record(wait:gate:planning:)`: the step is planned from the ledger read under the
/// lock, refused without a byte written, and reported committed exactly when it is on disk.
@Suite struct PlannedRecordTests {
    typealias P = LedgerFailurePointTests

    static let now = Date(timeIntervalSince1970: 1_768_521_600)

    static func planning(_ action: LifecycleAction, id: String = "new") -> (Ledger) -> Result<
        LifecycleStep, LifecycleRefusal
    > {
        { ledger in
            StoreLifecycle(catalog: P.lifecycleCatalog, calendar: P.calendar)
                .plan(
                    action,
                    in: StoreContext(catalog: P.lifecycleCatalog, ledger: ledger, now: now, calendar: P.calendar),
                    transactionID: id)
        }
    }

    @Test func theStepIsPlannedFromTheLedgerAsItIsUnderTheLock() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(contentsOf: P.subscribed)
            // What this process read first says the subscription renews; another process
            // cancelled it since.
            let first = try store.load()
            try #require(
                try store.record(
                    wait: .never, gate: P.lifecycleGate,
                    planning: Self.planning(.cancel(productID: "pro.monthly"), id: "other")
                ).isSaved)
            let before = try fileBytes(store.ledgerPath)
            let result = try store.record(
                wait: .never, gate: P.lifecycleGate, planning: Self.planning(.cancel(productID: "pro.monthly")))
            guard case .refused(let refusal, let ledger) = result else {
                Issue.record("a second cancel was \(result)")
                return
            }
            #expect(refusal.message.contains("is off already"), "\(refusal.message)")
            #expect(ledger.transactions.count == first.transactions.count + 1)
            #expect(try fileBytes(store.ledgerPath) == before, "a refusal wrote to the ledger")
        }
    }

    /// Each file system call of the record failing in turn: the step is reported saved (with or
    /// without confirmation) exactly when it is on disk, and only an unconfirmed one is
    /// reported so when the commit was made.
    @Test(arguments: [EIO, ENOSPC])
    func aFailingCallIsReportedSavedExactlyWhenTheStepIsOnDisk(code: Int32) throws {
        var unconfirmed = 0
        let failurePoints = try P.tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            try store.append(contentsOf: P.subscribed)
            let (result, reached) = FaultInjection.run(failingCall: call, with: .fail(errno: code)) {
                Result { () throws(LedgerError) -> PlannedRecord in
                    try store.record(
                        wait: .never, gate: P.lifecycleGate,
                        planning: Self.planning(.billingIssue(productID: "pro.monthly")))
                }
            }
            let after = try store.load().transactions
            #expect(Array(after.prefix(2)) == P.subscribed, "call \(call) lost an earlier record")
            switch result {
            case .success(.saved(let step, let ledger, let failure)):
                #expect(after.last == step.transaction && ledger.transactions == after, "call \(call)")
                if failure != nil { unconfirmed += 1 }
            case .success(let other): Issue.record("call \(call): \(other)")
            case .failure(let error):
                #expect(after == P.subscribed, "call \(call): reported \(error) but recorded")
            }
            return reached
        }
        #expect(failurePoints >= 6, "only \(failurePoints) calls were tried")
        // The directory's sync after the commit fails at least once: reported unconfirmed, on disk.
        #expect(unconfirmed >= 1)
    }
}

extension PlannedRecord {
    var isSaved: Bool {
        if case .saved = self { return true }
        return false
    }
}
