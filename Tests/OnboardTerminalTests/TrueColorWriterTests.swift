import OnboardKit
import Testing

@testable import OnboardTerminal

@Suite struct TrueColorWriterTests {
    @Test func cellsWithA24BitColourArePaintedInSegmentsAndTheCursorPutBack() {
        let violet = Style(foreground: .rgb(139, 92, 246), isBold: true)
        let button = Style(foreground: .brightWhite, background: .rgb(1, 2, 3))
        var canvas = Canvas(width: 12, height: 2)
        canvas.draw("ab", x: 0, y: 0, style: violet)
        canvas.draw("c", x: 2, y: 0)
        canvas.draw("日d", x: 3, y: 0, style: violet)
        canvas.draw("OK", x: 5, y: 1, style: button)
        let bytes = TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 4, y: 1))
        // Moves relative on a row, the style only where it changes; bold has to go off for the
        // button, so that change starts from a reset.
        #expect(
            bytes == "\u{1B}[1;1H\u{1B}[0;1;38;2;139;92;246mab" + "\u{1B}[C日d"
                + "\u{1B}[2;6H\u{1B}[0;38;5;15;48;2;1;2;3mOK" + "\u{1B}[0m\u{1B}[3D")
    }

    @Test func aChangeOfStyleSendsOnlyWhatDiffers() {
        let red = Style(foreground: .rgb(255, 0, 0))
        #expect(TrueColorWriter.change(from: nil, to: red) == "\u{1B}[0;38;2;255;0;0m")
        #expect(TrueColorWriter.change(from: red, to: red).isEmpty)
        #expect(
            TrueColorWriter.change(from: red, to: Style(foreground: .rgb(0, 0, 255), isBold: true))
                == "\u{1B}[1;38;2;0;0;255m")
        #expect(TrueColorWriter.change(from: red, to: Style(background: .rgb(1, 2, 3))) == "\u{1B}[39;48;2;1;2;3m")
    }

    @Test func afterTheLastColumnTheCursorIsPlacedAbsolutely() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.draw("x", x: 3, y: 0, style: Style(foreground: .rgb(1, 1, 1)))
        let bytes = TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 3, y: 0), width: 4)
        #expect(bytes.hasSuffix("x\u{1B}[0m\u{1B}[1;4H"))
    }

    @Test func nothingIsWrittenWithoutA24BitColour() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.draw("plain", x: 0, y: 0, style: Style(foreground: .indexed(99)))
        #expect(TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 0, y: 0)).isEmpty)
    }

    /// Confetti scatters a few colours: painting each colour's cells together sends each change
    /// of colour once, when that is shorter than the moves it costs.
    @Test func scatteredCellsOfFewColoursArePaintedColourByColour() {
        let red = Style(foreground: .rgb(200, 10, 10))
        let green = Style(foreground: .rgb(10, 200, 10))
        var canvas = Canvas(width: 40, height: 4)
        for y in 0..<4 {
            for x in stride(from: 0, to: 40, by: 4) {
                canvas.draw("▀", x: x, y: y, style: (x / 4).isMultiple(of: 2) ? red : green)
            }
        }
        let bytes = TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 0, y: 0))
        #expect(bytes.components(separatedBy: "200;10;10m").count - 1 == 1, "\(bytes.debugDescription)")
        #expect(bytes.components(separatedBy: "10;200;10m").count - 1 == 1)
        #expect(bytes.components(separatedBy: "▀").count - 1 == 40)
        // Neighbours in one colour stay in row order: nothing to gain.
        var plain = Canvas(width: 10, height: 1)
        plain.draw("abc", x: 0, y: 0, style: red)
        plain.draw("def", x: 5, y: 0, style: green)
        #expect(
            TrueColorWriter.repaint(plain.changes(from: nil), cursor: (x: 0, y: 0))
                == "\u{1B}[0;38;2;200;10;10mabc\u{1B}[2C\u{1B}[38;2;10;200;10mdef\u{1B}[0m\u{1B}[8D")
    }

    @Test func aMoveIsTheShortestOfAbsoluteAndARowAndAColumnOfTheirOwn() {
        #expect(TrueColorWriter.move(from: (0, 0), to: (0, 5)) == "\u{1B}[5B")
        #expect(TrueColorWriter.move(from: (0, 100), to: (0, 5)) == "\u{1B}[6d")
        #expect(TrueColorWriter.move(from: (10, 2), to: (10, 3)) == "\u{1B}[B")
        #expect(TrueColorWriter.move(from: (10, 2), to: (11, 1)) == "\u{1B}[A\u{1B}[C")
        // A tie goes to the absolute move.
        #expect(TrueColorWriter.move(from: (10, 2), to: (12, 1)) == "\u{1B}[2;13H")
        #expect(TrueColorWriter.move(from: (3, 2), to: (40, 9)) == "\u{1B}[10;41H")
        #expect(TrueColorWriter.move(from: (3, 2), to: (120, 2)) == "\u{1B}[117C")
        #expect(TrueColorWriter.move(from: (150, 2), to: (1, 2)) == "\u{1B}[2G")
        #expect(TrueColorWriter.move(from: nil, to: (1, 2)) == "\u{1B}[3;2H")
    }

    /// A space shows no foreground: one in a 24-bit foreground is written in whatever colour the
    /// terminal is in, unless it is underlined or reversed (then the colour is seen).
    @Test func aSpaceIsWrittenInTheCurrentColourWhereItsOwnIsNotSeen() {
        let violet = Style(foreground: .rgb(139, 92, 246))
        let red = Style(foreground: .rgb(200, 10, 10))
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("a", x: 0, y: 0, style: red)
        canvas.draw(" ", x: 1, y: 0, style: violet)
        canvas.draw("b", x: 2, y: 0, style: red)
        #expect(
            TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 0, y: 0))
                == "\u{1B}[0;38;2;200;10;10ma b\u{1B}[0m\u{1B}[3D")
        #expect(
            !TrueColorWriter.looksTheSame(
                Cell(grapheme: " ", style: Style(foreground: .rgb(1, 2, 3), isUnderline: true)), in: red))
        #expect(!TrueColorWriter.looksTheSame(Cell(grapheme: " ", style: Style(background: .rgb(1, 2, 3))), in: red))
        #expect(!TrueColorWriter.looksTheSame(Cell(grapheme: "x", style: violet), in: red))
    }

    @Test func italicGoesOnAndOffWithTheStyle() {
        let italic = Style(foreground: .rgb(1, 2, 3), isItalic: true)
        #expect(TrueColorWriter.change(from: nil, to: italic) == "\u{1B}[0;3;38;2;1;2;3m")
        #expect(TrueColorWriter.change(from: italic, to: Style(foreground: .rgb(1, 2, 3))) == "\u{1B}[0;38;2;1;2;3m")
    }
}
