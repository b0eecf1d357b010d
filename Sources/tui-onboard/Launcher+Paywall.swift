import FoundationEssentials
import OnboardKit

extension Launcher {
    /// The catalog a deck's paywall uses: `--catalog`, else the deck's own `catalog`.
    func catalogPath(for deck: Deck) -> String? { options.paywall.catalogPath ?? deck.catalogPath }

    /// The reader's languages for the texts of decks and catalogs: `--lang`, then the
    /// environment as GNU tools read it.
    var languagePreference: LanguagePreference {
        LanguagePreference.resolve(option: options.tour.language, environment: environment)
    }

    /// The locale every number, price and date is written in: the conventions of the user's first
    /// language (`--lang`, `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), `FormattingLocale`'s rule.
    var userLocale: Locale { FormattingLocale.resolve(option: options.tour.language, environment: environment) }
}
