import Testing

@testable import OnboardKit

@Suite struct CanvasTests {
    @Test func drawClipsAtEdgesAndKeepsWideGraphemesWhole() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.draw("日本語", x: -1, y: 0)
        // The first grapheme is cut by the left edge: its visible half becomes a blank.
        #expect(canvas.lines == [" 本語"])
        canvas.draw("ab", x: 5, y: 0)
        #expect(canvas.lines == [" 本語a"])
    }

    @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.draw("日本", x: 0, y: 0)
        canvas.draw("x", x: 1, y: 0)
        #expect(canvas.lines == [" x本"])
        canvas.draw("y", x: 2, y: 0)
        #expect(canvas.lines == [" xy"])
    }

    @Test func controlCharactersNeverReachTheCanvas() {
        var canvas = Canvas(width: 12, height: 1)
        canvas.draw("a\u{1B}[31mb\u{7}\u{9B}c", x: 0, y: 0)
        #expect(canvas.lines == ["a␛[31mb␇�c"])
        #expect(!canvas.cells.contains { SafeText.isUnsafe($0.grapheme) && !$0.isContinuation })
    }

    @Test func combiningMarksStayWithTheirBaseAndEmojiTakeTheColumnsOfEachWideCharacter() {
        var canvas = Canvas(width: 8, height: 1)
        let end = canvas.draw("e\u{301}👍🏽x", x: 0, y: 0)
        #expect(end == 6)
        #expect(canvas[0, 0].grapheme == "e\u{301}")
        #expect(canvas[1, 0].grapheme == "👍" && canvas[2, 0].isContinuation)
        #expect(canvas[3, 0].grapheme == "🏽" && canvas[4, 0].isContinuation)
        #expect(canvas[5, 0].grapheme == "x")
    }

    @Test func diffReportsOnlyChangedRunsWithWholeWideGraphemes() {
        var before = Canvas(width: 10, height: 2)
        before.draw("hello", x: 0, y: 0)
        var after = before
        after.draw("日", x: 6, y: 1)
        let runs = after.changes(from: before)
        #expect(runs.count == 1)
        #expect(runs[0].x == 6 && runs[0].y == 1 && runs[0].cells.count == 2)
        #expect(after.changes(from: after).isEmpty)
        #expect(after.changes(from: nil).count == 2)
    }

    @Test func theChangesFromBlankAreTheChangesFromABlankCanvas() {
        var canvas = Canvas(width: 12, height: 3)
        canvas.draw("hi there", x: 1, y: 0)
        canvas.draw("日本", x: 7, y: 2)
        canvas.draw("x", x: 11, y: 1, style: Style(isBold: true))
        let runs = canvas.changesFromBlank()
        #expect(runs == canvas.changes(from: Canvas(width: 12, height: 3)))
        #expect(runs.map(\.y) == [0, 0, 1, 2])  // the space between the words is blank
        #expect(runs[3].x == 7 && runs[3].cells.count == 4)
        #expect(Canvas(width: 12, height: 3).changesFromBlank().isEmpty)
    }

    @Test func cellsDifferInAnyScalarOrAnyPartOfTheStyle() {
        // Twelve scalars, as the longest cluster a cell keeps; one bit of one changed at a time.
        let scalars = (0..<UInt32(Cell.maximumScalars)).map { 0x1F469 + $0 }
        let cell = Cell(scalars: scalars, style: .plain)
        #expect(cell == Cell(scalars: scalars, style: .plain))
        #expect(cell.scalars == scalars)
        for index in scalars.indices {
            for bit in [0, 20] {
                var changed = scalars
                changed[index] ^= 1 << bit
                #expect(Cell(scalars: changed, style: .plain) != cell, "scalar \(index), bit \(bit)")
            }
        }
        let styles = [
            Style(foreground: .red), Style(foreground: .rgb(1, 2, 3)), Style(background: .indexed(0)),
            Style(isBold: true), Style(isDim: true), Style(isReverse: true), Style(isUnderline: true),
        ]
        for style in styles {
            #expect(Cell(grapheme: "x", style: style) != Cell(grapheme: "x"))
            #expect(Cell(grapheme: "x", style: style) == Cell(grapheme: "x", style: style))
            #expect(Cell(grapheme: "x", style: style).hashValue == Cell(grapheme: "x", style: style).hashValue)
        }
        #expect(Cell.continuation(style: .plain) != .blank)
    }

    @Test(arguments: [
        ("The quick brown fox jumps", 10, ["The quick", "brown fox", "jumps"]),
        ("one\n\ntwo", 10, ["one", "", "two"]),
        ("abcdefghijkl", 5, ["abcde", "fghij", "kl"]),
        ("日本語のテキスト", 6, ["日本語", "のテキ", "スト"]),
    ])
    func wrapKeepsParagraphsAndBreaksByWidth(text: String, width: Int, expected: [String]) {
        #expect(TextLayout.wrap(text, width: width) == expected)
    }
}

extension CanvasTests {
    @Test func hyperlinksMustLieOnTheCanvasAndHoldNoControlCharacters() {
        var canvas = Canvas(width: 20, height: 2)
        canvas.addHyperlink(Hyperlink(url: "https://example.com", x: 0, y: 0, width: 10))
        canvas.addHyperlink(Hyperlink(url: "https://example.com", x: 15, y: 0, width: 10))
        canvas.addHyperlink(Hyperlink(url: "https://example.com/\u{1B}]0;x\u{7}", x: 0, y: 1, width: 5))
        #expect(canvas.hyperlinks.count == 1)
        canvas.clear()
        #expect(canvas.hyperlinks.isEmpty)
    }
}

extension CanvasTests {
    @Test func aClusterOfControlsBecomesSeveralVisibleSymbols() {
        var canvas = Canvas(width: 10, height: 1)
        let end = canvas.draw("a\r\nb", x: 0, y: 0)
        #expect(canvas.lines == ["a␍␊b"])
        #expect(end == 4)
    }
}
