import Foundation
import OnboardDisk
import OnboardKit
import Testing

/// Each designed layout (`Tests/OnboardKitTests/Fixtures/designed`: Plus, Pro and Max, a period
/// switch, badges and a comparison) as English, German and Arabic readers see it at 80x24, 40x12
/// and 120x40: what it leaves out to fit, the Arabic screen mirrored. The pictures are the ones
/// `dump` prints and the SVG pictures draw. `RECORD_SNAPSHOTS=1` rewrites them.
@Suite(.serialized) struct DesignedPaywallSnapshotTests {
    static let fixtures = TranslatedCatalogs.root + "/Tests/OnboardKitTests/Fixtures/designed"
    static let sizes = [(80, 24), (40, 12), (120, 40)]

    @Test(arguments: [PaywallLayout.cards, .tiers, .comparison], ["en", "de", "ar"])
    func everyLayoutAtEverySize(layout: PaywallLayout, language: String) throws {
        let preference = LanguagePreference(tags: [language])
        let messages = language == "en" ? Messages.english : try TranslatedCatalogs.messages(language)
        for (width, height) in Self.sizes {
            let screen = try Messages.$current.withValue(messages) { () throws -> String in
                let deck = try #require(
                    DeckLoader.load(
                        path: Self.fixtures + "/\(layout.rawValue).json", reader: UserFile.reader, language: preference
                    ).deck)
                let catalog = try #require(
                    CatalogDecoder.load(
                        path: Self.fixtures + "/catalog.json", fileReader: UserFile.readCatalog, language: preference
                    ).catalog)
                let setup = PaywallSetup(
                    catalog: catalog,
                    clock: StoreClock(
                        startWallDate: TranslatedPaywallSnapshotTests.date,
                        startSimulatedDate: TranslatedPaywallSnapshotTests.date),
                    locale: Locale(identifier: language), timeZone: TimeZone(identifier: "UTC")!)
                let pictures = PagePictures.render(
                    deck, width: width, height: height, paywall: setup,
                    layoutDirection: LayoutDirection(languageTag: language))
                let picture = try #require(pictures.first)
                return picture.canvas.lines.map { "|" + $0 + "|" }.joined(separator: "\n")
            }
            // The chosen package (Pro, $89.99 a year) shows at every size.
            #expect(screen.contains("89"), "\(layout) \(language) \(width)x\(height):\n\(screen)")
            #expect(!screen.contains("{{"))
            TranslatedPaywallSnapshotTests.compare(
                screen, named: "designed-\(layout.rawValue)-\(language)-\(width)x\(height)")
        }
    }
}
