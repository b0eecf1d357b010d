import Testing

/// Paging through a deck with the keys a person would press, read back from the screen.
@Suite("Carousel navigation in a terminal", .serialized)
struct CarouselNavigationTests {
    let headings = DeckFixtures.headings

    /// Starts the app on the three-page deck and waits for its first page.
    @Test("launch shows page 1 on the alternate screen with its controls")
    func launchShowsFirstPage() throws {
        let terminal = try TmuxTerminal.onThreePages()
        defer { terminal.close() }
        let screen = terminal.screen()
        #expect(screen.row(0).contains(DeckFixtures.appName))
        #expect(screen.row(0).hasSuffix("Skip"))
        #expect(screen.contains(DeckFixtures.bodies[0]))
        #expect(screen.row(23).hasSuffix("Next >"))
        #expect(!screen.contains("Back"), "the first page has no Back button")
        #expect(screen.contains("● ○ ○"))
        #expect(terminal.isAlternateScreenOn)
        #expect(!terminal.isCursorVisible, "the cursor is hidden while the carousel shows")
    }

    @Test("Right shows page 2, Left goes back to page 1")
    func rightAndLeft() throws {
        let terminal = try TmuxTerminal.onThreePages()
        defer { terminal.close() }
        try terminal.sendKeys("Right")
        let second = terminal.waitForText(headings[1])
        #expect(second != nil, "Right did not show page 2:\n\(terminal.screen())")
        #expect(second?.contains(headings[0]) == false)
        #expect(second?.contains("○ ● ○") == true)
        #expect(second?.row(23).contains("< Back") == true)
        try terminal.sendKeys("Left")
        #expect(terminal.waitForText(headings[0]) != nil, "Left did not go back to page 1:\n\(terminal.screen())")
    }

    @Test("End shows the last page with the done button; Home returns to the first")
    func endAndHome() throws {
        let terminal = try TmuxTerminal.onThreePages()
        defer { terminal.close() }
        try terminal.sendKeys("End")
        let last = terminal.waitForText(headings[2])
        #expect(last != nil, "End did not show the last page:\n\(terminal.screen())")
        #expect(last?.row(23).contains(DeckFixtures.doneLabel) == true, "no done button on the last page")
        #expect(last?.row(23).contains("Next") == false)
        #expect(last?.row(0).contains("Skip") == false, "Skip is gone on the last page")
        #expect(last?.contains("○ ○ ●") == true)
        try terminal.sendKeys("Home")
        #expect(terminal.waitForText(headings[0]) != nil, "Home did not return to page 1:\n\(terminal.screen())")
    }

    @Test("a digit jumps straight to that page; a digit past the end changes nothing")
    func digitsJump() throws {
        let terminal = try TmuxTerminal.onThreePages()
        defer { terminal.close() }
        try terminal.sendKeys("3")
        #expect(terminal.waitForText(headings[2]) != nil, "3 did not jump to page 3:\n\(terminal.screen())")
        // Keys are read in order: page 2 showing after "9 2" proves 9 neither moved nor ended the app.
        try terminal.sendKeys("9", "2")
        let second = terminal.waitForText(headings[1])
        #expect(second != nil, "2 did not jump to page 2:\n\(terminal.screen())")
        #expect(second?.contains("○ ● ○") == true)
    }

    @Test("? shows the key help over the page and any key, q too, closes it without acting")
    func helpOverlay() throws {
        let terminal = try TmuxTerminal.onThreePages()
        defer { terminal.close() }
        try terminal.sendKeys("?")
        let help = terminal.waitForText("any key closes")
        #expect(help != nil, "? did not show the help:\n\(terminal.screen())")
        #expect(help?.contains("skip the tour") == true)
        #expect(help?.contains("Keys") == true)
        // Right would page on; with the help open it only closes the help.
        try terminal.sendKeys("Right")
        let closed = terminal.waitForScreen { !$0.contains("any key closes") }
        #expect(closed != nil, "the help did not close:\n\(terminal.screen())")
        #expect(closed?.contains(headings[0]) == true, "closing the help must not change the page")
        #expect(closed?.contains(headings[1]) == false)
        // q closes the help too, as the help says; it does not quit.
        try terminal.sendKeys("?")
        #expect(terminal.waitForText("any key closes") != nil, "? did not show the help again")
        try terminal.sendKeys("q")
        #expect(terminal.waitForScreen { !$0.contains("any key closes") } != nil, "q did not close the help")
        // A later key still answered proves the q on the help did not quit.
        try terminal.sendKeys("Right")
        #expect(terminal.waitForText(headings[1]) != nil, "q on the help must not quit:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }
}

extension CarouselNavigationTests {
    @Test("a page whose text does not fit scrolls with ↓ and ↑, and says how much is out of sight")
    func longPageScrolls() throws {
        let text = (1...40).map { "Sentence \($0) of the long page." }.joined(separator: " ")
        let deck = """
            {
              "app": {"id": "a.b", "name": "Long"},
              "pages": [
                {"kind": "step", "heading": "A long page", "text": "\(text)"},
                {"kind": "step", "heading": "The next page", "text": "Short."}
              ]
            }
            """
        let terminal = try TmuxTerminal(width: 40, height: 12, deck: deck)
        defer { terminal.close() }
        try terminal.start()
        // The whole page, not its first rows: a terminal may show a frame while it arrives.
        let top = terminal.waitForScreen { $0.contains("A long page") && $0.contains("more") }
        #expect(top?.contains("Sentence 1 of") == true, "\(terminal.screen())")
        #expect(top?.row(9).contains("↓ 34 more") == true, "\(top.map(String.init(describing:)) ?? "no screen")")
        #expect(top?.contains("…") == false)
        try terminal.sendKeys("Down", "Down")
        let scrolled = terminal.waitForScreen { $0.row(1).contains("↑ 3 more") }
        #expect(scrolled != nil, "↓ did not scroll:\n\(terminal.screen())")
        #expect(scrolled?.contains("A long page") == false)
        try terminal.sendKeys("Up", "Up")
        #expect(terminal.waitForScreen { $0.contains("A long page") && !$0.contains("↑") } != nil)
        #expect(terminal.screen().contains("The next page") == false, "↓ and ↑ must not page")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }
}
