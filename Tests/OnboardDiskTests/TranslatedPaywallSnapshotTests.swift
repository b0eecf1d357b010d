import Foundation
import OnboardDisk
import OnboardKit
import Testing

/// The built-in tour's paywall as German, Japanese, Russian and Arabic readers see it, at 80x24
/// and 40x12: the app's words from the compiled catalogs, the deck's and catalog's own texts in
/// that language, prices in its locale, and the Arabic screen in visual order and mirrored.
/// Snapshots in `Tests/OnboardDiskTests/__Snapshots__`; `RECORD_SNAPSHOTS=1` rewrites them.
@Suite(.serialized) struct TranslatedPaywallSnapshotTests {
    static let assets = TranslatedCatalogs.root + "/Assets"
    /// 2026-01-01T00:00:00Z, the date `dump` draws at.
    static let date = Date(timeIntervalSince1970: 1_767_225_600)

    @Test(arguments: ["de", "ja", "ru", "ar"], [80, 40])
    func theBuiltInPaywall(language: String, width: Int) throws {
        let height = width == 80 ? 24 : 12
        let preference = LanguagePreference(tags: [language])
        let messages = try TranslatedCatalogs.messages(language)
        let screen = try Messages.$current.withValue(messages) { () throws -> String in
            let deck = try #require(
                DeckLoader.load(path: Self.assets + "/default-deck.json", reader: UserFile.reader, language: preference)
                    .deck)
            let catalog = try #require(
                CatalogDecoder.load(
                    path: Self.assets + "/default-catalog.json", fileReader: UserFile.readCatalog,
                    language: preference
                ).catalog)
            let setup = PaywallSetup(
                catalog: catalog, clock: StoreClock(startWallDate: Self.date, startSimulatedDate: Self.date),
                locale: Locale(identifier: language), timeZone: TimeZone(identifier: "UTC")!)
            let pictures = PagePictures.render(
                deck, width: width, height: height, paywall: setup,
                layoutDirection: LayoutDirection(languageTag: language))
            let index = try #require(deck.pages.firstIndex { if case .paywall = $0 { true } else { false } })
            let picture = try #require(pictures.first { $0.deckIndex == index })
            return picture.canvas.lines.map { "|" + $0 + "|" }.joined(separator: "\n")
        }
        // No message is left in English, and no variable is left unfilled.
        #expect(!screen.contains("{{"), "\(screen)")
        for english in ["Not purchased", "restore", "Renews automatically", "not now"] {
            #expect(!screen.contains(english), "\(language): \"\(english)\" is still English:\n\(screen)")
        }
        Self.compare(screen, named: "paywall-\(language)-\(width)x\(height)")
    }

    static func compare(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let path = TranslatedCatalogs.root + "/Tests/OnboardDiskTests/__Snapshots__/\(name).txt"
        let existing = try? String(contentsOfFile: path, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" || existing == nil {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded snapshot \(name); review it and run again", sourceLocation: sourceLocation)
            return
        }
        #expect(
            existing == text + "\n", "snapshot \(name) differs (RECORD_SNAPSHOTS=1 rewrites it)",
            sourceLocation: sourceLocation)
    }
}
