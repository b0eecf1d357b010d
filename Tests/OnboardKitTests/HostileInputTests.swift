import Testing

@testable import OnboardKit

/// Generated adversarial inputs up to the 10 MiB limit. Each must be answered, valid or with a
/// clear error. The time limit turns a return of quadratic behaviour into a failure instead of
/// a hang; how fast each case is belongs to `tui-onboard-bench hostile`.
@Suite(.timeLimit(.minutes(10)))
struct HostileInputTests {
    static let limit = DeckLoader.maximumDeckSize

    static func deck(pages: String, extra: String = "") -> String {
        #"{"app": {"id": "a.b", "name": "App"}, "pages": [\#(pages)]\#(extra)}"#
    }

    static func load(_ json: String, files: [String: String] = [:]) -> DeckLoadResult {
        var all = files
        all["deck.json"] = json
        return DeckLoader.load(path: "deck.json", reader: .memory(all))
    }

    @Test func aStringOfTenMebibytesOfEscapesParsesInOnePass() throws {
        let count = (Self.limit - 2) / 3
        let text = "\"" + String(repeating: "a\\n", count: count) + "\""
        let node = try JSONParser.parse(text)
        let value = try #require(node.stringValue)
        #expect(value.utf8.count == 2 * count)
        #expect(value.hasPrefix("a\na\n"))
    }

    @Test func tenMebibytesOfUnicodeEscapesParse() throws {
        let count = (Self.limit - 2) / 12
        let text = "\"" + String(repeating: "\\uD83D\\uDE00", count: count) + "\""
        let value = try #require(try JSONParser.parse(text).stringValue)
        #expect(value.unicodeScalars.count == count)
        #expect(value.unicodeScalars.allSatisfy { $0 == "\u{1F600}" })
    }

