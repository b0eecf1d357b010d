import Testing

extension TmuxTerminal {
    /// The app started on `DeckFixtures.threePages`, once its first page shows; the terminal is
    /// closed again when the page never appears.
    static func onThreePages(jobControl: Bool = false) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages, jobControl: jobControl)
        try terminal.start()
        let first = terminal.waitForText(DeckFixtures.headings[0])
        if first == nil { terminal.close() }
        _ = try #require(first, "page 1 never appeared; the screen showed:\n\(terminal.screen())")
        return terminal
    }
}
