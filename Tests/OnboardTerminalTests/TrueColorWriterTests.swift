import OnboardKit
import Testing

@testable import OnboardTerminal

@Suite struct TrueColorWriterTests {
    @Test func cellsWithA24BitColourAreRepaintedInSegmentsAndTheCursorPutBack() {
        let violet = Style(foreground: .rgb(139, 92, 246), isBold: true)
        let button = Style(foreground: .brightWhite, background: .rgb(1, 2, 3))
        var canvas = Canvas(width: 12, height: 2)
        canvas.draw("ab", x: 0, y: 0, style: violet)
        canvas.draw("c", x: 2, y: 0)
        canvas.draw("日d", x: 3, y: 0, style: violet)
        canvas.draw("OK", x: 5, y: 1, style: button)
        let bytes = TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 4, y: 1))
        #expect(
            bytes == "\u{1B}[1;1H\u{1B}[0;1;38;2;139;92;246mab" + "\u{1B}[1;4H\u{1B}[0;1;38;2;139;92;246m日d"
                + "\u{1B}[2;6H\u{1B}[0;38;5;15;48;2;1;2;3mOK" + "\u{1B}[0m\u{1B}[2;5H")
    }

    @Test func nothingIsWrittenWithoutA24BitColour() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.draw("plain", x: 0, y: 0, style: Style(foreground: .indexed(99)))
        #expect(TrueColorWriter.repaint(canvas.changes(from: nil), cursor: (x: 0, y: 0)).isEmpty)
    }
}
