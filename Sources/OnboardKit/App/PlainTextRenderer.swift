/// Every page as plain text, for `--plain`: screen readers, pipes and documentation.
public enum PlainTextRenderer {
    public static func render(_ deck: Deck, width: Int = 80) -> String {
        let width = max(20, width)
        var output: [String] = ["\(deck.app.name) \(deck.app.version)", ""]
        for (index, page) in deck.pages.enumerated() {
            output.append("[\(index + 1)/\(deck.pages.count)] \(page.title)")
            output.append(String(repeating: "=", count: min(width, DisplayWidth.of(page.title) + 8)))
            switch page {
            case .step(let step):
                if !step.art.isEmpty {
                    output.append(contentsOf: step.art.map { TextLayout.truncate($0, width: width) })
                }
                if !step.text.isEmpty {
                    if !step.art.isEmpty { output.append("") }
                    output.append(contentsOf: TextLayout.wrap(step.text, width: width))
                }
            case .hero(let hero):
                if let symbol = SymbolLibrary.symbol(named: hero.symbolName) { output.append(contentsOf: symbol.lines) }
                if !hero.subtitle.isEmpty {
                    output.append("")
                    output.append(contentsOf: TextLayout.wrap(hero.subtitle, width: width))
                }
            case .paywall(let paywall):
                output.append("Offering: \(paywall.offeringID ?? "current")")
            }
            output.append("")
        }
        // Belt and braces: every line is drawn from sanitized text, but plain output goes
        // straight to a terminal, so it is made safe once more.
        return output.map { SafeText.sanitize($0) }.joined(separator: "\n")
    }
}
