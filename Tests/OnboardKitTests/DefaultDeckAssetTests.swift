import Foundation
import Testing

@testable import OnboardKit

/// Checks the shipped tour in `Assets/default-deck.json` against the limits the pages are laid
/// out for, so an edit to the art or text cannot quietly break the first thing users see.
@Suite struct DefaultDeckAssetTests {
    static let assetsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OnboardKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Assets")

    static let maximumArtColumns = 60
    static let maximumArtRows = 12
    static let maximumTextLength = 220

    func loadDeck() throws -> JSONNode {
        let data = try Data(contentsOf: Self.assetsDirectory.appendingPathComponent("default-deck.json"))
        return try JSONParser.parse([UInt8](data))
    }

    func pages() throws -> [JSONNode] {
        try #require(try loadDeck()["pages"]?.arrayValue)
    }

    /// Problems with one piece of art: too big, or holding anything but one-column graphemes.
    func artProblems(_ art: String, source: String) -> [String] {
        var rows = art.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        var problems: [String] = []
        if rows.isEmpty { problems.append("\(source) is empty") }
        if rows.count > Self.maximumArtRows { problems.append("\(source) has \(rows.count) rows") }
        for (index, row) in rows.enumerated() {
            let width = DisplayWidth.of(row)
            if width > Self.maximumArtColumns { problems.append("\(source) row \(index + 1) is \(width) columns") }
            for grapheme in row where DisplayWidth.of(grapheme) != 1 || SafeText.isUnsafe(grapheme) || grapheme == "\t"
            {
                problems.append("\(source) row \(index + 1) holds \(grapheme.unicodeScalars.map(\.value))")
            }
        }
        return problems
    }

    @Test func deckParsesAndHasAFullTour() throws {
        let deck = try loadDeck()
        #expect(deck["app"]?["id"]?.stringValue?.isEmpty == false)
        #expect(deck["accent"]?.stringValue?.hasPrefix("#") == true)
        let pages = try pages()
        #expect(pages.count >= 6)
        let kinds = pages.compactMap { $0["kind"]?.stringValue }
        #expect(kinds.count == pages.count, "every page names its kind")
        #expect(Set(kinds).isSubset(of: ["step", "hero", "paywall", "question"]))
        #expect(kinds.contains("hero"))
        #expect(kinds.contains("paywall"))
    }

    @Test func everyImageFileExistsAndFitsThePage() throws {
        var checked = 0
        for (index, page) in try pages().enumerated() {
            guard let image = page["image"]?.stringValue else { continue }
            #expect(!image.hasPrefix("/") && !image.contains(".."), "pages[\(index)].image leaves the deck folder")
            let url = Self.assetsDirectory.appendingPathComponent(image)
            let art = try #require(
                try? String(contentsOf: url, encoding: .utf8), "pages[\(index)].image \(image) is missing")
            #expect(artProblems(art, source: image) == [])
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func inlineArtFitsThePage() throws {
        for (index, page) in try pages().enumerated() {
            guard let art = page["art"]?.stringValue else { continue }
            #expect(artProblems(art, source: "pages[\(index)].art") == [])
        }
    }

    @Test func everyHeroSymbolIsInTheLibrary() throws {
        let heroes = try pages().filter { $0["kind"]?.stringValue == "hero" }
        #expect(!heroes.isEmpty)
        for hero in heroes {
            let name = try #require(hero["symbol"]?.stringValue)
            #expect(SymbolLibrary.symbol(named: name) != nil, "unknown symbol \(name)")
        }
    }

    @Test func textsStayShortEnoughToWrapOnSmallTerminals() throws {
        for (index, page) in try pages().enumerated() {
            for key in ["heading", "text", "title", "subtitle"] {
                guard let text = page[key]?.stringValue else { continue }
                #expect(text.count <= Self.maximumTextLength, "pages[\(index)].\(key) has \(text.count) characters")
                #expect(!text.unicodeScalars.contains { SafeText.visibleReplacement(for: $0) != nil && $0 != "\n" })
            }
        }
    }
}

extension DefaultDeckAssetTests {
    @Test func everyPageFitsAt80x24() {
        let path = Self.assetsDirectory.appendingPathComponent("default-deck.json").path
        let result = DeckLoader.load(path: path, reader: Self.assetsReader, checksLayout: true)
        #expect(result.diagnostics.map(\.description) == [])
    }
}

extension DefaultDeckAssetTests {
    /// `Launcher.version` is the one place the version is written; a version here would drift.
    @Test func theTourTakesItsVersionFromTheProgram() throws {
        #expect(try loadDeck()["app"]?["version"] == nil, "remove app.version: the program supplies it")
    }

    /// The core reads through the reader it is given: here every file of the assets folder.
    static var assetsReader: FileReader {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: assetsDirectory, includingPropertiesForKeys: nil)
        for case let url as URL in enumerator?.allObjects ?? [] {
            if let text = try? String(contentsOf: url, encoding: .utf8) { files[url.path] = text }
        }
        return .memory(files)
    }
}
