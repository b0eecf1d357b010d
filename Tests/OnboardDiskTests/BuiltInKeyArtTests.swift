import Foundation
import OnboardDisk
import OnboardKit
import Testing

/// The built-in tour's key art in every language the app speaks: the arrows are labelled with
/// the app's own words for its buttons, and as the keys act there. Right to left, Left turns to
/// the next page, so "←" says next.
@Suite(.serialized) struct BuiltInKeyArtTests {
    static let deckPath = TranslatedCatalogs.root + "/Assets/default-deck.json"

    /// The pieces of a line of art (words parted by two or more spaces), each with the display
    /// columns it covers.
    static func pieces(of line: String) -> [(text: String, columns: Range<Int>)] {
        var pieces: [(text: String, columns: Range<Int>)] = []
        var column = 0
        var current = ""
        var start = 0
        var spaces = 0
        for character in line {
            let width = DisplayWidth.of(character)
            if character == " " {
                spaces += 1
            } else {
                if spaces >= 2 || current.isEmpty {
                    if !current.isEmpty { pieces.append((current, start..<(column - spaces))) }
                    current = ""
                    start = column
                } else {
                    current += String(repeating: " ", count: spaces)
                }
                spaces = 0
                current.append(character)
            }
            column += width
        }
        if !current.isEmpty { pieces.append((current, start..<(column - spaces))) }
        return pieces
    }

    /// The label under the key box whose middle is at `column` (a box is five columns wide).
    static func label(in line: String, under column: Int) -> String? {
        pieces(of: line).first { $0.columns.overlaps((column - 2)..<(column + 3)) }?.text
    }

    @Test(arguments: ["en"] + TranslatedCatalogs.languages)
    func theArrowsAreLabelledAsTheyTurnThePages(language: String) throws {
        let messages = language == "en" ? Messages.english : try TranslatedCatalogs.messages(language)
        let preference = LanguagePreference.resolve(option: language, environment: [:])
        let deck = try #require(
            DeckLoader.load(path: Self.deckPath, reader: UserFile.reader, language: preference).deck)
        guard case .step(let keys) = deck.pages[1] else {
            Issue.record("the second page is not the key art")
            return
        }
        let boxes = try #require(keys.art.firstIndex { $0.contains("│ ← │") }, "\(keys.art)")
        let labels = keys.art[boxes + 2]
        let row = keys.art[boxes]
        let left = DisplayWidth.of(row[..<(try #require(row.range(of: "←"))).lowerBound])
        let right = DisplayWidth.of(row[..<(try #require(row.range(of: "→"))).lowerBound])
        let mirrored = LayoutDirection(languageTag: language) == .rightToLeft
        Messages.$current.withValue(messages) {
            let back = Messages.tr("Back").lowercased(), next = Messages.tr("Next").lowercased()
            #expect(
                Self.label(in: labels, under: left)?.lowercased() == (mirrored ? next : back), "\(language): \(labels)")
            #expect(
                Self.label(in: labels, under: right)?.lowercased() == (mirrored ? back : next), "\(language): \(labels)"
            )
        }
        if language != "en" {
            #expect(keys.art != (try Self.englishArt()), "\(language) has the English key art")
        }
    }

    static func englishArt() throws -> [String] {
        let deck = try #require(DeckLoader.load(path: Self.deckPath, reader: UserFile.reader).deck)
        guard case .step(let keys) = deck.pages[1] else { return [] }
        return keys.art
    }
}
