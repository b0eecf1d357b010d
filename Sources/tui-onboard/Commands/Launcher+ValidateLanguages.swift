import FoundationEssentials
import FoundationInternationalization
import OnboardDisk
import OnboardKit
import OnboardRun

/// `validate`'s readers of other languages, for the paywall's fit at 80x24: the app's words are
/// in 13 languages whatever the deck's, so each of them is a reader of the deck.
extension Launcher {
    /// A reader for each language the app's words are in but English (the default reader's),
    /// the deck and catalog decoded for them; a language where either fails to decode is left
    /// to the default reader's errors.
    func fitCheckReaders(deckBytes: [UInt8], deckPath: String, catalogPath: String, date: Date)
        -> [PaywallFitCheck.Reader]
    {
        MessageCatalogLocator.shipped.sorted().compactMap { language in
            // As `--lang LANGUAGE` would have it.
            let preference = LanguagePreference.resolve(option: language, environment: [:])
            guard
                let deck = DeckLoader.decode(
                    deckBytes, file: deckPath, reader: UserFile.reader, language: preference
                ).deck,
                case .success(let loaded) = OnboardingSession.loadCatalog(
                    catalogPath, reader: AssetLocator.reader, language: preference, say: { _ in }),
                let catalog = loaded.catalog
            else { return nil }
            let setup = PaywallSetup(
                catalog: catalog, clock: StoreClock(startWallDate: date, startSimulatedDate: date),
                locale: FormattingLocale.resolve(option: language, environment: [:]),
                timeZone: TimeZone(identifier: "UTC")!)
            return PaywallFitCheck.Reader(
                language: language, deck: deck, paywall: setup,
                messages: MessageCatalogLocator.messages(preference: preference, environment: environment),
                layoutDirection: preference.layoutDirection)
        }
    }
}
