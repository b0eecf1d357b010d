import Foundation
import Glibc
import OnboardKit
import Testing

@_spi(FaultInjection) @testable import OnboardDisk

/// Every file system call of a purchase, of the subscription lifecycle's records and of a
/// salvage made to fail, and made to kill the process, one at a time: the ledger always still
/// holds every earlier record, and a new one is on disk exactly when it was reported saved.
@Suite struct LedgerFailurePointTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let lifetime = Product(
        id: "pro.lifetime", type: .nonConsumable, price: 99.99, currencyCode: "USD", localizedTitle: "Pro Lifetime")
    static let gate = PurchaseGate(
        catalog: Catalog(
            offerings: [], currentOfferingID: "default", products: [lifetime.id: lifetime],
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: [lifetime.id])]),
        calendar: calendar)
    static let purchase = LedgerTransaction(
        id: "buy", productID: lifetime.id, purchaseDate: Date(timeIntervalSince1970: 1_767_225_600))

    /// Earlier records (two purchases unless told), and optionally a torn line after them (so
    /// the append must cut it).
    static func prepare(
        _ store: LedgerFile, tornTail: Bool,
        earlier: [LedgerTransaction] = [LedgerFileTests.sample(0), LedgerFileTests.sample(1)]
    ) throws -> [LedgerTransaction] {
        try store.append(contentsOf: earlier)
        if tornTail {
            try appendBytes(Array(try LedgerLine.encode(LedgerFileTests.sample(2)).prefix(60)), to: store.ledgerPath)
        }
        return earlier
    }

    /// Runs `attempt` in a fresh state directory for call 1, 2, … until it reports that the
    /// chosen call was never reached (the operation finished untouched); returns how many
    /// calls were tried.
    static func tryEveryCall(_ attempt: (_ call: Int, _ directory: String) throws -> Bool) throws -> Int {
        for call in 1...100 {
            let reached = try withTemporaryDirectory { try attempt(call, $0) }
            if !reached { return call - 1 }
        }
        Issue.record("the operation made over 100 file system calls")
        return 100
    }

    /// A ledger of the two earlier purchases and a garbage line; returns them and its bytes.
    static func prepareDamaged(_ store: LedgerFile) throws -> (earlier: [LedgerTransaction], bytes: [UInt8]) {
        let earlier = try prepare(store, tornTail: false)
        try appendBytes(Array("garbage\n".utf8), to: store.ledgerPath)
        return (earlier, try fileBytes(store.ledgerPath))
    }

    /// After a salvage was cut short: the original is still whole somewhere, and the next
    /// load (salvaging again if need be) gives exactly the good lines.
    static func expectSalvageable(_ store: LedgerFile, original: [UInt8], earlier: [LedgerTransaction], at call: Int)
        throws
    {
        #expect(filesHolding(original, in: store.directory) >= 1, "call \(call): the damaged original is gone")
        let loaded = Result { () throws(LedgerError) -> Ledger in try store.load() }
        let salvaged = try (try? loaded.get()) ?? store.load()
        #expect(salvaged.transactions == earlier, "call \(call): a good line was lost")
    }

    @Test(arguments: [EIO, ENOSPC], [false, true])
    func aFailingCallNeverLosesAPurchaseNorKeepsOneReportedUnsaved(code: Int32, tornTail: Bool) throws {
        try Self.failEveryCall(recording: Self.purchase, gate: Self.gate, code: code) { store in
            try Self.prepare(store, tornTail: tornTail)
        }
    }

    /// Records `transaction` through `gate` on top of what `prepare` wrote, with each file
    /// system call in turn failing with `code`: the earlier records always survive, and the new
    /// one is there exactly when `record` said it was saved (or committed, unconfirmed), and
    /// goes through once the disk works again.
    static func failEveryCall(
        recording transaction: LedgerTransaction, gate: PurchaseGate, code: Int32,
        sourceLocation: Testing.SourceLocation = #_sourceLocation, prepare: (LedgerFile) throws -> [LedgerTransaction]
    ) throws {
        let failurePoints = try tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            let earlier = try prepare(store)
            let (result, reached) = FaultInjection.run(failingCall: call, with: .fail(errno: code)) {
                Result { () throws(LedgerError) -> RecordResult in
                    try store.record(transaction, gate: gate, wait: .never)
                }
            }
            let after = try store.load().transactions
            #expect(
                Array(after.prefix(earlier.count)) == earlier, "call \(call) failing lost an earlier record",
                sourceLocation: sourceLocation)
            #expect(after.count <= earlier.count + 1, "call \(call): \(after)", sourceLocation: sourceLocation)
            switch result {
            case .success(.saved):
                #expect(
                    after.last == transaction, "call \(call): saved but not on disk", sourceLocation: sourceLocation)
            case .success(let other): Issue.record("call \(call): unexpected \(other)", sourceLocation: sourceLocation)
            case .failure(.unconfirmed):
                // Committed, and only its durability was not confirmed: it counts.
                #expect(
                    after.last == transaction, "call \(call): committed but not counted", sourceLocation: sourceLocation
                )
            case .failure(let error):
                #expect(
                    !after.contains(transaction), "call \(call): reported \(error) but recorded",
                    sourceLocation: sourceLocation)
                // Once the disk works again the record goes through.
                #expect(
                    try store.record(transaction, gate: gate) == .saved(Ledger(earlier + [transaction])),
                    sourceLocation: sourceLocation)
            }
            return reached
        }
        #expect(
            failurePoints >= 6, "only \(failurePoints) calls were tried; the injection is not reaching the store",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [EIO, ENOSPC])
    func aFailingCallDuringASalvageNeverLosesTheOriginalNorAGoodLine(code: Int32) throws {
        let failurePoints = try Self.tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            let (earlier, damaged) = try Self.prepareDamaged(store)
            let (outcome, reached) = FaultInjection.run(failingCall: call, with: .fail(errno: code)) {
                Result { () throws(LedgerError) -> Ledger in try store.load() }
            }
            #expect(throws: LedgerError.self) { try outcome.get() }
            try Self.expectSalvageable(store, original: damaged, earlier: earlier, at: call)
            return reached
        }
        #expect(failurePoints >= 4, "only \(failurePoints) calls were tried")
    }

    @Test func aKillAtEveryCallOfAPurchaseLeavesAReadableLedger() throws {
        try Self.killAtEveryCall(options: ["--buy", "pro.lifetime"]) { store in
            try Self.prepare(store, tornTail: true)
        } isTheNewRecord: {
            $0.id == "kill-0"
        }
    }

    /// Runs ledger-stress with `options` on top of what `prepare` wrote, killed at each file
    /// system call in turn: the ledger always loads with every earlier record, a killed record
    /// is there whole or not at all, and one that was not killed is there and said "saved".
    static func killAtEveryCall(
        options: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation,
        prepare: (LedgerFile) throws -> [LedgerTransaction],
        isTheNewRecord: (LedgerTransaction) -> Bool
    ) throws {
        let crashes = try tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            let earlier = try prepare(store)
            let output = Pipe()
            let child = try LedgerStress.start(
                directory: directory, prefix: "kill", options: options + ["--exit-at-call", "\(call)"], output: output)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            let crashed = child.terminationStatus == 86
            #expect(crashed || child.terminationStatus == 0, "\(printed)", sourceLocation: sourceLocation)
            // Never damage: a killed append leaves at most a torn line.
            let after = try store.load().transactions
            #expect(
                Array(after.prefix(earlier.count)) == earlier, "killed at call \(call): an earlier record was lost",
                sourceLocation: sourceLocation)
            let added = after.dropFirst(earlier.count)
            #expect(
                added.isEmpty || added.count == 1 && isTheNewRecord(added.first!),
                "killed at call \(call): \(Array(added))", sourceLocation: sourceLocation)
            if !crashed {
                #expect(printed == "saved\n", "call \(call): \(printed)", sourceLocation: sourceLocation)
                #expect(added.count == 1, "call \(call): saved but not on disk", sourceLocation: sourceLocation)
            }
            return crashed
        }
        #expect(crashes >= 6, "only \(crashes) calls were tried", sourceLocation: sourceLocation)
    }

    @Test func aKillAtEveryCallOfASalvageKeepsTheOriginalAndTheGoodLines() throws {
        let crashes = try Self.tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            let (earlier, damaged) = try Self.prepareDamaged(store)
            let child = try LedgerStress.start(
                directory: directory, prefix: "kill", options: ["--load", "--exit-at-call", "\(call)"],
                output: Pipe())
            child.waitUntilExit()
            try Self.expectSalvageable(store, original: damaged, earlier: earlier, at: call)
            return child.terminationStatus == 86
        }
        #expect(crashes >= 4, "only \(crashes) calls were tried")
    }

    // MARK: The subscription lifecycle's records

    /// The ledger-stress child's catalog: a lifetime unlock, and a monthly plan a level below
    /// the annual one, so buying the annual plan is an upgrade.
    static let lifecycleCatalog: Catalog = {
        let monthly = Product(
            id: "pro.monthly", type: .autoRenewable, price: 4.99, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .month), subscriptionGroup: "pro",
            subscriptionGroupLevel: 2, localizedTitle: "Pro Monthly")
        let annual = Product(
            id: "pro.annual", type: .autoRenewable, price: 39.99, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .year), subscriptionGroup: "pro",
            subscriptionGroupLevel: 1, localizedTitle: "Pro Annual")
        let products = [lifetime, monthly, annual]
        return Catalog(
            offerings: [], currentOfferingID: "default",
            products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: products.map(\.id))])
    }()
    static let lifecycleGate = PurchaseGate(catalog: lifecycleCatalog, calendar: calendar)

    /// A lifetime unlock bought on 1 December 2025 and a monthly subscription on 1 January 2026.
    static let subscribed = [
        LedgerTransaction(
            id: "unlock", productID: lifetime.id, purchaseDate: Date(timeIntervalSince1970: 1_764_547_200)),
        LedgerTransaction(
            id: "sub", productID: "pro.monthly", purchaseDate: Date(timeIntervalSince1970: 1_767_225_600),
            expiresDate: Date(timeIntervalSince1970: 1_769_904_000), willRenew: true),
    ]

    /// The records the lifecycle adds to a subscription that the ledger's purchases knew nothing of.
    enum LifecycleRecord: String, CaseIterable, Sendable {
        case upgrade, refund, billingIssue, renewalCancelled

        var action: LifecycleAction {
            switch self {
            case .upgrade: return .buy(productID: "pro.annual", offerID: nil)
            case .refund: return .refund(transactionID: "sub", reason: "bought twice", revoke: false)
            case .billingIssue: return .billingIssue(productID: "pro.monthly")
            case .renewalCancelled: return .cancel(productID: "pro.monthly")
            }
        }

        /// What `tui-onboard store` would record on 16 January 2026, planned by the lifecycle.
        func planned() throws -> LedgerTransaction {
            let context = StoreContext(
                catalog: lifecycleCatalog, ledger: Ledger(subscribed), now: Date(timeIntervalSince1970: 1_768_521_600),
                calendar: calendar)
            let step = try StoreLifecycle(catalog: lifecycleCatalog, calendar: calendar)
                .plan(action, in: context, transactionID: "new-\(rawValue)").get()
            return step.transaction
        }
    }

    @Test func theLifecycleRecordsAreTheKindsTheFailurePointsAreMeantFor() throws {
        let upgrade = try LifecycleRecord.upgrade.planned()
        #expect(upgrade.state == .purchased && upgrade.planChange == "upgrade")
        // 16 of January's 31 days unused: 16/31 of $4.99.
        #expect(upgrade.proratedRefund == "2.57" && upgrade.appliesTo == "sub" && upgrade.originalID == "sub")
        let refund = try LifecycleRecord.refund.planned()
        #expect(refund.state == .refunded && refund.appliesTo == "sub" && refund.reason == "bought twice")
        #expect(try LifecycleRecord.billingIssue.planned().state == .billingIssue)
        #expect(try LifecycleRecord.renewalCancelled.planned().state == .renewalCancelled)
    }

    @Test(arguments: LifecycleRecord.allCases, [false, true])
    func aFailingCallNeverLosesALifecycleRecordNorKeepsOneReportedUnsaved(kind: LifecycleRecord, tornTail: Bool)
        throws
    {
        // EIO without a torn tail, ENOSPC with one: both codes, both paths, half the runs.
        try Self.failEveryCall(recording: try kind.planned(), gate: Self.lifecycleGate, code: tornTail ? ENOSPC : EIO) {
            store in try Self.prepare(store, tornTail: tornTail, earlier: Self.subscribed)
        }
    }

    @Test(arguments: LifecycleRecord.allCases)
    func aKillAtEveryCallOfALifecycleRecordLeavesAReadableLedger(kind: LifecycleRecord) throws {
        let record = try kind.planned()
        try withTemporaryDirectory { scratch in
            let file = scratch + "/record.json"
            try JSONEncoder().encode(record).write(to: URL(fileURLWithPath: file))
            try Self.killAtEveryCall(options: ["--record", file]) { store in
                try Self.prepare(store, tornTail: true, earlier: Self.subscribed)
            } isTheNewRecord: {
                $0 == record
            }
        }
    }

    /// How many files in `directory` hold exactly `bytes`.
    static func filesHolding(_ bytes: [UInt8], in directory: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { (try? fileBytes(directory + "/" + $0)) == bytes }.count
    }
}
