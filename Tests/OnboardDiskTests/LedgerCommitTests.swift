import Foundation
import Glibc
import OnboardKit
import Synchronization
import Testing

@_spi(FaultInjection) @testable import OnboardDisk

/// What readers see while a purchase is being written: nothing counts before it is durable,
/// whatever fails (once, from then on, or twice), and a failure that leaves bytes behind is
/// never counted and is cleared at the next append.
@Suite struct LedgerCommitTests {
    static let coins = Product(
        id: "coins.100", type: .consumable, price: 0.99, currencyCode: "USD", localizedTitle: "100 Coins")
    static let gate = PurchaseGate(
        catalog: Catalog(
            offerings: [], currentOfferingID: "default", products: [coins.id: coins],
            entitlements: [Entitlement(id: "coins", displayName: "Coins", productIDs: [coins.id])]),
        calendar: LedgerFailurePointTests.calendar)

    static func purchase(_ id: String) -> LedgerTransaction {
        LedgerTransaction(id: id, productID: coins.id, purchaseDate: Date(timeIntervalSince1970: 1_767_225_600))
    }

    /// What a reader in another process would count now: it takes no lock, so reading here is
    /// the same as reading there. Nil when the reader gets an error.
    static func readerCount(_ store: LedgerFile, of id: String) -> Int? {
        guard let ledger = try? store.loadWithoutRepair() else { return nil }
        return ledger.transactions.filter { $0.id == id }.count
    }

