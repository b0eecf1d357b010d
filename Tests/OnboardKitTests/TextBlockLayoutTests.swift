import Testing

@testable import OnboardKit

/// How page text lines up: headings centred, text as a left-aligned block in the middle,
/// lists with a hanging indent.
@Suite struct PageTextAlignmentTests {
    static let list = """
        Three things to know:
        • Pages slide on a spring, and the keys do all the work for you.
        • Short one.
        - A dash item that is long enough to need a second line here.
        1. A numbered item whose words also wrap onto another line.
        10. Two digits.
          • A nested item that wraps under its own first word too.
        """

    @Test func aBulletListIsOneLeftAlignedBlockInTheMiddle() throws {
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [.step(StepPage(heading: "Lists", text: Self.list))])
        let screen = TestDecks.screen(TestDecks.app(deck, width: 60, height: 20))
        assertSnapshot(framed(screen.lines, width: 60), named: "list-60x20")
        let content = screen.lines[1..<18].filter { !$0.isEmpty && !$0.contains("Lists") }
        let starts = content.filter { $0.contains("•") || $0.contains("- A") || $0.contains("things") }
        let lefts = Set(starts.map { line in line.prefix { $0 == " " }.count })
        // Items and the paragraph share one left edge (the nested item is indented by two).
        #expect(lefts.count == 2)
        let left = try #require(lefts.min())
        #expect(lefts.contains(left + 2))
        // The block is centred: as much room on its right as on its left, give or take one.
        let right = 60 - (content.map { DisplayWidth.of($0) }.max() ?? 0)
        #expect(abs(right - left) <= 1)
    }

    @Test(arguments: [
        ("• one two three four", 10, ["• one two", "  three", "  four"]),
        ("- one two three four", 10, ["- one two", "  three", "  four"]),
        ("* one two three four", 10, ["* one two", "  three", "  four"]),
        ("1. one two three", 10, ["1. one two", "   three"]),
        ("12) one two three", 10, ["12) one", "    two", "    three"]),
        ("  • one two three", 10, ["  • one", "    two", "    three"]),
        ("•  two spaces kept", 12, ["•  two", "   spaces", "   kept"]),
        ("plain words wrap flush", 10, ["plain", "words wrap", "flush"]),
        ("-5 is no bullet at all", 10, ["-5 is no", "bullet at", "all"]),
        ("a\n\n• b", 10, ["a", "", "• b"]),
    ])
    func listItemsKeepAHangingIndent(text: String, width: Int, expected: [String]) {
        #expect(TextLayout.wrapBlock(text, width: width) == expected)
    }

    @Test func noLineIsWiderThanTheWidth() {
        var generator = SeededGenerator(seed: 5)
        let words = ["•", "-", "1.", "a", "word", "longer", "東京", "👍🏽", "  ", "extraordinarily", "\n"]
        for _ in 0..<500 {
            let width = Int(generator.next() % 30) + 4
            let text = (0..<20).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            for line in TextLayout.wrapBlock(text, width: width) {
                #expect(DisplayWidth.of(line) <= width, "\(line) in \(width)")
            }
        }
    }

    @Test func plainOutputKeepsTheHangingIndentToo() {
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [.step(StepPage(heading: "Lists", text: "• one two three four five six"))])
        let text = PlainTextRenderer.render(deck, width: 20)
        #expect(text.contains("• one two three four\n  five six"))
    }
}

extension PageTextAlignmentTests {
    /// A heading's underline is as long as the heading line, whatever the page count's digits.
    @Test func plainHeadingsAreUnderlinedToTheirLength() {
        let pages = (1...10).map { Page.step(StepPage(heading: "Page \($0) 日本", text: "x")) }
        let lines = PlainTextRenderer.render(
            Deck(app: AppInfo(id: "a", name: "A", version: "1"), pages: pages), width: 80
        )
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.hasPrefix("[") {
            #expect(lines[index + 1] == String(repeating: "=", count: DisplayWidth.of(line)), "\(line)")
        }
        #expect(lines.contains("[10/10] Page 10 日本"))
    }
}
