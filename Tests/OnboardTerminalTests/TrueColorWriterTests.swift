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
}
