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

/// A countdown in a real terminal: it changes as seconds pass, with no key pressed, and its
/// start is kept, so a second run counts on from the first.
@Suite("Countdown end to end")
struct CountdownEndToEndTests {
    static func deck() -> String {
        let catalog = DesignedPaywallEndToEndTests.fixtures.appendingPathComponent("catalog.json").path
        return """
            {"app": {"id": "countdown-e2e", "name": "Studio", "version": "1.0"}, "catalog": "\(catalog)",
             "pages": [{"kind": "paywall", "layout": "cards", "countdown": {"for": "PT2H"}}]}
            """
    }

    @Test("it ticks without a key, and a second run counts on")
    func ticksAndKeepsItsStart() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let first = try TmuxTerminal(
            deck: Self.deck(), arguments: ["--state-dir", state.path("state"), "--reduce-motion"])
        try first.start()
        defer { first.close() }
        let shown = try #require(first.waitForText("Offer ends in 1:59:5"), "no countdown:\n\(first.screen())")
        let line = try #require(shown.lines.first { $0.contains("Offer ends in") })
        // The next second shows by itself.
        #expect(
            first.waitForScreen { screen in screen.lines.contains { $0.contains("Offer ends in") && $0 != line } }
                != nil, "the countdown stood still:\n\(first.screen())")
        try first.sendKeys("q")
        #expect(first.waitForExit() == 0)
        let kept = try String(contentsOfFile: state.path("state/state.json"), encoding: .utf8)
        #expect(kept.contains("\"countdownStarts\""), "\(kept)")
    }
}
