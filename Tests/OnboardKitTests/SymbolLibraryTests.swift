import Testing

@testable import OnboardKit

@Suite struct SymbolLibraryTests {
    static let requiredNames = [
        "figure.walk", "figure.run", "figure.basketball", "figure.archery", "figure.badminton", "scribble.variable",
        "star", "heart", "checkmark", "gift", "sparkles", "lock", "bell", "gear", "bolt", "globe",
        "terminal", "keyboard", "paintbrush", "cart", "crown", "flame", "leaf", "moon", "sun", "cloud", "rocket",
        "book", "envelope", "hand.wave", "party.popper", "creditcard", "arrow.right",
    ]

    @Test(arguments: requiredNames)
    func requiredSymbolIsPresent(name: String) throws {
        let symbol = try #require(SymbolLibrary.symbol(named: name))
        #expect(symbol.name == name)
        #expect(SymbolLibrary.names.contains(name))
    }

    @Test func libraryHasAtLeastThirtySortedUniqueNames() {
        let names = SymbolLibrary.names
        #expect(names.count >= 30)
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: SymbolLibrary.names)
    func drawingFitsAHeroPage(name: String) throws {
        let symbol = try #require(SymbolLibrary.symbol(named: name))
        #expect((5...9).contains(symbol.height), "\(name) has \(symbol.height) rows")
        #expect(symbol.width <= 20, "\(name) is \(symbol.width) columns wide")
        #expect(symbol.lines.first?.contains { $0 != " " } == true, "\(name) starts with a blank row")
        #expect(symbol.lines.last?.contains { $0 != " " } == true, "\(name) ends with a blank row")
        // No shared left margin, so centring the block by its width centres the drawing.
        let margins = symbol.lines.filter { $0.contains { $0 != " " } }.map { $0.prefix { $0 == " " }.count }
        #expect(margins.min() == 0, "\(name) has a left margin of \(margins.min() ?? 0)")
        for (row, line) in symbol.lines.enumerated() {
            #expect(line.last != " ", "\(name) row \(row) has trailing blanks")
            for grapheme in line {
                #expect(
                    DisplayWidth.of(grapheme) == 1, "\(name) row \(row) holds \(grapheme.unicodeScalars.map(\.value))")
                #expect(!SafeText.isUnsafe(grapheme), "\(name) row \(row) holds a control character")
                #expect(grapheme != "\t")
            }
        }
    }

    @Test func widthCountsTerminalColumnsOfTheWidestRow() {
        let symbol = Symbol(name: "sample", lines: ["★", "日本", "abc"])
        #expect(symbol.width == 4)
        #expect(symbol.height == 3)
    }

    @Test(arguments: [
        ("star.fill", "star"), ("heart.fill", "heart"), ("checkmark.circle", "checkmark"),
        ("checkmark.circle.fill", "checkmark"), ("lock.fill", "lock"), ("bell.fill", "bell"),
        ("gearshape", "gear"), ("gearshape.fill", "gear"), ("bolt.fill", "bolt"), ("globe.americas", "globe"),
        ("gift.fill", "gift"), ("sparkle", "sparkles"),
    ])
    func aliasResolvesToItsBaseSymbol(alias: String, base: String) throws {
        let resolved = try #require(SymbolLibrary.symbol(named: alias))
        #expect(resolved == SymbolLibrary.symbol(named: base))
        #expect(resolved.name == base)
    }

    @Test func everyAliasPointsAtADrawingAndShadowsNoName() {
        for (alias, base) in SymbolLibrary.aliases {
            #expect(SymbolLibrary.names.contains(base), "\(alias) points at missing \(base)")
            #expect(!SymbolLibrary.names.contains(alias), "\(alias) is also a canonical name")
        }
    }

    @Test func lookupIgnoresCaseAndRejectsUnknownNames() {
        #expect(SymbolLibrary.symbol(named: "Heart.Fill")?.name == "heart")
        #expect(SymbolLibrary.symbol(named: "unicorn") == nil)
        #expect(SymbolLibrary.symbol(named: "") == nil)
    }

    @Test func transposedLettersSuggestTheIntendedFigureFirst() {
        #expect(SymbolLibrary.suggestions(for: "figure.wlak").first == "figure.walk")
    }

    @Test func misspelledNameSuggestsTheClosestNames() {
        #expect(SymbolLibrary.suggestions(for: "hart").contains("heart"))
        #expect(SymbolLibrary.suggestions(for: "gearshap").contains("gearshape"))
        #expect(SymbolLibrary.suggestions(for: "zzzzzzzzzz").isEmpty)
    }
}
