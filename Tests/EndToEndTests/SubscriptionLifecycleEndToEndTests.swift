import Foundation
import Glibc
import Testing

/// The subscription lifecycle as a person meets it in tmux: subscribed to Monthly, they choose
/// the higher plan on the paywall and confirm; the transaction manager turns auto-renew off; in
/// another process `has`, `status --json` and `store transactions --json` agree.
@Suite("Subscription lifecycle end to end", .serialized)
struct SubscriptionLifecycleEndToEndTests {
    private func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    private func status(_ directory: String, now: String) throws -> [String: Any] {
        let output = try run(["status", "--json", "--state-dir", directory, "--now", now, "--sandbox"])
        try #require(output.status == 0, "\(output)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        return try #require((object["entitlements"] as? [[String: Any]])?.first)
    }

    @Test("subscribed, upgrade on the paywall with a confirmation, cancel in the transaction manager, has agrees")
    func upgradeThenCancel() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        // Monthly since 1 January, bought from the command line as a script would.
        let bought = try run(
            ["store", "buy", "tui_onboard_pro_monthly", "--state-dir", directory, "--now", "2026-01-01"])
        #expect(bought.status == 0 && bought.standardOutput == "Subscribed to Pro Monthly.\n", "\(bought)")

        let app = try TmuxTerminal(arguments: ["--state-dir", directory, "--latency", "0", "--now", "2026-01-11"])
        defer { app.close() }
        try app.start()
        _ = app.waitForText("Welcome to tui-onboard")
        try app.sendKeys(PaywallEndToEndTests.paywallPage)
        // Monthly is the current plan, on its side of the switch; Annual, on the other, upgrades.
        #expect(app.waitForText("Active until") != nil, "\(app.screen())")
        // Confetti may cross a row for a moment: each row is waited for whole.
        #expect(try app.chooseOnBuiltInPaywall(.monthly) != nil, "\(app.screen())")
        #expect(app.waitForText("current plan") != nil, "\(app.screen())")
        #expect(try app.chooseOnBuiltInPaywall(.annual) != nil, "\(app.screen())")
        #expect(app.waitForText("upgrade now") != nil, "\(app.screen())")
        #expect(app.waitForText("⏎ upgrade") != nil, "\(app.screen())")

        // Enter asks first; the refund it names is the one recorded.
        try app.sendKeys("Enter")
        #expect(app.waitForText("Change plan now") != nil, "\(app.screen())")
        #expect(app.screen().contains("($3.38)"), "21 of 31 days of $4.99 unused:\n\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("Plan changed") != nil, "\(app.screen())")
        // The app's store clock started at 11 January and runs: its records are a moment later.
        var pro = try status(directory, now: "2026-01-12")
        #expect(pro["productID"] as? String == "tui_onboard_pro_annual")
        #expect((pro["expiresDate"] as? String)?.hasPrefix("2027-01-11T00:00:") == true, "\(pro)")
        #expect(try run(["has", "pro", "--state-dir", directory, "--now", "2026-01-12", "--sandbox"]).status == 0)

        // The transaction manager: the upgrade is the newest row, chosen; c turns auto-renew off.
        try app.sendKeys("x")
        #expect(app.waitForScreen { !$0.contains("Plan changed") } != nil, "\(app.screen())")
        try app.sendKeys("m")
        #expect(app.waitForText("Store clock: Jan 11, 2026") != nil, "\(app.screen())")
        #expect(app.screen().contains("upgrade"), "\(app.screen())")
        try app.sendKeys("c")
        #expect(app.waitForText("Auto-renew off") != nil, "\(app.screen())")

        pro = try status(directory, now: "2026-01-12")
        #expect(pro["state"] as? String == "active")
        #expect(pro["willRenew"] as? Bool == false)
        #expect((pro["unsubscribeDetectedAt"] as? String)?.hasPrefix("2026-01-11T00:00:") == true, "\(pro)")
        // Access lasts to the end of the paid year, then ends.
        #expect(try run(["has", "pro", "--state-dir", directory, "--now", "2027-01-10", "--sandbox"]).status == 0)
        #expect(try run(["has", "pro", "--state-dir", directory, "--now", "2027-01-12", "--sandbox"]).status == 1)

        let listing = try run(
            ["store", "transactions", "--json", "--state-dir", directory, "--now", "2026-01-12"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(object["transactions"] as? [[String: Any]])
        #expect(rows.map { $0["kind"] as? String } == ["purchase", "upgrade", "cancellation"], "\(rows)")
        #expect(rows[0]["replacedBy"] as? String == rows[1]["id"] as? String)
        #expect(rows[1]["proratedRefund"] as? String == "3.38")
    }

    @Test("store transactions only looks: no sandbox directory made, a damaged ledger reported and left as it is")
    func listingNeverWrites() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        let empty = try run(["store", "transactions", "--state-dir", directory, "--now", "2026-01-01"])
        #expect(empty.status == 0 && empty.standardOutput.contains("none yet"), "\(empty)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/sandbox"), "the listing made the sandbox")

        let bought = try run([
            "store", "buy", "tui_onboard_pro_monthly", "--state-dir", directory, "--now", "2026-01-01",
        ])
        #expect(bought.status == 0, "\(bought)")
        let path = "\(directory)/sandbox/ledger.jsonl"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(directory)/sandbox").sorted()
        let damaged = try run(["store", "transactions", "--state-dir", directory, "--now", "2026-01-02"])
        #expect(damaged.status == 65 && damaged.standardOutput.isEmpty, "\(damaged)")
        #expect(damaged.standardError.contains("ledger.jsonl"), "\(damaged)")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(directory)/sandbox").sorted() == names)
    }
}