    @Test func tenMebibytesOfOpeningBracketsAreRefusedWithAPosition() {
        let text = String(repeating: "[", count: Self.limit)
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(text) }
        let result = Self.load(text)
        let error = result.errors.first
        #expect(error?.message == "invalid JSON: nesting deeper than \(JSONParser.maximumDepth) levels")
        #expect(error?.location == SourceLocation(line: 1, column: JSONParser.maximumDepth + 1))
    }

    @Test func deepNestingOfObjectsAndArraysIsRefused() {
        let text = String(repeating: "{\"a\":[", count: Self.limit / 6)
        let result = Self.load(text)
        #expect(result.errors.first?.message.contains("nesting deeper than") == true)
    }

    @Test(arguments: [1000, 100_000, Self.limit - 200])
    func hugeNumbersAreNumbersWithAShortMessage(digits: Int) throws {
        let number = String(repeating: "9", count: digits)
        #expect(try JSONParser.parse("[\(number)]").arrayValue?.first?.value.numberText == number)
        let result = Self.load(
            Self.deck(
                pages: #"{"kind": "step", "heading": "h"}"#, extra: #", "accent": \#(number)"#))
        let error = try #require(result.errors.first)
        #expect(error.message.hasPrefix("colour index 99999999999999999999… (\(digits) characters) is out of range"))
        #expect(error.message.count < 100)
    }

    @Test func aHugeNumberWhereAWholeNumberIsExpectedSaysItIsTooLarge() throws {
        let number = String(repeating: "7", count: 100_000)
        let confetti = #", "confetti": {"onAppear": {"num": \#(number), "opacity": 1\#(number)}}"#
        let result = Self.load(Self.deck(pages: #"{"kind": "step", "heading": "h"}"#, extra: confetti))
        let messages = result.errors.map(\.message)
        #expect(messages.contains { $0.contains("(100000 characters) is too large for a whole number") })
        #expect(messages.contains { $0.contains("(100001 characters) is too large") })
        #expect(!messages.contains { $0.contains("found a number") })
    }

    @Test func longMemberNamesAreWarnedAboutBriefly() throws {
        let key = String(repeating: "k", count: Self.limit / 2)
        let result = Self.load(Self.deck(pages: #"{"kind": "step", "heading": "h"}"#, extra: ", \"\(key)\": 1"))
        #expect(result.deck != nil)
        let warning = try #require(result.warnings.first)
        #expect(warning.message.hasPrefix("unknown member \"kkkk"))
        #expect(!warning.message.contains("did you mean"))
        #expect(warning.description.count < 300)
    }

    @Test func anObjectOfManyMembersIsAnswered() {
        let members = (0..<200_000).map { "\"m\($0)\": \($0)" }.joined(separator: ",")
        let result = Self.load(Self.deck(pages: #"{"kind": "step", "heading": "h"}"#, extra: ", \"x\": {\(members)}"))
        #expect(result.deck != nil)
    }

    @Test func artOfOneMebibyteOfNewlinesIsEmpty() throws {
        let art = String(repeating: "\n", count: DeckLoader.maximumArtSize)
        let result = Self.load(
            Self.deck(pages: #"{"kind": "step", "image": "art.txt", "heading": "h"}"#), files: ["./art.txt": art])
        #expect(result.diagnostics.isEmpty)
        guard case .step(let step) = try #require(result.deck).pages[0] else {
            Issue.record("not a step page")
            return
        }
        #expect(step.art.isEmpty)
    }

    @Test func artBetweenManyBlankLinesKeepsOnlyItsOwnLines() {
        let blank = String(repeating: " \t\r\n", count: 200_000)
        #expect(DeckDecoder.artLines(blank + "/\\\n\n\\/\n" + blank) == ["/\\", "", "\\/"])
    }

    @Test func inlineArtOfTenMebibytesOfNewlinesIsEmpty() {
        let art = String(repeating: "\\n", count: (Self.limit - 200) / 2)
        let result = Self.load(Self.deck(pages: #"{"kind": "step", "art": "\#(art)", "heading": "h"}"#))
        #expect(result.deck != nil)
    }

    @Test func aMegabyteSymbolNameGetsAnErrorWithoutASuggestion() throws {
        let name = "figure.walk" + String(repeating: "x", count: 1_000_000)
        let result = Self.load(Self.deck(pages: #"{"kind": "hero", "symbol": "\#(name)", "title": "t"}"#))
        let error = try #require(result.errors.first)
        #expect(error.message.hasPrefix("unknown symbol \"figure.walkxxx"))
        #expect(!error.message.contains("closest known"))
        #expect(error.message.count < 200)
    }

    @Test func suggestionsSkipNamesFarLongerThanEveryCandidate() {
        #expect(Suggestions.closest(to: String(repeating: "a", count: 5_000_000), in: ["apple", "banana"]).isEmpty)
        #expect(Suggestions.closest(to: "bananaxxxx", in: ["apple", "banana"]) == ["banana"])
        #expect(Suggestions.closest(to: "bananaxxxxx", in: ["apple", "banana"]).isEmpty)
        let long = String(repeating: "b", count: 100)
        #expect(Suggestions.closest(to: long, in: [long]).isEmpty, "names over 64 characters are never compared")
        #expect(SymbolLibrary.suggestions(for: "figure.wlk").contains("figure.walk"))
    }

    @Test func thousandsOfUnknownProductsAmongThousandsAreAnswered() throws {
        let products = (0..<20_000).map { #"{"id":"product_\#($0)","type":"consumable","price":"1"}"# }
        let unknown = (0..<20_000).map { "\"produkt_\($0)\"" }
        let json =
            #"{"formatVersion":1,"currency":"USD","currentOffering":"o","products":["#
            + products.joined(separator: ",") + #"],"entitlements":[{"id":"e","displayName":"E","products":["#
            + unknown.joined(separator: ",")
            + #"]}],"offerings":[{"id":"o","packages":[{"id":"p","product":"product_0"}]}]}"#
        let result = CatalogDecoder.decode(Array(json.utf8), path: "catalog.json", fileReader: { _ in [] })
        let unknownErrors = result.errors.filter { $0.message.hasPrefix("unknown product") }
        #expect(unknownErrors.count == 20_000)
        // The first get their hint; once the budget of comparisons is spent, the rest go without.
        #expect(unknownErrors[0].message == #"unknown product "produkt_0" (did you mean "product_0"?)"#)
        #expect(unknownErrors.last?.message == #"unknown product "produkt_19999""#)
    }

    @Test func manyPagesAreCountedAndRefusedOverTheLimit() {
        let page = #"{"kind": "step", "heading": "h"}"#
        let over = Self.load(Self.deck(pages: Array(repeating: page, count: 300_000).joined(separator: ",")))
        #expect(over.errors.first?.message == "300000 pages is over the limit of \(DeckLoader.maximumPages)")
        let most = Self.load(
            Self.deck(pages: Array(repeating: page, count: DeckLoader.maximumPages).joined(separator: ",")))
        #expect(most.deck?.pages.count == DeckLoader.maximumPages)
    }

    @Test func aTenMebibyteWordWrapsIntoFullLines() {
        let word = String(repeating: "w", count: Self.limit)
        let lines = TextLayout.wrap(word, width: 64)
        #expect(lines.count == Self.limit / 64)
        #expect(lines.allSatisfy { $0.count == 64 })
    }

    @Test func longLinesOfWordsAndWideCharactersWrap() {
        let words = String(repeating: "word ", count: 400_000)
        // Thirteen four-letter words and their twelve spaces fill 64 columns exactly.
        #expect(TextLayout.wrap(words, width: 64).count == 400_000 / 13 + 1)
        let wide = String(repeating: "語", count: 500_000)
        #expect(TextLayout.wrap(wide, width: 64).count == 500_000 / 32)
        #expect(TextLayout.truncate(wide, width: 10) == "語語語語…")
    }
}

@Suite struct TextLayoutFastPathTests {
    @Test func printableASCIIWrapsExactlyAsByGraphemes() {
        var generator = SeededGenerator(seed: 5)
        let alphabet = Array("ab  ,.-")
        for _ in 0..<3000 {
            let length = Int.random(in: 0...60, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let width = Int.random(in: 1...12, using: &generator)
            let fast = text.utf8CString.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UInt8.self) {
                    TextLayout.wrapPrintableASCII(
                        UnsafeBufferPointer(rebasing: $0.dropLast()), width: width, maxLines: .max)
                }
            }
            let slow = TextLayout.wrapGraphemes(text, width: width, maxLines: .max)
            #expect(fast == slow, "\(text.debugDescription) at width \(width)")
        }
    }

    @Test func maxLinesStopsEarlyWithTheSameFirstLines() {
        var generator = SeededGenerator(seed: 6)
        for text in ["word " + String(repeating: "ab cd 日本 ", count: 50), String(repeating: "x", count: 500)] {
            let all = TextLayout.wrap(text + "\n" + text, width: 9)
            for _ in 0..<50 {
                let limit = Int.random(in: 1...(all.count + 2), using: &generator)
                #expect(TextLayout.wrap(text + "\n" + text, width: 9, maxLines: limit) == Array(all.prefix(limit)))
            }
        }
    }

    @Test func aPageOfTenMebibytesDrawsOnlyWhatFits() {
        let page = Page.step(
            StepPage(art: [], heading: "h", text: String(repeating: "w", count: DeckLoader.maximumDeckSize)))
        var canvas = Canvas(width: 20, height: 6)
        PageView(page: page, theme: Theme(colorMode: .monochrome))
            .draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
        // The page scrolls through a bounded number of rows, not the whole text.
        #expect(canvas.lines.first?.trimmingCharacters(in: .whitespaces) == "h")
        #expect(canvas.lines.last?.trimmingCharacters(in: .whitespaces) == "↓ 1997 more")
    }
}

extension JSONNode.Value {
    var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}
