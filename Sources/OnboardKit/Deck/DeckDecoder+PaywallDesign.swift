/// A paywall page's design (layout, period switch, countdown, testimonials), read beside its
/// words and kept apart from them.
extension DeckDecoder {
    /// `page` with the design `reader` gives it; any other page as it is.
    func designed(_ page: Page, from reader: JSONObjectReader) -> Page {
        guard case .paywall(var paywall) = page else { return page }
        paywall.design = PaywallDesign.decode(reader, log: log) { text in
            log.reportUnknownVariables(in: text, asError: validates)
            return Self.displayText(texts.choose(text).text)
        }
        return .paywall(paywall)
    }
}