    /// The calls of one undisturbed purchase after two earlier ones, in order.
    static func callsOfAPurchase() throws -> [FaultInjection.Call] {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(contentsOf: [purchase("a"), purchase("b")])
            let seen = Mutex<[FaultInjection.Call]>([])
            _ = try FaultInjection.run(
                failing: .each([]), with: .fail(errno: EIO),
                observer: { call in
                    seen.withLock { $0.append(call) }
                }
            ) { () throws(LedgerError) in try store.record(purchase("new"), gate: gate) }
            return seen.withLock { $0 }
        }
    }

    @Test func aPurchaseMakesTheCallsItIsKnownToMakeInOrder() throws {
        let calls = try Self.callsOfAPurchase()
        let ledgerSync = try #require(
            calls.firstIndex { $0.operation == "fsync" && $0.path.hasSuffix("/ledger.jsonl") })
        let commit = try #require(calls.lastIndex { $0.operation.hasSuffix("/ledger.commit") })
        #expect(calls[commit].operation.hasPrefix("rename to"))
        #expect(ledgerSync < commit, "the purchase is committed before its line is synced")
        let commitSync = try #require(
            calls[..<commit].lastIndex { $0.operation == "fsync" && $0.path.contains(".ledger.commit.tmp-") })
        #expect(ledgerSync < commitSync)
    }

    /// For every schedule of EIO: at each call, a reader counts the purchase only once its line
    /// and its record are synced and the record renamed in; once counted it stays counted; the
    /// end matches what the purchase answered; and a retry once the disk works records it once.
    @Test func readersNeverCountAPurchaseBeforeItIsDurableUnderAnyFaults() throws {
        let count = try Self.callsOfAPurchase().count
        #expect(count >= 8)
        for schedule in FaultSchedules.all(calls: count) {
            try withTemporaryDirectory { directory in
                let store = LedgerFileTests.store(directory)
                try store.append(contentsOf: [Self.purchase("a"), Self.purchase("b")])
                let ledgerPath = store.ledgerPath
                let view = Mutex(ReaderView())
                let observer: @Sendable (FaultInjection.Call) -> Void = { call in
                    let counted = Self.readerCount(store, of: "new")
                    view.withLock { $0.observe(call, counted: counted, ledgerPath: ledgerPath) }
                }
                let (result, _) = FaultInjection.run(failing: schedule, with: .fail(errno: EIO), observer: observer) {
                    Result { () throws(LedgerError) -> RecordResult in
                        try store.record(Self.purchase("new"), gate: Self.gate)
                    }
                }
                let seen = view.withLock { $0 }
                #expect(seen.problems.isEmpty, "\(schedule): \(seen.problems)")
                let after = Self.readerCount(store, of: "new")
                switch result {
                case .success(.saved):
                    #expect(after == 1, "\(schedule): reported saved, readers count \(String(describing: after))")
                case .failure(.unconfirmed):
                    #expect(
                        after == 1, "\(schedule): committed but unconfirmed, readers count \(String(describing: after))"
                    )
                case .failure(let error):
                    #expect(after == 0, "\(schedule): reported \(error), readers count \(String(describing: after))")
                    #expect(try store.record(Self.purchase("new"), gate: Self.gate) != .busy)
                    #expect(Self.readerCount(store, of: "new") == 1, "\(schedule): the retry did not record it once")
                case .success(let other):
                    Issue.record("\(schedule): unexpected \(other)")
                }
                #expect(Self.readerCount(store, of: "a") == 1 && Self.readerCount(store, of: "b") == 1)
            }
        }
    }

    @Test func aFailedSyncWhoseCutBackFailsTooLeavesALineThatNeverCountsAndIsClearedNext() throws {
        let calls = try Self.callsOfAPurchase()
        let sync = try #require(calls.firstIndex { $0.operation == "fsync" && $0.path.hasSuffix("/ledger.jsonl") })
        // The cut-back is the call after the failed sync.
        let schedule = FaultInjection.Schedule.each([calls[sync].number, calls[sync].number + 1])
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(contentsOf: [Self.purchase("a"), Self.purchase("b")])
            let committedLength = try fileBytes(store.ledgerPath).count
            let (result, _) = FaultInjection.run(failing: schedule, with: .fail(errno: EIO)) {
                Result { () throws(LedgerError) -> RecordResult in
                    try store.record(Self.purchase("new"), gate: Self.gate)
                }
            }
            #expect(throws: LedgerError.self) { try result.get() }
            let left = try fileBytes(store.ledgerPath)
            #expect(String(decoding: left, as: UTF8.self).contains(#""id":"new""#), "the cut-back was not made to fail")
            #expect(Self.readerCount(store, of: "new") == 0)
            #expect(try store.load().count == 2)
            // A retry of the consumable records one, not two.
            #expect(try store.record(Self.purchase("new"), gate: Self.gate) != .busy)
            #expect(Self.readerCount(store, of: "new") == 1)
            #expect(try fileLines(store.ledgerPath).count == 3)
            // The left line was kept aside before it was cut, never lost.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            let aside = try #require(names.first { $0.hasPrefix("ledger.uncommitted-") })
            #expect(try fileBytes(directory + "/" + aside) == Array(left[committedLength...]))
        }
    }

    @Test func anotherProcessPausedBeforeItsSyncIsNotCountedUntilItCommits() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(LedgerFileTests.sample(0))
            let paused = directory + "/paused"
            let gate = directory + "/gate"
            let child = try LedgerStress.start(
                directory: directory, count: 1, prefix: "slow", options: ["--pause-before-sync", paused, gate])
            try #require(ChildHandshake.created(paused, by: child))
            // Its line is written but not synced: on disk, and counted by nobody.
            #expect(ChildHandshake.lineCount(store.ledgerPath) == 2)
            #expect(try store.loadWithoutRepair().count == 1)
            #expect(try store.load(wait: .never).count == 1)
            #expect(FileManager.default.createFile(atPath: gate, contents: nil))
            child.waitUntilExit()
            #expect(child.terminationStatus == 0)
            #expect(try store.loadWithoutRepair().transactions.map(\.id) == ["t0", "slow-0"])
        }
    }

    @Test func aLineAppendedAfterTheCommitIsNotCountedAndIsKeptAsideByTheNextAppend() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(LedgerFileTests.sample(0))
            let forged = try LedgerLine.encode(LedgerFileTests.sample(1))
            try appendBytes(forged, to: store.ledgerPath)
            #expect(try store.loadWithoutRepair().count == 1)
            try store.append(LedgerFileTests.sample(2))
            #expect(try store.load().transactions.map(\.id) == ["t0", "t2"])
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            let aside = try #require(names.first { $0.hasPrefix("ledger.uncommitted-") })
            #expect(try fileBytes(directory + "/" + aside) == forged)
        }
    }

    @Test func aLedgerWithoutARecordCountsEveryWholeLineAndGetsOneBeforeItsNextAppend() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try writeBytes(
                try LedgerLine.encode(LedgerFileTests.sample(0)) + LedgerLine.encode(LedgerFileTests.sample(1)),
                to: store.ledgerPath)
            #expect(try store.loadWithoutRepair().count == 2)
            try store.append(LedgerFileTests.sample(2))
            #expect(FileManager.default.fileExists(atPath: store.commitPath))
            #expect(try store.loadWithoutRepair().count == 3)
        }
    }

    @Test(arguments: [
        ("", false), ("{\"v\":1,\"length\":12,\"last\":\"0000000a\"}\n", true),
        ("{\"v\":1,\"length\":012,\"last\":\"0000000a\"}\n", false),
        ("{\"v\":1,\"length\":12,\"last\":\"0000000A\"}\n", false),
        ("{\"v\":1,\"length\":12,\"last\":\"0000000a\"}", false),
        ("{\"v\":2,\"length\":12,\"last\":\"0000000a\"}\n", false),
        ("{\"v\":1,\"length\":-1,\"last\":\"0000000a\"}\n", false),
    ])
    func onlyARecordAsWrittenDecodes(text: String, decodes: Bool) {
        #expect((LedgerCommit.decode(Array(text.utf8)) != nil) == decodes)
    }

    @Test func aDamagedRecordIsReportedToReadersAndSalvagedByTheNextRun() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(contentsOf: [LedgerFileTests.sample(0), LedgerFileTests.sample(1)])
            try writeBytes(Array("nonsense".utf8), to: store.commitPath)
            #expect(throws: LedgerReadError.self) { try store.loadWithoutRepair() }
            #expect(throws: LedgerError.self) { try store.load() }
            #expect(try store.load().count == 2)
            #expect(try store.loadWithoutRepair().count == 2)
        }
    }

    @Test func aLedgerCutShortOfItsRecordIsDamageNotATornWrite() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFileTests.store(directory)
            try store.append(contentsOf: [LedgerFileTests.sample(0), LedgerFileTests.sample(1)])
            let bytes = try fileBytes(store.ledgerPath)
            try writeBytes(Array(bytes.prefix(bytes.count - 40)), to: store.ledgerPath)
            #expect {
                try store.loadWithoutRepair()
            } throws: { error in
                guard case .damaged(_, _, let reason) = error as? LedgerReadError else { return false }
                return reason.contains("shorter than")
            }
        }
    }

    @Test func aPurchaseThatWouldPassTheWriteLimitIsRefusedAndTheLedgerKept() throws {
        try withTemporaryDirectory { directory in
            let earlier =
                try LedgerLine.encode(LedgerFileTests.sample(0)) + LedgerLine.encode(LedgerFileTests.sample(1))
            let store = LedgerFile(directory: directory, clock: { Date() }, appendLimit: earlier.count + 10)
            try store.append(contentsOf: [LedgerFileTests.sample(0), LedgerFileTests.sample(1)])
            let before = try fileBytes(store.ledgerPath)
            #expect {
                try store.record(Self.purchase("new"), gate: Self.gate)
            } throws: { error in
                guard let error = error as? LedgerError, case .full(_, let size, _) = error else { return false }
                return size == before.count && error.description.contains("reset --purchases")
            }
            #expect(try fileBytes(store.ledgerPath) == before)
            #expect(try store.load().count == 2)
        }
    }
}

/// What the readers saw during one purchase, call by call.
struct ReaderView: Sendable {
    var ledgerSynced = false
    var recordSynced = false
    var committed = false
    var everCounted = false
    var problems: [String] = []

    /// Called just before `call` runs, with what a reader counts at that moment.
    mutating func observe(_ call: FaultInjection.Call, counted: Int?, ledgerPath: String) {
        if let counted {
            if counted > 1 { problems.append("call \(call.number): counted \(counted) times") }
            if counted == 1 && !(ledgerSynced && recordSynced && committed) {
                problems.append("call \(call.number): counted before it was durable and committed")
            }
            if everCounted && counted == 0 { problems.append("call \(call.number): counted, then not") }
            everCounted = everCounted || counted == 1
        }
        // What this call achieves, if it does not fail; seen by the reader at the next call.
        guard !call.isFailing else { return }
        if call.operation == "fsync" && call.path == ledgerPath { ledgerSynced = true }
        if call.operation == "fsync" && call.path.contains(".ledger.commit.tmp-") && ledgerSynced {
            recordSynced = true
        }
        if call.operation.hasPrefix("rename to") && call.operation.hasSuffix("/ledger.commit") && recordSynced {
            committed = true
        }
    }
}
