import Foundation
import Testing

/// `tui-onboard < /dev/pts/A > /dev/pts/B`: keys would be read from a terminal nobody put in raw
/// mode (they echo there and wait for Enter), so the app refuses to start, and says why. The
/// other terminal is a second tmux pane's.
@Suite("Input and output on different terminals")
struct SeparateTerminalsTests {
    @Test(
        "the app refuses with 2 and a message when input or output is another terminal",
        arguments: ["0<", "1>"])
    func refused(redirect: String) throws {
        let other = try TmuxTerminal()
        defer { other.close() }
        let otherPath = other.display("#{pane_tty}")
        try #require(otherPath.hasPrefix("/dev/"), "no terminal for the second pane: \(otherPath)")
        let terminal = try TmuxTerminal(
            deck: DeckFixtures.threePages, capturingStandardError: true,
            shellSetup: ["exec \(redirect) \(TmuxTerminal.shellQuoted(otherPath))"])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForExit() == 2, "the app started:\n\(terminal.screen())")
        #expect(terminal.standardError().contains("standard input and standard output are different terminals"))
    }

    @Test("the same terminal reached as /dev/tty is the same terminal: the tour starts")
    func controllingTerminalByAnotherName() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages, shellSetup: ["exec 0< /dev/tty"])
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText(DeckFixtures.headings[0]) != nil, "\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }
}
