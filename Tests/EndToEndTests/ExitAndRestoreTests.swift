import Foundation
import Testing

/// Every key that ends the app ends it with the documented exit code and the terminal as it
/// was: off the alternate screen, cursor shown, the carousel gone. Signals: `SignalTests`.
@Suite("Exit codes and terminal restore", .serialized)
struct ExitAndRestoreTests {
    /// Starts the app on the three-page deck and waits for its first page.
    private func launch() throws -> TmuxTerminal {
        let terminal = try TmuxTerminal.onThreePages()
        #expect(terminal.isAlternateScreenOn, "the carousel should be on the alternate screen")
        return terminal
    }

    /// The terminal after the app ended: back on the normal screen, cursor visible, keypad and
    /// mouse modes off, no carousel.
    private func expectRestored(_ terminal: TmuxTerminal, sourceLocation: SourceLocation = #_sourceLocation) {
        let modes = terminal.modes()
        #expect(modes == .restored, "left behind: \(modes)", sourceLocation: sourceLocation)
        let screen = terminal.screen()
        #expect(
            !screen.contains(DeckFixtures.headings[0]) && !screen.contains(DeckFixtures.appName),
            "the carousel is still on screen:\n\(screen)", sourceLocation: sourceLocation)
    }

    struct KeyExit: CustomTestStringConvertible, Sendable {
        var keys: [String]
        var code: Int32
        var testDescription: String { "\(keys.joined(separator: " ")) -> \(code)" }
    }

    @Test(
        "keys that end the app",
        arguments: [
            KeyExit(keys: ["q"], code: 0),
            KeyExit(keys: ["Escape"], code: 0),
            KeyExit(keys: ["s"], code: 0),
            KeyExit(keys: ["End", "Enter"], code: 0),
            KeyExit(keys: ["C-c"], code: 130),
        ])
    func keyExits(_ exit: KeyExit) throws {
        let terminal = try launch()
        defer { terminal.close() }
        for key in exit.keys { try terminal.sendKeys(key) }
        #expect(terminal.waitForExit() == exit.code)
        expectRestored(terminal)
    }
}
