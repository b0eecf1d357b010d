import Foundation
import Testing

@testable import OnboardKit

/// Art written by colour tools: SGR escapes become cell styles and are never drawn; any other
/// escape is left out and `validate` names where it was.
@Suite struct ANSIArtTests {
    static let escape = "\u{1B}"

    @Test(arguments: [
        ("[31m", Style(foreground: .red)),
        ("[91m", Style(foreground: .indexed(9))),
        ("[44m", Style(background: .blue)),
        ("[103m", Style(background: .indexed(11))),
        ("[38;5;202m", Style(foreground: .indexed(202))),
        ("[48;5;17m", Style(background: .indexed(17))),
        ("[38;2;255;128;0m", Style(foreground: .rgb(255, 128, 0))),
        ("[38:2::10:20:30m", Style(foreground: .rgb(10, 20, 30))),
        ("[1m", Style(isBold: true)),
        ("[2m", Style(isDim: true)),
        ("[4m", Style(isUnderline: true)),
        ("[7m", Style(isReverse: true)),
        (
            "[1;4;38;5;40;48;2;1;2;3m",
            Style(foreground: .indexed(40), background: .rgb(1, 2, 3), isBold: true, isUnderline: true)
        ),
        ("[3m", Style(isItalic: true)),
        ("[3;23m", Style.plain),
    ])
    func everySGRFormBecomesAStyle(sequence: String, expected: Style) {
        let art = ANSIArt.parse(Self.escape + sequence + "AB")
        #expect(art.lines == ["AB"])
        #expect(art.styles == [[expected, expected]])
        #expect(art.strayEscapes.isEmpty)
    }

    @Test func resetsEndTheirAttributesAndStylesCarryAcrossLines() {
        let e = Self.escape
        let art = ANSIArt.parse("\(e)[1;31mA\n B\(e)[22mC\(e)[39mD\(e)[0mE\(e)[mF")
        #expect(art.lines == ["A", " BCDEF"])
        let bold = Style(foreground: .red, isBold: true)
        #expect(art.styles[0] == [bold])
        #expect(art.styles[1] == [bold, bold, Style(foreground: .red), .plain, .plain, .plain])
    }

    @Test func otherEscapesAreLeftOutAndLocated() {
        let e = Self.escape
        let art = ANSIArt.parse("ok\n  \(e)[2JX\(e)]8;;http://x\(e)\\Y\(e)[?25l")
        #expect(art.lines == ["ok", "  XY"])
        #expect(art.strayEscapes.map(\.line) == [2, 2, 2])
        #expect(art.strayEscapes.map(\.column) == [3, 8, 24])
        #expect(art.strayEscapes[0].shown == "␛[2J")
        #expect(art.lines.joined().unicodeScalars.allSatisfy { SafeText.visibleReplacement(for: $0) == nil })
    }

    static func load(art: String) -> DeckLoadResult {
        DeckValidationTests.load(
            #"{\#(DeckValidationTests.app), "pages": [{"kind": "step", "image": "a.txt", "heading": "H"}]}"#,
            files: ["decks/a.txt": art])
    }

    @Test func aColouredArtFileLoadsWithItsColoursAndNoEscapeCharacters() throws {
        let e = Self.escape
        let result = Self.load(art: "\(e)[38;2;255;0;0mRED\(e)[0m plain\n\(e)[32m\tG\(e)[0m\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        guard case .step(let step) = try #require(result.deck).pages[0] else {
            Issue.record("not a step")
            return
        }
        #expect(step.art == ["RED plain", "    G"])
        #expect(!step.art.joined().contains("␛"))
        #expect(step.artStyles[0][0] == Style(foreground: .rgb(255, 0, 0)))
        #expect(step.artStyles[1][4] == Style(foreground: .green))
    }

    @Test func validateWarnsAboutOtherEscapesWithTheArtFilesLineAndColumn() {
        let result = Self.load(art: "line one\nab\u{1B}[2Jcd\n")
        let warning = result.diagnostics.first { $0.message.contains("␛[2J") }
        #expect(warning?.severity == .warning)
        #expect(warning?.file == "decks/a.txt")
        #expect(warning?.location == SourceLocation(line: 2, column: 3))
    }

    @Test(arguments: [ColorMode.truecolor, .indexed256, .basic8, .monochrome])
    func drawnArtTakesItsColoursFittedToTheTerminal(mode: ColorMode) throws {
        let page = Page.step(
            StepPage(
                art: ["RG"],
                artStyles: [[Style(foreground: .rgb(255, 0, 0)), Style(foreground: .rgb(0, 200, 0), isBold: true)]],
                heading: "H", text: ""))
        var canvas = Canvas(width: 20, height: 8)
        PageView(page: page, theme: Theme(colorMode: mode)).draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
        let row = try #require(canvas.lines.firstIndex { $0.contains("RG") })
        let column = canvas.lines[row].distance(
            from: canvas.lines[row].startIndex, to: try #require(canvas.lines[row].firstIndex(of: "R")))
        #expect(canvas[column, row].style == Style(foreground: .rgb(255, 0, 0)).fitted(to: mode))
        #expect(canvas[column + 1, row].style.isBold)
    }

    @Test func aTabInPageTextIsSpacesNotAControlPicture() throws {
        let result = DeckValidationTests.load(
            #"{\#(DeckValidationTests.app), "pages": [{"kind": "step", "heading": "A\tB", "text": "one\ttwo"},"#
                + #"{"kind": "hero", "symbol": "star", "title": "T\tU", "subtitle": "s\tt"}]}"#)
        let deck = try #require(result.deck)
        guard case .step(let step) = deck.pages[0], case .hero(let hero) = deck.pages[1] else {
            Issue.record("wrong kinds")
            return
        }
        #expect(step.heading == "A    B")
        #expect(step.text == "one    two")
        #expect(hero.title == "T    U")
        #expect(hero.subtitle == "s    t")
    }
}
