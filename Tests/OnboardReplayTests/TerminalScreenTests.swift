import OnboardKit
import Testing

@testable import OnboardReplay

/// Bytes a program wrote, through libvterm, read back as the canvas the SVG writer draws.
@Suite struct TerminalScreenTests {
    @Test func coloursAttributesAndWideCharactersBecomeCells() throws {
        let screen = try #require(TerminalScreen(width: 12, height: 2))
        screen.write(
            "\u{1B}[31mR\u{1B}[38;5;200mI\u{1B}[38;2;1;2;3mG\u{1B}[0m\u{1B}[44mb\u{1B}[0m"
                + "\u{1B}[1;4;7mX\u{1B}[0m\u{1B}[3mi\u{1B}[0m 中文")
        let canvas = screen.canvas()
        #expect(canvas.lines == ["RIGbXi 中文", ""])
        #expect(canvas[0, 0].style == Style(foreground: .indexed(1)))
        #expect(canvas[1, 0].style == Style(foreground: .indexed(200)))
        #expect(canvas[2, 0].style == Style(foreground: .rgb(1, 2, 3)))
        #expect(canvas[3, 0].style == Style(background: .indexed(4)))
        #expect(canvas[4, 0].style == Style(isBold: true, isReverse: true, isUnderline: true))
        #expect(canvas[5, 0].style == Style(isItalic: true))
        #expect(canvas[6, 0] == Cell(grapheme: " ", style: .plain))
        #expect(canvas[7, 0].grapheme == "中" && canvas[8, 0].isContinuation)
        #expect(canvas[9, 0].grapheme == "文" && canvas[10, 0].isContinuation)
        #expect(canvas[11, 0] == Cell(grapheme: " ", style: .plain))
    }

    @Test func aCombiningMarkStaysWithItsLetter() throws {
        let screen = try #require(TerminalScreen(width: 4, height: 1))
        screen.write("e\u{301}x")
        let canvas = screen.canvas()
        #expect(canvas[0, 0].scalars == [0x65, 0x301] && canvas[1, 0].grapheme == "x")
    }

    @Test func theCursorMovesAndTheScreenClears() throws {
        let screen = try #require(TerminalScreen(width: 10, height: 4))
        screen.write("first\u{1B}[3;5Hhere")
        #expect(screen.canvas().lines == ["first", "", "    here", ""])
        screen.write("\u{1B}[2J\u{1B}[1;1Hxy")
        #expect(screen.canvas().lines == ["xy", "", "", ""])
        screen.write("\r\u{1B}[K\u{1B}[4;9Hab")
        #expect(screen.canvas().lines == ["", "", "", "        ab"])
    }

    @Test func theAlternateScreenComesAndGoesAsInXterm() throws {
        let screen = try #require(TerminalScreen(width: 10, height: 2))
        screen.write("shell$ ")
        screen.write("\u{1B}[?1049h\u{1B}[2J\u{1B}[Htour")
        #expect(screen.canvas().lines == ["tour", ""])
        screen.write("\u{1B}[?1049l")
        #expect(screen.canvas().lines == ["shell$", ""])
    }

    @Test func aResizeKeepsWhatFits() throws {
        let screen = try #require(TerminalScreen(width: 10, height: 3))
        screen.write("abcdefghij\r\nline2")
        screen.resize(width: 5, height: 2)
        let smaller = screen.canvas()
        #expect(smaller.width == 5 && smaller.height == 2)
        #expect(smaller.lines == ["abcde", "line2"])
        screen.resize(width: 8, height: 4)
        screen.write("\u{1B}[4;1Hend")
        let larger = screen.canvas()
        #expect(larger.width == 8 && larger.height == 4)
        #expect(larger.lines.first == "abcde" && larger.lines.last == "end")
    }

    @Test func repliesToQueriesAreNotShown() throws {
        let screen = try #require(TerminalScreen(width: 10, height: 1))
        // Device attributes and a cursor report: the terminal would answer the program.
        screen.write("\u{1B}[c\u{1B}[6na")
        #expect(screen.canvas().lines == ["a"])
    }
}
