import Foundation
import Testing

/// Escape sequences inside a deck are shown as visible symbols and never reach the terminal.
@Suite("Escape sequences in a deck")
struct UntrustedTextTests {
    @Test("ESC shows as ␛; the screen is not cleared and the title is not set")
    func escapesAreShownNotObeyed() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.escapeSequences)
        defer { terminal.close() }
        let titleBefore = terminal.paneTitle
        try terminal.start(recordingOutput: true)
        let screen = terminal.waitForText("Clear ␛[2J now")
        #expect(screen != nil, "the heading with a visible ␛ never appeared:\n\(terminal.screen())")
        #expect(screen?.contains("Title ␛]0;\(DeckFixtures.hostileTitle)␇ set") == true, "text: \(terminal.screen())")
        // Row 0 is drawn before the heading: a raw clear would have wiped it.
        #expect(screen?.row(0).contains(DeckFixtures.appName) == true, "the screen was cleared:\n\(terminal.screen())")
        #expect(terminal.paneTitle == titleBefore, "the deck set the window title")
        #expect(terminal.paneTitle != DeckFixtures.hostileTitle)
        let output = terminal.recordedOutput()
        let hasTitleSequence = contains(output, Array("\u{1B}]0;\(DeckFixtures.hostileTitle)".utf8))
        #expect(!output.isEmpty, "no terminal output was recorded")
        #expect(!hasTitleSequence, "the raw title sequence reached the terminal")
        #expect(output.firstIndex(of: 0x07) == nil, "a raw BEL reached the terminal")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("a flag and a ZWJ family reach the terminal whole, and the screen shows every scalar")
    func multiScalarGraphemesAreWrittenWhole() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.multiScalarGraphemes)
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        // tmux advances by each scalar's width, as the canvas does: the text after the family
        // lands where it was drawn, so the row reads as the heading.
        let screen = terminal.waitForText("Flag \(DeckFixtures.flag) family \(DeckFixtures.family) end")
        #expect(screen != nil, "the heading is not shown whole:\n\(terminal.screen())")
        let output = terminal.recordedOutput()
        #expect(contains(output, Array(DeckFixtures.flag.utf8)), "the flag was cut")
        #expect(contains(output, Array(DeckFixtures.family.utf8)), "the family was cut")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("emoji with a selector, lone regional indicators and flags leave nothing behind after a slide")
    func slidesLeaveNoStaleGraphemes() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.slidingGraphemes)
        defer { terminal.close() }
        try terminal.start()
        // Each row exactly as written: a cell the canvas and ncurses counted differently would
        // show as a doubled emoji or a stray blank. Sequences go out whole.
        let firstPage = ["⚠️ Careful ❤️ 🇺 x 🇺🇸 end", "☺️ 1️⃣ 👍🏽 \(DeckFixtures.family) 日本 e\u{301} ䷀ 🇺🇸🇩"]
        let secondPage = ["Second ⚠️⚠️⚠️ 🇺🇺🇺", "❤️❤️❤️ ⚠️ 🇯"]
        func shows(_ rows: [String]) -> (ScreenCapture) -> Bool {
            { screen in
                let trimmed = screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                return rows.allSatisfy(trimmed.contains)
            }
        }
        let first = terminal.waitForScreen(where: shows(firstPage))
        #expect(first != nil, "page 1 is not as written:\n\(terminal.screen())")
        try terminal.sendKeys("Right")
        #expect(terminal.waitForScreen(where: shows(secondPage)) != nil, "page 2 after a slide:\n\(terminal.screen())")
        try terminal.sendKeys("Left")
        let back = terminal.waitForScreen { $0.lines == first?.lines }
        #expect(back != nil, "page 1 after sliding back:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}
