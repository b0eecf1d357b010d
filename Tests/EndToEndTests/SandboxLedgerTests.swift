import Foundation
import Glibc
import Testing

/// Purchases made under a simulated clock stay in the sandbox: a Monthly bought at
/// `--now 2099-01-01` is not what `has` answers today, only what `has --sandbox` answers at a
/// date after it; and `reset --purchases` sets the sandbox aside too.
@Suite("The sandbox ledger", .serialized)
struct SandboxLedgerTests {
    private func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    @Test("a Monthly bought under --now 2099-01-01 is not Pro today, and is Pro in the sandbox on 2099-01-02")
    func aPurchaseInTheSimulatedFutureStaysInTheSandbox() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        let resultPath = state.path("result.json")
        let app = try TmuxTerminal(
            arguments: [
                "--state-dir", directory, "--latency", "0.3", "--now", "2099-01-01", "--result-json", resultPath,
            ])
        defer { app.close() }
        try app.start()
        _ = app.waitForText("Welcome to tui-onboard")
        try app.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(app.waitForText("Sandbox · tui-onboard Pro: Not purchased") != nil, "\(app.screen())")
        #expect(try app.chooseOnBuiltInPaywall(.monthly) != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("You're all set") != nil, "\(app.screen())")
        #expect(try app.dismiss("You're all set"), "Esc did not close it:\n\(app.screen())")
        #expect(app.waitForText("Active until Feb 1, 2099 (renews)") != nil, "\(app.screen())")
        try app.sendKeys("q")
        #expect(app.waitForExit() == 0)

        // The real ledger was never written; the sandbox one holds the purchase, privately.
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/ledger.jsonl"))
        let sandbox = try String(contentsOfFile: "\(directory)/sandbox/ledger.jsonl", encoding: .utf8)
        #expect(sandbox.split(separator: "\n").count == 1, "\(sandbox)")
        var info = stat()
        #expect(stat("\(directory)/sandbox", &info) == 0 && info.st_mode & 0o777 == 0o700)

        let today = try run(["has", "pro", "--state-dir", directory])
        #expect(today.status == 1, "the purchase of 2099 reached the real ledger: \(today)")
        let realIn2099 = try run(["has", "pro", "--state-dir", directory, "--now", "2099-01-02"])
        #expect(realIn2099.status == 1, "--now alone reads the real ledger: \(realIn2099)")
        let sandboxToday = try run(["has", "pro", "--state-dir", directory, "--sandbox"])
        #expect(sandboxToday.status == 1, "a purchase dated 2099 is nothing today, even in the sandbox")
        let sandboxIn2099 = try run(["has", "pro", "--sandbox", "--now", "2099-01-02", "--state-dir", directory])
        #expect(sandboxIn2099.status == 0, "\(sandboxIn2099)")
        let status = try run(["status", "--json", "--sandbox", "--now", "2099-01-02", "--state-dir", directory])
        #expect(status.standardOutput.contains("tui_onboard_pro_monthly"), "\(status)")

        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: resultPath)))
                as? [String: Any])
        #expect(result["sandbox"] as? Bool == true)
        #expect((result["purchases"] as? [Any])?.count == 1)

        let reset = try run(["reset", "--purchases", "--state-dir", directory])
        #expect(reset.status == 0, "\(reset)")
        #expect(reset.standardOutput.contains("no purchases to move aside\n"), "\(reset)")
        #expect(reset.standardOutput.contains("sandbox purchases moved aside to \(directory)/sandbox/"), "\(reset)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/sandbox/ledger.jsonl"))
        let afterReset = try run(["has", "pro", "--sandbox", "--now", "2099-01-02", "--state-dir", directory])
        #expect(afterReset.status == 1, "\(afterReset)")
    }

    @Test("a run at the real clock buys into the real ledger and its result says it was no sandbox")
    func theRealClockUsesTheRealLedger() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        let resultPath = state.path("result.json")
        let app = try TmuxTerminal(
            arguments: ["--state-dir", directory, "--latency", "0.3", "--result-json", resultPath])
        defer { app.close() }
        try app.start()
        _ = app.waitForText("Welcome to tui-onboard")
        try app.sendKeys(PaywallEndToEndTests.paywallPage)
        let paywall = app.waitForText("tui-onboard Pro: Not purchased")
        #expect(paywall != nil && paywall?.contains("Sandbox") == false, "\(app.screen())")
        #expect(try app.chooseOnBuiltInPaywall(.lifetime) != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("You're all set") != nil, "\(app.screen())")
        #expect(try app.dismiss("You're all set"), "Esc did not close it:\n\(app.screen())")
        try app.sendKeys("q")
        #expect(app.waitForExit() == 0)
        #expect(try run(["has", "pro", "--state-dir", directory]).status == 0)
        #expect(try run(["has", "pro", "--sandbox", "--state-dir", directory]).status == 1)
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: resultPath)))
                as? [String: Any])
        #expect(result["sandbox"] as? Bool == false)
    }
}
