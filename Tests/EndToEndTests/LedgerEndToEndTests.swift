import Foundation
import Glibc
import Testing

/// The ledger under attack while the app runs: several instances buying at once, damage from
/// another process, a lock held by someone else.
@Suite("The purchase ledger in a terminal", .serialized)
struct LedgerEndToEndTests {
    private func launch(stateDirectory: String, latency: String = "0.3", capturingStandardError: Bool = false)
        throws -> TmuxTerminal
    {
        let terminal = try TmuxTerminal(
            arguments: ["--state-dir", stateDirectory, "--latency", latency, "--now", "2026-01-01"],
            capturingStandardError: capturingStandardError)
        try terminal.start()
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        let paywall = terminal.waitForText("Not purchased") ?? terminal.waitForText("Active until")
        if paywall == nil { terminal.close() }
        _ = try #require(paywall, "the paywall never appeared:\n\(terminal.screen())")
        return terminal
    }

    private func ledgerLines(_ state: TemporaryDirectory) -> [Substring] {
        ((try? String(contentsOfFile: state.path("state/sandbox/ledger.jsonl"), encoding: .utf8)) ?? "").split(
            separator: "\n")
    }

    @Test("three instances pressing Enter on the lifetime product within a second record it once")
    func threeInstancesBuyOnce() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminals = try (0..<3).map { _ in try launch(stateDirectory: state.path("state"), latency: "1") }
        defer { terminals.forEach { $0.close() } }
        for terminal in terminals {
            #expect(try terminal.chooseOnBuiltInPaywall(.lifetime) != nil, "\(terminal.screen())")
        }
        for terminal in terminals { try terminal.sendKeys("Enter") }
        let outcomes = terminals.map { terminal in
            terminal.waitForScreen { $0.contains("You're all set") || $0.contains("Already purchased") }
        }
        let sold = outcomes.filter { $0?.contains("You're all set") == true }.count
        let refused = outcomes.filter { $0?.contains("Already purchased") == true }.count
        #expect(sold == 1 && refused == 2, "\(outcomes.map { $0.map { String(describing: $0) } ?? "nothing" })")
        #expect(ledgerLines(state).count == 1)
    }

    @Test("a ledger damaged while the app runs is repaired, shown in a box and on stderr, and no purchase is lost")
    func damageWhileRunning() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let app = try launch(stateDirectory: state.path("state"), capturingStandardError: true)
        defer { app.close() }
        #expect(try app.chooseOnBuiltInPaywall(.monthly) != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("You're all set") != nil, "\(app.screen())")
        #expect(try app.dismiss("You're all set"), "Esc did not close it:\n\(app.screen())")
        // Lifetime, over the active Monthly: asked first.
        #expect(try app.chooseOnBuiltInPaywall(.lifetime) != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("Already active") != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("You're all set") != nil, "\(app.screen())")
        #expect(ledgerLines(state).count == 2)
        #expect(try app.dismiss("You're all set"), "Esc did not close it:\n\(app.screen())")

        // Another process changes one byte of the second line; the app notices by itself.
        let path = state.path("state/sandbox/ledger.jsonl")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let secondLine = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        bytes[secondLine + 12] ^= 0x01
        // One byte written in place: the file is never seen truncated or half written.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(secondLine + 12))
        try handle.write(contentsOf: Data([bytes[secondLine + 12]]))
        try handle.close()

        let repaired = app.waitForText("Purchase records repaired")
        #expect(repaired != nil, "the damage was not shown:\n\(app.screen())")
        #expect(try app.dismiss("Purchase records repaired"), "Esc did not close it:\n\(app.screen())")
        try app.sendKeys("q")
        #expect(app.waitForExit() == 0)
        let message = app.standardError()
        #expect(message.contains("was damaged at line 2"), "stderr: \(message)")
        #expect(message.contains("the 1 record whose checksum holds was kept"), "stderr: \(message)")
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path("state/sandbox"))
        let preserved = try #require(names.first { $0.hasPrefix("ledger.corrupt-") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: state.path("state/sandbox/\(preserved)"))) == Data(bytes))
        // The good line is the new ledger: the next run starts with the subscription intact.
        #expect(ledgerLines(state).count == 1)
        let next = try launch(stateDirectory: state.path("state"))
        defer { next.close() }
        #expect(next.waitForText("Active until Feb 1, 2026") != nil, "\(next.screen())")
    }

    @Test("while another process holds the ledger's lock a purchase waits and says so; q and SIGTERM still work")
    func heldLockNeverFreezes() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        // Under --now the store's ledger is the sandbox one, and so is its lock.
        try FileManager.default.createDirectory(atPath: state.path("state/sandbox"), withIntermediateDirectories: true)
        let lock = open(state.path("state/sandbox/ledger.lock"), O_RDWR | O_CREAT, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }

        let quitting = try launch(stateDirectory: state.path("state"))
        defer { quitting.close() }
        try quitting.sendKeys("Enter")
        #expect(quitting.waitForText("Waiting for another tui-onboard") != nil, "\(quitting.screen())")
        try quitting.sendKeys("q")
        #expect(quitting.waitForExit() == 0)
        #expect(ledgerLines(state).isEmpty)

        let terminated = try launch(stateDirectory: state.path("state"))
        defer { terminated.close() }
        try terminated.sendKeys("Enter")
        #expect(terminated.waitForText("Waiting for another tui-onboard") != nil, "\(terminated.screen())")
        kill(try #require(terminated.appProcessID()), SIGTERM)
        #expect(terminated.waitForExit() == 143)
        #expect(!terminated.isAlternateScreenOn)

        // Released in time, the purchase goes through.
        let patient = try launch(stateDirectory: state.path("state"))
        defer { patient.close() }
        try patient.sendKeys("Enter")
        #expect(patient.waitForText("Waiting for another tui-onboard") != nil, "\(patient.screen())")
        flock(lock, LOCK_UN)
        #expect(patient.waitForText("You're all set") != nil, "\(patient.screen())")
        #expect(ledgerLines(state).count == 1)
    }
}
