import Foundation
import OnboardDisk
import Testing

@testable import OnboardKit

/// The paywall's key line in every language the app speaks: as the room shrinks it gives up
/// the room between its parts, then "↑↓ choose", then the keys of the other parts, and only
/// then "⏎ buy", whose words are the longest in German and Russian.
@Suite(.serialized) struct TranslatedKeyLineTests {
    static let assets = TranslatedCatalogs.root + "/Assets"
    static let date = Date(timeIntervalSince1970: 1_767_225_600)

    static func presentation(_ language: String) throws -> PaywallPresentation {
        let catalog = try #require(
            CatalogDecoder.load(
                path: Self.assets + "/default-catalog.json", fileReader: UserFile.readCatalog,
                language: LanguagePreference(tags: [language])
            ).catalog)
        let offering = try #require(catalog.currentOffering)
        return PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: PriceFormatter(locale: Locale(identifier: language)),
            selectedIndex: 0, ownedProductIDs: [], introEligibleProductIDs: [], statusLines: [], progress: nil)
    }

    @Test(arguments: ["en"] + TranslatedCatalogs.languages)
    func buyIsTheLastPartTheKeyLineGivesUp(language: String) throws {
        let messages = language == "en" ? Messages.english : try TranslatedCatalogs.messages(language)
        try Messages.$current.withValue(messages) {
            let view = PaywallView(presentation: try Self.presentation(language), theme: Theme(colorMode: .indexed256))
            let buy = "⏎ " + Messages.tr("buy")
            let choose = Messages.tr("choose")
            let restoreKey = "r " + Messages.tr("restore")
            for width in stride(from: 100, through: 10, by: -1) {
                let line = view.actionsLine(width: width)
                let shown = Set(line.segments.map(\.target))
                #expect(DisplayWidth.of(line.text) <= width)
                // "↑↓ choose" goes before "⏎ buy", and so do the other parts' keys.
                if line.text.contains(choose) {
                    #expect(shown.contains(.button), "\(language) at \(width): \(line.text)")
                }
                if !shown.contains(.button) && shown.contains(.restore) {
                    #expect(!line.text.contains(restoreKey), "\(language) at \(width): \(line.text)")
                }
            }
            // The list is 64 columns wide at 80x24: every language says how to buy there, and
            // keeps Restore, the legal links and Not now clickable.
            let atEighty = view.actionsLine(width: view.listWidth(in: Rect(x: 0, y: 0, width: 80, height: 24)))
            #expect(atEighty.text.contains(buy), "\(language): \(atEighty.text)")
            #expect(
                Set(atEighty.segments.map(\.target)) == [.button, .restore, .privacyPolicy, .termsOfUse, .notNow],
                "\(language): \(atEighty.text)")
        }
    }
}
