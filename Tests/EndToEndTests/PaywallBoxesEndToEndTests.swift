import Foundation
import Testing

/// The paywall's boxes in a real terminal: a notice that comes while the test store's sheet is
/// up is drawn over it, and the key that closes it is not taken as the sheet's answer.
@Suite("Paywall boxes in a terminal")
struct PaywallBoxesEndToEndTests {
    @Test("the ledger damaged while the sheet asks: the notice shows over it, 1 closes it, the next 1 buys")
    func aNoticeOverTheSheetIsSeenFirst() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try TmuxTerminal(
            arguments: [
                "paywall", "pro", "--simulate", "prompt", "--latency", "0", "--reduce-motion",
                "--state-dir", state.path("state"),
            ])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText("Not purchased") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("1 success") != nil, "the test store's sheet did not open:\n\(terminal.screen())")
        // Another program damages the ledger while the sheet waits for an answer.
        try "garbage\n{not json\n".write(toFile: state.path("state/ledger.jsonl"), atomically: false, encoding: .utf8)
        let notice = terminal.waitForText("Purchase records repaired")
        #expect(notice != nil, "the notice is not drawn over the sheet:\n\(terminal.screen())")
        #expect(notice?.contains("1 success") != true, "the sheet is drawn over the notice:\n\(terminal.screen())")
        try terminal.sendKeys("1")
        let sheet = terminal.waitForScreen { $0.contains("1 success") && !$0.contains("Purchase records repaired") }
        #expect(sheet != nil, "the first 1 did not close the notice alone:\n\(terminal.screen())")
        try terminal.sendKeys("1")
        #expect(terminal.waitForText("You're all set") != nil, "the next 1 did not buy:\n\(terminal.screen())")
    }
}
