import Foundation
import Testing

/// The built-in tour and its paywall under each kind of terminal a user may have: `TERM` set to
/// what xterm, tmux, screen, the Linux console and a bare vt100 say. Keys that each spells its
/// own way (Home, End, PgUp, PgDn) work, secondary text is never drawn in the background's
/// colour, a purchase goes through, and the terminal is given back.
@Suite("Each kind of terminal")
struct TerminalKindsTests {
    struct Kind: CustomTestStringConvertible, Sendable {
        var term: String
        /// What colours the pane should hold: 256 (`38;5`), 8 (`30`–`37`) or none.
        var colors: Int
        var testDescription: String { "TERM=\(term)" }
    }

    static let kinds = [
        Kind(term: "xterm-256color", colors: 256), Kind(term: "tmux-256color", colors: 256),
        Kind(term: "screen", colors: 8), Kind(term: "linux", colors: 8),
        Kind(term: "vt100", colors: 0),
    ]

    static let firstHeading = "Welcome to tui-onboard"
    static let secondHeading = "Pages slide, keys do the work"
    static let lastHeading = "You're ready"

    private func launch(
        _ term: String, state: TemporaryDirectory, environment: [String: String] = [:], reducesMotion: Bool = true
    ) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(
            arguments: [
                "--state-dir", state.path("state"), "--latency", "0.3", "--now", "2026-01-01", "--seed", "7",
            ] + (reducesMotion ? ["--reduce-motion"] : []), terminalType: term,
            environment: ["NO_COLOR": "", "COLORTERM": ""].merging(environment) { $1 })
        try terminal.start()
        let first = terminal.waitForText(Self.firstHeading)
        if first == nil { terminal.close() }
        _ = try #require(first, "the tour never appeared under \(term):\n\(terminal.screen())")
        return terminal
    }

    @Test("the tour and the paywall", arguments: kinds)
    func tourAndPaywall(_ kind: Kind) throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try launch(kind.term, state: state)
        defer { terminal.close() }

        // Colours: what this terminal takes, and no text in the background's colour.
        let styled = StyledScreen(terminal.styledScreen())
        #expect(styled.hiddenText.isEmpty, "text in the background's colour: \(styled.hiddenText.prefix(5))")
        let appName = try #require(styled.textCells.first { $0.y == 0 && $0.cell.character == "t" }?.cell)
        switch kind.colors {
        case 256:
            #expect(
                styled.sequences.contains { $0.contains("38;5;") },
                "no 256-colour sequence: \(styled.sequences)")
            #expect(appName.foreground == .indexed(8), "the app name: \(appName)")
        case 8:
            #expect(!styled.sequences.contains { $0.contains("38;") }, "more than 8 colours: \(styled.sequences)")
            #expect(appName.foreground == .terminalDefault && appName.isDim, "the app name: \(appName)")
        default:
            let colours = styled.textCells.filter { $0.cell.foreground != .terminalDefault }
            #expect(colours.isEmpty, "colour on a terminal without any: \(colours.prefix(3))")
        }

        // Keys that each terminal spells its own way.
        for (key, heading) in [
            ("End", Self.lastHeading), ("Home", Self.firstHeading), ("NPage", Self.secondHeading),
            ("PPage", Self.firstHeading), ("Right", Self.secondHeading), ("Left", Self.firstHeading),
        ] {
            try terminal.sendKeys(key)
            #expect(
                terminal.waitForText(heading) != nil, "\(key) did not lead to \"\(heading)\":\n\(terminal.screen())")
        }

        // The paywall: choose, buy, see it go through.
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(terminal.waitForText("Not purchased") != nil, "no paywall:\n\(terminal.screen())")
        #expect(
            try terminal.chooseOnBuiltInPaywall(.monthly) != nil, "Monthly was never selected:\n\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("You're all set") != nil, "no success notice:\n\(terminal.screen())")
        let notice = StyledScreen(terminal.styledScreen())
        #expect(notice.hiddenText.isEmpty, "text in the background's colour: \(notice.hiddenText.prefix(5))")
        #expect(try terminal.dismiss("You're all set"), "Esc did not close the notice:\n\(terminal.screen())")
        #expect(terminal.waitForText("Active until Feb 1, 2026") != nil, "\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.modes() == .restored, "left behind: \(terminal.modes())")
        // With or without an alternate screen, nothing of the tour is left under the prompt.
        let after = terminal.screen()
        #expect(!after.contains(Self.firstHeading) && !after.contains("Pro Monthly"), "left on screen:\n\(after)")
    }

    @Test("COLORTERM=truecolor sends the accent as a 24-bit colour; 8 colours ignore it")
    func truecolor() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let direct = try launch("tmux-256color", state: state, environment: ["COLORTERM": "truecolor"])
        defer { direct.close() }
        // The 24-bit colours follow ncurses' own update: wait for them.
        let accent = StyledScreen.Color.rgb(139, 92, 246)
        let found = Polling.value {
            let screen = StyledScreen(direct.styledScreen())
            return screen.textCells.contains { $0.cell.foreground == accent } ? screen : nil
        }
        let styled = StyledScreen(direct.styledScreen())
        #expect(found != nil, "no 24-bit accent: \(styled.sequences)")
        #expect(styled.hiddenText.isEmpty, "\(styled.hiddenText.prefix(5))")
        // The top bar keeps the terminal's own grey (bright black), not a fixed 24-bit one.
        let appName = styled.textCells.first { $0.y == 0 && $0.cell.character == "t" }?.cell
        #expect(appName?.foreground == .indexed(8))
        try direct.sendKeys("q")
        #expect(direct.waitForExit() == 0)

        let basic = try launch("screen", state: state, environment: ["COLORTERM": "truecolor"])
        defer { basic.close() }
        let plain = StyledScreen(basic.styledScreen())
        #expect(!plain.sequences.contains { $0.contains("38;") }, "\(plain.sequences)")
    }

    @Test("24-bit colour written beside ncurses leaves every cell where ncurses put it")
    func truecolorKeepsTheScreenInPlace() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let reference = try launch("tmux-256color", state: state, reducesMotion: false)
        defer { reference.close() }
        let direct = try launch(
            "tmux-256color", state: state, environment: ["COLORTERM": "truecolor"], reducesMotion: false)
        defer { direct.close() }
        // Confetti, paging, the help and a link box: frames where ncurses moves the cursor from
        // where it believes the last update left it. Once each settles the screens must agree.
        for key in ["c", "Right", "6", "c", "?", "x", PaywallEndToEndTests.paywallPage, "p", "Escape"] {
            try reference.sendKeys(key)
            try direct.sendKeys(key)
            let same = Polling.until { reference.screen().lines == direct.screen().lines }
            #expect(
                same,
                "after \(key) the screens differ:\n\(direct.screen())\n--- with 256 colours:\n\(reference.screen())")
            if !same { break }
        }
    }
}
