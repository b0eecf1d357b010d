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

    @Test("two upgrades to different higher plans at once: exactly one is recorded, and status shows it")
    func twoUpgradesOneRecorded() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "basic_monthly"], now: "2026-01-01")
        // One after the other both would be recorded (Plus, then Premium is an upgrade from Plus);
        // planned against the same ledger, the second must be refused.
        let plans = ["premium_monthly", "plus_monthly"]
        let outcomes = try Self.runTogether(
            plans.map { ["buy", $0, "--now", "2026-01-16"] }, in: fixture, holdingTheLock: true)
        let winners = outcomes.indices.filter { outcomes[$0].status == 0 }
        let losers = outcomes.indices.filter { outcomes[$0].status == 1 }
        try #require(winners.count == 1 && losers.count == 1, "\(outcomes)")
        let (winner, loser) = (winners[0], losers[0])
        #expect(outcomes[winner].standardOutput.hasPrefix("Upgraded to "), "\(outcomes)")
        #expect(
            outcomes[loser].standardError.contains("The subscription changed in another window. Nothing was changed"),
            "\(outcomes)")
        #expect(fixture.lines(of: fixture.sandboxLedger).count == 2)
        #expect(try fixture.entitlement(at: "2026-01-16")["productID"] as? String == plans[winner])
        let upgrades = try fixture.rows(at: "2026-01-16").filter { $0["kind"] as? String == "upgrade" }
        #expect(upgrades.count == 1 && upgrades.first?["productID"] as? String == plans[winner], "\(upgrades)")
    }
}
