/// Warns about pages that do not fit a standard terminal: a page whose art is left out, or
/// whose text has to scroll, at 80x24. Only `validate` asks for it; the tour itself copes.
enum DeckLayoutCheck {
    static let width = 80
    static let height = 24

    /// Only the pages whose index `checksPage` accepts are looked at (every language of a
    /// deck is checked, and most pages read alike in several).
    static func check(
        _ deck: Deck, root: JSONNode, log: DiagnosticLog, checksPage: (Int) -> Bool = { _ in true }
    ) {
        let layout = CarouselLayout(
            width: width, height: height, pageIndex: 0, pageCount: deck.pages.count, labels: deck.labels)
        let content = layout.content
        let theme = Theme(colorMode: .monochrome)
        let nodes = root["pages"]?.arrayValue ?? []
        for (index, page) in deck.pages.enumerated() {
            // The paywall lays itself out and scrolls its own list.
            if case .paywall = page { continue }
            guard checksPage(index) else { continue }
            let path = JSONPath.root.appending("pages").appending(index: index)
            let location = nodes.indices.contains(index) ? nodes[index].location : nil
            let size = "at \(width)x\(height)"
            // A question gives up its text, then its blank rows, then shows its choices a window
            // at a time: it always works, but the author should know.
            if let question = page.question {
                let needed = QuestionView(state: QuestionState(question: question), theme: theme).neededRows(
                    width: content.width)
                if needed > content.height {
                    log.warning(
                        path, at: location,
                        "\(size) the question needs \(needed) rows of the \(content.height) there are: its text is left out first, then its choices scroll (shorten the text or the list)"
                    )
                }
                continue
            }
            switch PageView(page: page, theme: theme).fit(in: content) {
            case .fits:
                break
            case .withoutArt(let rows):
                let art = if case .hero = page { "symbol" } else { "art" }
                log.warning(
                    path, at: location,
                    "\(size) the page needs \(rows) rows of the \(content.height) there are: its \(art) is left out")
            case .scrolls(let rows):
                log.warning(
                    path, at: location,
                    "\(size) the text needs \(rows) rows of the \(content.height) there are: the page scrolls (shorten or split it)"
                )
            }
        }
    }
}
