/// The 80x24 check again for readers of other languages: the app's words, the deck's and the
/// catalog's texts, prices and direction are theirs, and German or Russian words are longer.
extension PaywallFitCheck {
    /// A reader of one language: the deck and paywall as decoded for them, the app's words in
    /// their language and their direction.
    public struct Reader: Sendable {
        /// The language's tag, as the warnings name it: "de", "pt_BR".
        public var language: String
        public var deck: Deck
        public var paywall: PaywallSetup
        public var messages: Messages
        public var layoutDirection: LayoutDirection

        public init(
            language: String, deck: Deck, paywall: PaywallSetup, messages: Messages, layoutDirection: LayoutDirection
        ) {
            self.language = language
            self.deck = deck
            self.paywall = paywall
            self.messages = messages
            self.layoutDirection = layoutDirection
        }
    }

    /// A warning for each paywall page that needs more rows at 80x24 for some readers than
    /// `shown` (the default reader's) says, naming the languages it is for: one warning for all
    /// the languages that leave out the same, so 13 languages are not 13 lines.
    static func languageWarnings(_ readers: [Reader], besides shown: [Shortfall], file: String) -> [Diagnostic] {
        var found: [(warning: Diagnostic, language: String)] = []
        for reader in readers {
            let readersOwn = Messages.$current.withValue(reader.messages) {
                shortfalls(reader.deck, paywall: reader.paywall, layoutDirection: reader.layoutDirection)
            }
            found += readersOwn.filter { own in !shown.contains(where: own.isCovered(by:)) }.map {
                (warning($0, file: file), reader.language)
            }
        }
        return Diagnostic.namingLanguages(found)
    }
}
