import Foundation
import Testing

/// Text pasted into the running app, as tmux pastes it (`paste-buffer -p`): bracketed, since the
/// app asks for bracketed paste, and so never taken for keys.
@Suite("Pasting into the app")
struct PasteEndToEndTests {
    @Test("a pasted wow and Enter on the paywall buys nothing, and the paste mode is handed back")
    func pasteOnThePaywall() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try TmuxTerminal(
            arguments: ["--state-dir", state.path("state"), "--latency", "0", "--now", "2026-01-01", "--seed", "7"])
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(terminal.waitForText("Not purchased") != nil, "no paywall:\n\(terminal.screen())")
        #expect(
            try terminal.chooseOnBuiltInPaywall(.monthly) != nil, "Monthly was never selected:\n\(terminal.screen())")
        // As keys: Enter buys Monthly, digits jump to pages, q and Esc quit.
        try terminal.paste("wow\r1\r\u{1B}q\r")
        // A key behind the paste shows that the paste has been read.
        try terminal.sendKeys("?")
        let help = terminal.waitForScreen { !$0.contains("● Pro Monthly") }
        #expect(help != nil, "the help never came:\n\(terminal.screen())")
        #expect(try terminal.dismiss("Esc"))
        let screen = terminal.screen()
        #expect(screen.contains("● Pro Monthly") && screen.contains("Not purchased"), "\(screen)")
        #expect(try terminal.quitPastTheDecline() == 0, "\(terminal.screen())")
        #expect(!FileManager.default.fileExists(atPath: state.path("state/ledger.jsonl")), "the paste bought")
        let output = String(decoding: terminal.recordedOutput(), as: UTF8.self)
        let on = try #require(output.range(of: "\u{1B}[?2004h", options: .backwards), "bracketed paste never asked for")
        let off = try #require(output.range(of: "\u{1B}[?2004l", options: .backwards), "bracketed paste left on")
        #expect(on.upperBound <= off.lowerBound, "bracketed paste left on")
    }
}
