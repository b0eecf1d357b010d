import Foundation
import Testing

/// A `store` action that was committed but could not be reported exits 3, not the I/O error 74
/// that says nothing was recorded: a script that retried on 74 would act twice.
@Suite("store: recorded but not reported")
struct StoreRecordedUnconfirmedTests {
    @Test(
        "an action whose summary cannot be written exits 3, and counts: run again, it is refused",
        arguments: [
            (["buy", "plus_monthly"], "already subscribed"), (["cancel", "plus_monthly"], "is off already"),
        ])
    func anUnreportedRecordExitsThreeAndCounts(action: [String], refusal: String) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        if action[0] != "buy" { try fixture.store(["buy", "plus_monthly"], now: "2026-01-01") }
        let before = fixture.lines(of: fixture.sandboxLedger).count
        let output = try CommandRunner.run(
            try BuiltBinary.path(), ["store"] + action + ["--now", "2026-01-02"] + fixture.commonArguments,
            standardOutput: .device("/dev/full"))
        #expect(output.status == 3, "\(output)")
        #expect(output.standardError.contains("cannot write to standard output"), "\(output)")
        #expect(output.standardError.contains("recorded all the same"), "\(output)")
        #expect(fixture.lines(of: fixture.sandboxLedger).count == before + 1)
        try fixture.refuse(action, now: "2026-01-02", saying: refusal)
    }
}
