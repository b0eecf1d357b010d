import Foundation
import Testing

/// A designed paywall in a real terminal: tabs by Tab, the period switch by `b`, a purchase of
/// what the tab and the switch show, under a colour terminal and a bare vt100 with `NO_COLOR`.
@Suite("Designed paywall end to end")
struct DesignedPaywallEndToEndTests {
    static let fixtures = BuiltBinary.repositoryRoot.appendingPathComponent("Tests/OnboardKitTests/Fixtures/designed")

    @Test("tabs, the switch and a purchase", arguments: ["tmux-256color", "vt100"])
    func tabsSwitchAndPurchase(term: String) throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try TmuxTerminal(
            arguments: [
                "--deck", Self.fixtures.appendingPathComponent("tiers.json").path, "--state-dir", state.path("state"),
                "--latency", "0.2", "--now", "2026-01-01", "--reduce-motion",
            ], terminalType: term, environment: term == "vt100" ? ["NO_COLOR": "1"] : [:])
        try terminal.start()
        defer { terminal.close() }
        #expect(terminal.waitForText("Plus │ Pro │ Max") != nil, "no tabs:\n\(terminal.screen())")
        #expect(terminal.waitForText("● Pro Annual") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Tab")
        #expect(terminal.waitForText("● Max Annual") != nil, "Tab did not show Max:\n\(terminal.screen())")
        try terminal.sendKeys("b")
        #expect(terminal.waitForText("● Max Monthly") != nil, "b did not switch to monthly:\n\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("You're all set") != nil, "no success notice:\n\(terminal.screen())")
        #expect(try terminal.dismiss("You're all set"))
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.modes() == .restored)
        let ledger = try String(contentsOfFile: state.path("state/sandbox/ledger.jsonl"), encoding: .utf8)
        #expect(ledger.contains("max_monthly") && !ledger.contains("pro_annual"), "\(ledger)")
    }
}
