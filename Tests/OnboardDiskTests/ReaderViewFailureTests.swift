import Foundation
import Glibc
import OnboardKit
import Synchronization
import Testing

@_spi(FaultInjection) @testable import OnboardDisk

/// A salvage, a reset and a first-run save, each with every call failing once, from then on,
/// and every pair of calls failing: at every call, what a reader in another process would read
/// is either the state before or the state after, never a mixture, never a loss; and at the
/// end, what was kept is still there.
@Suite struct ReaderViewFailureTests {
    /// How many calls `operation` makes in a fresh directory when nothing fails.
    static func callCount(prepare: (String) throws -> Void, _ operation: @escaping (String) throws -> Void) throws
        -> Int
    {
        try withTemporaryDirectory { directory in
            try prepare(directory)
            let count = Mutex(0)
            _ = try FaultInjection.run(
                failing: .each([]), with: .fail(errno: EIO),
                observer: { _ in
                    count.withLock { $0 += 1 }
                }
            ) { try operation(directory) }
            return count.withLock { $0 }
        }
    }

    /// Runs `operation` under every schedule, calling `look` before each call as a reader
    /// would, then `after` with whether the operation succeeded.
    static func underEverySchedule(
        prepare: (String) throws -> Void, _ operation: @escaping (String) throws -> Void,
        look: @escaping @Sendable (String, FaultInjection.Call) -> String?, after: (String, Bool, String) throws -> Void
    ) throws {
        let count = try callCount(prepare: prepare, operation)
        #expect(count >= 4, "only \(count) calls: the injection is not reaching the store")
        for schedule in FaultSchedules.all(calls: count) {
            try withTemporaryDirectory { directory in
                try prepare(directory)
                let problems = Mutex<[String]>([])
                let (succeeded, _) = FaultInjection.run(
                    failing: schedule, with: .fail(errno: ENOSPC),
                    observer: { call in
                        if let problem = look(directory, call) { problems.withLock { $0.append(problem) } }
                    }
                ) { () -> Bool in (try? operation(directory)) != nil }
                let seen = problems.withLock { $0 }
                #expect(seen.isEmpty, "\(schedule): \(seen)")
                try after(directory, succeeded, "\(schedule)")
            }
        }
    }

    static let earlier = [LedgerFileTests.sample(0), LedgerFileTests.sample(1)]

    /// Two good lines and a garbage one between them.
    static func prepareDamaged(_ directory: String) throws {
        let store = LedgerFileTests.store(directory)
        try store.append(contentsOf: earlier)
        let lines = try fileLines(store.ledgerPath)
        try writeBytes(Array((lines[0] + "\ngarbage\n" + lines[1] + "\n").utf8), to: store.ledgerPath)
    }

    @Test func aSalvageUnderAnyFaultsShowsReadersDamageOrTheGoodLinesAndLosesNothing() throws {
        try Self.underEverySchedule(
            prepare: Self.prepareDamaged,
            { directory in _ = try? LedgerFileTests.store(directory).load() },
            look: { directory, call in
                // Damage may be reported while it is being salvaged; a partial ledger never is.
                guard let ledger = try? LedgerFileTests.store(directory).loadWithoutRepair() else { return nil }
                return ledger.transactions == Self.earlier ? nil : "call \(call.number): read \(ledger.count) records"
            },
            after: { directory, _, schedule in
                let store = LedgerFileTests.store(directory)
                let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                let original = names.contains { name in
                    (try? fileBytes(directory + "/" + name))?.contains(Array("garbage".utf8)) == true
                }
                #expect(original, "\(schedule): the damaged original is gone")
                let next = try (try? store.load()) ?? store.load()
                #expect(next.transactions == Self.earlier, "\(schedule): a good line was lost")
            })
    }

    @Test func aResetUnderAnyFaultsShowsReadersAllPurchasesOrNoneAndKeepsThem() throws {
        let date = Date(timeIntervalSince1970: 1_735_787_045)
        try Self.underEverySchedule(
            prepare: { try LedgerFileTests.store($0).append(contentsOf: Self.earlier) },
            { directory in _ = try LedgerFileTests.store(directory).setAside(date: date) },
            look: { directory, call in
                guard let ledger = try? LedgerFileTests.store(directory).loadWithoutRepair() else {
                    return "call \(call.number): readers got an error"
                }
                return ledger.isEmpty || ledger.transactions == Self.earlier
                    ? nil : "call \(call.number): read \(ledger.count) records"
            },
            after: { directory, succeeded, schedule in
                let store = LedgerFileTests.store(directory)
                let now = try store.loadWithoutRepair()
                if succeeded { #expect(now.isEmpty, "\(schedule): reset reported done, purchases still count") }
                let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                let kept = names.filter { $0.hasPrefix("ledger.") && $0.hasSuffix(".jsonl") }.contains { name in
                    (try? LedgerFile.parse(fileBytes(directory + "/" + name)).get().transactions) == Self.earlier
                }
                #expect(kept, "\(schedule): the purchases are nowhere")
                // A purchase after the reset, once the disk works, counts alone.
                try store.append(LedgerFileTests.sample(5))
                #expect(
                    try store.loadWithoutRepair().transactions.last == LedgerFileTests.sample(5),
                    "\(schedule): a purchase after the reset does not count")
            })
    }

    @Test func aFirstRunSaveUnderAnyFaultsShowsReadersTheOldStateOrTheNew() throws {
        let date = Date(timeIntervalSince1970: 1_735_787_045)
        func visit(_ version: String) -> (inout FirstRunState) -> Void {
            { $0.record(appID: "demo", version: version, completion: .finished, date: date) }
        }
        try Self.underEverySchedule(
            prepare: { _ = try FirstRunStateFile(directory: $0).update(visit("1.0.0")) },
            { directory in _ = try FirstRunStateFile(directory: directory).update(visit("2.0.0")) },
            look: { directory, call in
                guard let state = try? FirstRunStateFile(directory: directory).loadWithoutRepair() else {
                    return "call \(call.number): readers got an error"
                }
                let version = state.apps["demo"]?.lastSeenVersion
                return version == "1.0.0" || version == "2.0.0"
                    ? nil : "call \(call.number): read version \(String(describing: version))"
            },
            after: { directory, succeeded, schedule in
                let version = try FirstRunStateFile(directory: directory).loadWithoutRepair().apps["demo"]?
                    .lastSeenVersion
                if succeeded { #expect(version == "2.0.0", "\(schedule): saved, yet readers see \(version ?? "nil")") }
                #expect(version == "1.0.0" || version == "2.0.0")
            })
    }
}
