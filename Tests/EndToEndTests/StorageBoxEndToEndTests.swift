import Foundation
import Glibc
import Testing

/// A storage box that comes up on the wake a key caused is drawn, and that key does not
/// close it: the box waits for a key pressed once it is on screen.
@Suite("Storage boxes in a terminal", .serialized)
struct StorageBoxEndToEndTests {
    @Test("damage noticed on the wake of a key shows its box, which that key does not close")
    func theKeyThatRevealsABoxDoesNotCloseIt() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let app = try TmuxTerminal(
            arguments: [
                "--state-dir", state.path("state"), "--latency", "0.3", "--now", "2026-01-01", "--reduce-motion",
            ],
            capturingStandardError: true)
        defer { app.close() }
        try app.start()
        _ = app.waitForText("tui-onboard")
        try app.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(app.waitForText("Not purchased") != nil, "\(app.screen())")
        // Lifetime: nothing renews, so nothing wakes the app.
        #expect(try app.chooseOnBuiltInPaywall(.lifetime) != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("You're all set") != nil, "\(app.screen())")
        #expect(try app.dismiss("You're all set"), "Esc did not close it:\n\(app.screen())")
        #expect(app.waitForText("tui-onboard Pro: Lifetime") != nil, "\(app.screen())")

        // Damage written through a hard link in another directory changes the ledger without
        // waking the app (its watch is on the ledger's directory): only the next key's wake
        // finds it.
        let ledger = state.path("state/sandbox/ledger.jsonl")
        try FileManager.default.createDirectory(atPath: state.path("elsewhere"), withIntermediateDirectories: true)
        try #require(link(ledger, state.path("elsewhere/ledger")) == 0)
        let descriptor = open(state.path("elsewhere/ledger"), O_WRONLY | O_APPEND)
        try #require(descriptor >= 0)
        let garbage = Array("not a ledger line\n".utf8)
        #expect(write(descriptor, garbage, garbage.count) == garbage.count)
        close(descriptor)

        // x does nothing on the paywall; any key closes a box.
        try app.sendKeys("x")
        let box = app.waitForText("Purchase records repaired")
        #expect(box != nil, "the box was closed by the key that revealed it:\n\(app.screen())")
        #expect(try app.dismiss("Purchase records repaired"), "Esc did not close it:\n\(app.screen())")
        try app.sendKeys("q")
        #expect(app.waitForExit() == 0)
        #expect(app.standardError().contains("was damaged at line 2"), "stderr: \(app.standardError())")
    }
}
