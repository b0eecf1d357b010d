import Testing

/// Resizing the window re-lays the carousel out, shows a notice when too small, and recovers.
@Suite("Window resizing", .serialized)
struct ResizeTests {
    /// True when the screen is the first page laid out for `width` x `height`: Skip and Next
    /// end two columns from the right edge on the top and bottom rows.
    private func isFirstPage(_ screen: ScreenCapture, width: Int, height: Int) -> Bool {
        screen.contains(DeckFixtures.headings[0]) && screen.row(0).hasSuffix("Skip")
            && screen.row(0).count == width - 2 && screen.row(height - 1).hasSuffix("Next >")
            && screen.row(height - 1).count == width - 2 && screen.row(height - 2).contains("● ○ ○")
    }

    @Test("80x24 -> 40x12 re-lays out, 20x6 is too small, back to 80x24 recovers")
    func resizeRoundTrip() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages)
        defer { terminal.close() }
        try terminal.start()
        #expect(
            terminal.waitForScreen { isFirstPage($0, width: 80, height: 24) } != nil,
            "first page not laid out for 80x24:\n\(terminal.screen())")

        try terminal.resize(width: 40, height: 12)
        #expect(
            terminal.waitForScreen { isFirstPage($0, width: 40, height: 12) } != nil,
            "not re-laid out for 40x12:\n\(terminal.screen())")

        try terminal.resize(width: 20, height: 6)
        let small = terminal.waitForScreen { $0.flowingText.contains("terminal too small") }
        #expect(small != nil, "no too-small notice at 20x6:\n\(terminal.screen())")
        #expect(small?.flowingText.contains("terminal too small (need 24 x 8, have 20 x 6)") == true)
        #expect(small?.contains(DeckFixtures.headings[0]) == false)

        try terminal.resize(width: 80, height: 24)
        let recovered = terminal.waitForScreen { isFirstPage($0, width: 80, height: 24) }
        #expect(recovered != nil, "did not recover at 80x24:\n\(terminal.screen())")
        #expect(recovered?.flowingText.contains("too small") == false)
        // A later key still answered proves the resizes did not end the app.
        try terminal.sendKeys("Right")
        #expect(
            terminal.waitForText(DeckFixtures.headings[1]) != nil,
            "resizing must not end the app:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("launched too small it shows the notice, and q still quits")
    func quitWhileTooSmall() throws {
        let terminal = try TmuxTerminal(width: 20, height: 6, deck: DeckFixtures.threePages)
        defer { terminal.close() }
        try terminal.start()
        #expect(
            terminal.waitForScreen { $0.flowingText.contains("have 20 x 6") } != nil,
            "no too-small notice at launch:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.isAlternateScreenOn)
    }
}
