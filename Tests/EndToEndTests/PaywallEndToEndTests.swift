import Foundation
import Testing

/// The paywall of the built-in tour, used as a person would: reach it, pick, buy, see the
/// status, come back in a new run and find the purchase still there, restore.
@Suite("Paywall in a terminal", .serialized)
struct PaywallEndToEndTests {
    /// The built-in deck's paywall is its eighth page, after the question that chooses it.
    static let paywallPage = "8"

    private func launch(stateDirectory: String) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(
            arguments: ["--state-dir", stateDirectory, "--latency", "0.3", "--now", "2026-01-01", "--seed", "7"])
        try terminal.start()
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(Self.paywallPage)
        let paywall = terminal.waitForText("Not purchased") ?? terminal.waitForText("Active until")
        if paywall == nil { terminal.close() }
        _ = try #require(paywall, "the paywall never appeared:\n\(terminal.screen())")
        return terminal
    }

    @Test("buy a package, see the status change, restart and still see it, restore")
    func buyRestartRestore() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let stateDirectory = state.path("state")

        let first = try launch(stateDirectory: stateDirectory)
        defer { first.close() }
        #expect(first.screen().contains("tui-onboard Pro: Not purchased"))
        #expect(try first.chooseOnBuiltInPaywall(.monthly) != nil, "Monthly was never selected:\n\(first.screen())")
        try first.sendKeys("Enter", "Enter", "Enter")  // the repeats must not buy twice
        #expect(first.waitForText("Purchasing") != nil || first.waitForText("You're all set") != nil)
        #expect(first.waitForText("You're all set") != nil, "no success notice:\n\(first.screen())")
        #expect(try first.dismiss("You're all set"), "Esc did not close the notice:\n\(first.screen())")
        // Both, once the purchase's confetti has landed and no longer covers either.
        let bought = first.waitForScreen {
            $0.contains("Active until Feb 1, 2026 (renews)") && $0.contains("current plan")
        }
        #expect(bought != nil, "the status did not change:\n\(first.screen())")
        try first.sendKeys("q")
        #expect(first.waitForExit() == 0)
        let ledger = try String(contentsOfFile: state.path("state/sandbox/ledger.jsonl"), encoding: .utf8)
        #expect(ledger.split(separator: "\n").count == 1, "exactly one purchase is recorded:\n\(ledger)")

        let second = try launch(stateDirectory: stateDirectory)
        defer { second.close() }
        #expect(
            second.waitForText("Active until Feb 1, 2026 (renews)") != nil, "the purchase was lost:\n\(second.screen())"
        )
        try second.sendKeys("r")
        #expect(second.waitForText("Already up to date") != nil, "restore said nothing:\n\(second.screen())")
        // Esc and q as two presses, the second once the first has shown: in one burst they would read as Alt-q.
        #expect(try second.dismiss("Already up to date"), "Esc did not close it:\n\(second.screen())")
        try second.sendKeys("q")
        #expect(second.waitForExit() == 0)
        #expect(!second.isAlternateScreenOn)
    }

    @Test("restore with nothing bought says so")
    func restoreWithNothing() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try launch(stateDirectory: state.path("state"))
        defer { terminal.close() }
        try terminal.sendKeys("r")
        #expect(terminal.waitForText("No purchases to restore") != nil, "\(terminal.screen())")
    }

    @Test("quitting in the middle of a confetti burst leaves the terminal restored")
    func quitMidBurst() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText(DeckFixtures.headings[0]) != nil)
        try terminal.sendKeys("c")
        try terminal.sendKeys("Right")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.isAlternateScreenOn)
        #expect(terminal.isCursorVisible)
    }
}

extension PaywallEndToEndTests {
    @Test("p shows the privacy policy's address, sent as an OSC 8 hyperlink")
    func privacyLinkIsAHyperlink() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try TmuxTerminal(arguments: ["--state-dir", state.path("state"), "--reduce-motion"])
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(Self.paywallPage)
        #expect(terminal.waitForText("Not purchased") != nil, "\(terminal.screen())")
        try terminal.sendKeys("p")
        let url = "https://tui-onboard.example.com/privacy"
        #expect(terminal.waitForText(url) != nil, "\(terminal.screen())")
        let link = Array("\u{1B}]8;;\(url)\u{1B}\\\(url)\u{1B}]8;;\u{1B}\\".utf8)
        let output = terminal.recordedOutput()
        let found =
            output.count >= link.count
            && (0...(output.count - link.count)).contains { Array(output[$0..<($0 + link.count)]) == link }
        #expect(found, "no OSC 8 hyperlink around the address")
        try terminal.sendKeys("x")
        #expect(terminal.waitForScreen { !$0.contains(url) } != nil)
        #expect(try terminal.quitPastTheDecline() == 0, "\(terminal.screen())")
    }
}

extension PaywallEndToEndTests {
    @Test("two instances at once: a purchase in one shows in the other, which will not sell it again")
    func twoInstancesShareTheLedger() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let first = try launch(stateDirectory: state.path("state"))
        defer { first.close() }
        let second = try launch(stateDirectory: state.path("state"))
        defer { second.close() }
        #expect(try first.chooseOnBuiltInPaywall(.lifetime) != nil, "\(first.screen())")
        try first.sendKeys("Enter")
        #expect(first.waitForText("You're all set") != nil, "\(first.screen())")
        // Any key wakes the second instance, which reads the ledger before handling it.
        try second.sendKeys("Down")
        #expect(
            second.waitForText("tui-onboard Pro: Lifetime") != nil, "the purchase did not show:\n\(second.screen())")
        #expect(try second.chooseOnBuiltInPaywall(.lifetime) != nil, "\(second.screen())")
        try second.sendKeys("Enter")
        #expect(second.waitForText("Already purchased") != nil, "\(second.screen())")
        let ledger = try String(contentsOfFile: state.path("state/sandbox/ledger.jsonl"), encoding: .utf8)
        #expect(ledger.split(separator: "\n").count == 1)
    }
}
