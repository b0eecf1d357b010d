import Foundation
import Glibc
import Testing

/// Several `tui-onboard store` processes acting on one state directory at once: the gate, asked
/// again under the ledger's lock, lets exactly one of them record.
@Suite("store commands at once", .serialized)
struct StoreConcurrencyTests {
    /// What one of the processes did.
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var description: String {
            "exit \(status), stdout \(standardOutput.debugDescription), stderr \(standardError.debugDescription)"
        }
    }

    /// Starts `tui-onboard store ACTION` for each action together and waits for them all. With
    /// `holdingTheLock` the sandbox ledger's lock is held until every one of them waits for it
    /// (the kernel lists the waiters in /proc/locks), so all of them planned against the same
    /// ledger and only the gate under the lock can tell them apart.
    static func runTogether(_ actions: [[String]], in fixture: StoreFixture, holdingTheLock: Bool) throws -> [Outcome] {
        let binary = try BuiltBinary.path()
        var lock: Int32 = -1
        if holdingTheLock {
            try FileManager.default.createDirectory(
                atPath: fixture.root.path("state/sandbox"), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            lock = open(fixture.root.path("state/sandbox/ledger.lock"), O_RDWR | O_CREAT, 0o600)
            try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        }
        defer { if lock >= 0 { close(lock) } }
        let pids = try actions.enumerated().map { index, action in
            try ChildProcess.start(
                binary, ["store"] + action + fixture.commonArguments,
                standardOutput: fixture.root.path("out-\(index)"), standardError: fixture.root.path("err-\(index)"))
        }
        if holdingTheLock {
            let allWaiting = Polling.until { waiters(on: fixture.root.path("state/sandbox/ledger.lock")) == pids.count }
            flock(lock, LOCK_UN)
            #expect(allWaiting, "not every process came to wait for the lock")
        }
        return try pids.enumerated().map { index, pid in
            let status = try ChildProcess.wait(for: pid, executable: binary)
            let read = { (name: String) in (try? String(contentsOfFile: fixture.root.path(name), encoding: .utf8)) ?? ""
            }
            return Outcome(status: status, standardOutput: read("out-\(index)"), standardError: read("err-\(index)"))
        }
    }

    /// How many processes wait in `flock` for the lock file at `path`: /proc/locks lists each
    /// waiter as "-> FLOCK … PID MAJOR:MINOR:INODE …".
    static func waiters(on path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0, let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return 0 }
        return locks.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.contains("->") && fields.contains { $0.hasSuffix(":\(info.st_ino)") }
        }.count
    }

    @Test(
        "ten store buy processes of one subscription at once: one sells, nine refuse, one purchase recorded",
        arguments: [false, true])
    func tenBuyersOneSale(holdingTheLock: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let outcomes = try Self.runTogether(
            Array(repeating: ["buy", "plus_monthly", "--now", "2026-01-01"], count: 10), in: fixture,
            holdingTheLock: holdingTheLock)
        let sold = outcomes.filter { $0.status == 0 }
        let refused = outcomes.filter { $0.status == 1 }
        #expect(sold.count == 1 && refused.count == 9, "\(outcomes)")
        #expect(sold.first?.standardOutput == "Subscribed to Plus Monthly.\n", "\(outcomes)")
        for outcome in refused {
            #expect(outcome.standardOutput.isEmpty, "\(outcome)")
            #expect(outcome.standardError.contains("; nothing was recorded"), "\(outcome)")
            if holdingTheLock {
                // Every one planned the purchase against the empty ledger: the gate refused it.
                #expect(outcome.standardError.contains("(another tui-onboard recorded something first)"), "\(outcome)")
            }
        }
        #expect(fixture.lines(of: fixture.sandboxLedger).count == 1)
        #expect(try fixture.rows(at: "2026-01-01").count == 1)
        #expect(try fixture.has(at: "2026-01-01") == 0)
    }

    /// A standing to start from (store actions, each at its date) and two actions taken at `now`.
    struct Pair: CustomStringConvertible, Sendable {
        var setup: [([String], String)]
        var first: [String]
        var second: [String]
        var now: String
        var description: String { "\(first.joined(separator: " ")) + \(second.joined(separator: " "))" }
    }

    /// What a pair ends in: each action's exit code and summary, and the ledger's rows without
    /// their random transaction IDs.
    struct Ending: Equatable, CustomStringConvertible {
        var statuses: [Int32]
        var summaries: [String]
        var rows: [String]
        var description: String { "exits \(statuses), said \(summaries), rows \(rows)" }
    }

    static func ending(_ outcomes: [Outcome], in fixture: StoreFixture, at now: String) throws -> Ending {
        let random: Set<String> = ["id", "originalID", "appliesTo", "replacedBy"]
        let rows = try fixture.rows(at: now).map { row in
            row.filter { !random.contains($0.key) }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: " ")
        }
        return Ending(statuses: outcomes.map(\.status), summaries: outcomes.map(\.standardOutput), rows: rows)
    }

    /// The pair one after the other, in a fresh state directory.
    static func serially(_ pair: Pair, _ actions: [[String]]) throws -> Ending {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for (action, date) in pair.setup { try fixture.store(action, now: date) }
        let outcomes = try actions.map { action in
            let output = try fixture.run(["store"] + action + ["--now", pair.now])
            return Outcome(status: output.status, standardOutput: output.standardOutput, standardError: "")
        }
        return try ending(outcomes, in: fixture, at: pair.now)
    }

    static let pairs: [Pair] = [
        // Payment failing since 1 February; on the 20th the grace period is over: billing retry.
        Pair(
            setup: [(["buy", "plus_monthly"], "2026-01-01"), (["billing-issue", "plus_monthly"], "2026-01-02")],
            first: ["cancel", "plus_monthly"], second: ["resolve", "plus_monthly"], now: "2026-02-20"),
        Pair(
            setup: [(["buy", "plus_monthly"], "2026-01-01")],
            first: ["price-increase", "plus_monthly", "6.99", "--consent"],
            second: ["price-increase", "plus_monthly", "7.99"], now: "2026-01-10"),
        Pair(
            setup: [(["buy", "plus_monthly"], "2026-01-01")], first: ["cancel", "plus_monthly"],
            second: ["billing-issue", "plus_monthly"], now: "2026-01-10"),
        Pair(
            setup: [(["buy", "plus_monthly"], "2026-01-01")], first: ["cancel", "plus_monthly"],
            second: ["price-increase", "plus_monthly", "6.99", "--consent"], now: "2026-01-10"),
        Pair(
            setup: [(["buy", "plus_monthly"], "2026-01-01")],
            first: ["price-increase", "plus_monthly", "6.99", "--consent"], second: ["billing-issue", "plus_monthly"],
            now: "2026-01-10"),
        Pair(
            setup: [(["buy", "plus_monthly"], "2026-01-01"), (["cancel", "plus_monthly"], "2026-01-02")],
            first: ["uncancel", "plus_monthly"], second: ["uncancel", "plus_monthly"], now: "2026-01-10"),
        // Each an upgrade from Basic; one after the other, Premium after Plus is an upgrade too,
        // Plus after Premium a downgrade at the renewal.
        Pair(
            setup: [(["buy", "basic_monthly"], "2026-01-01")], first: ["buy", "premium_monthly"],
            second: ["buy", "plus_monthly"], now: "2026-01-16"),
    ]

    @Test("two store actions at once end as one of the two orders would, one after the other", arguments: pairs)
    func twoActionsAtOnceEndAsOneOrder(_ pair: Pair) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for (action, date) in pair.setup { try fixture.store(action, now: date) }
        // Both wait for the lock, having read the same ledger.
        let outcomes = try Self.runTogether(
            [pair.first, pair.second].map { $0 + ["--now", pair.now] }, in: fixture, holdingTheLock: true)
        let together = try Self.ending(outcomes, in: fixture, at: pair.now)
        let firstThenSecond = try Self.serially(pair, [pair.first, pair.second])
        var secondThenFirst = try Self.serially(pair, [pair.second, pair.first])
        secondThenFirst.statuses.reverse()
        secondThenFirst.summaries.reverse()
        #expect(
            together == firstThenSecond || together == secondThenFirst,
            "at once: \(together)\nin order: \(firstThenSecond)\nthe other way: \(secondThenFirst)")
        for outcome in outcomes where outcome.status == 1 {
            #expect(outcome.standardError.contains("(another tui-onboard recorded something first)"), "\(outcome)")
        }
    }
}
