import Foundation
import Glibc
import OnboardKit
import Testing

@_spi(FaultInjection) @testable import OnboardDisk

/// Every file system call of a purchase and of a salvage made to fail, and made to kill the
/// process, one at a time: the ledger always still holds every earlier purchase, and a purchase
/// is on disk exactly when it was reported saved.
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

    /// Two earlier purchases, and optionally a torn line after them (so the append must cut it).
    static func prepare(_ store: LedgerFile, tornTail: Bool) throws -> [LedgerTransaction] {
        let earlier = [LedgerFileTests.sample(0), LedgerFileTests.sample(1)]
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
        let failurePoints = try Self.tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            let earlier = try Self.prepare(store, tornTail: tornTail)
            let (result, reached) = FaultInjection.run(failingCall: call, with: .fail(errno: code)) {
                Result { () throws(LedgerError) -> RecordResult in
                    try store.record(Self.purchase, gate: Self.gate, wait: .never)
                }
            }
            let after = try store.load().transactions
            #expect(Array(after.prefix(2)) == earlier, "call \(call) failing lost an earlier purchase")
            switch result {
            case .success(.saved): #expect(after.last == Self.purchase, "call \(call): saved but not on disk")
            case .success(let other): Issue.record("call \(call): unexpected \(other)")
            case .failure(.unconfirmed):
                // Committed, and only its durability was not confirmed: it counts.
                #expect(after.last == Self.purchase, "call \(call): committed but not counted")
            case .failure(let error):
                #expect(!after.contains(Self.purchase), "call \(call): reported \(error) but recorded")
                // Once the disk works again the purchase goes through.
                #expect(
                    try store.record(Self.purchase, gate: Self.gate) == .saved(Ledger(earlier + [Self.purchase])))
            }
            return reached
        }
        #expect(failurePoints >= 6, "only \(failurePoints) calls were tried; the injection is not reaching the store")
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
        let crashes = try Self.tryEveryCall { call, directory in
            let store = LedgerFileTests.store(directory)
            let earlier = try Self.prepare(store, tornTail: true)
            let child = try LedgerStress.start(
                directory: directory, prefix: "kill",
                options: ["--buy", "pro.lifetime", "--exit-at-call", "\(call)"],
                output: Pipe())
            child.waitUntilExit()
            let crashed = child.terminationStatus == 86
            #expect(crashed || child.terminationStatus == 0)
            // Never damage: a killed append leaves at most a torn line.
            let after = try store.load().transactions
            #expect(Array(after.prefix(2)) == earlier, "killed at call \(call): an earlier purchase was lost")
            #expect(after.count <= 3)
            if !crashed { #expect(after.last?.id == "kill-0") }
            return crashed
        }
        #expect(crashes >= 6, "only \(crashes) calls were tried")
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

    /// How many files in `directory` hold exactly `bytes`.
    static func filesHolding(_ bytes: [UInt8], in directory: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { (try? fileBytes(directory + "/" + $0)) == bytes }.count
    }
}
