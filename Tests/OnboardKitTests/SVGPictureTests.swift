import Foundation
import Testing

@testable import OnboardKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// SVG pictures: well-formed, in the theme's colours, pixel art as rectangles, untrusted text escaped.
@Suite struct SVGPictureTests {
    /// Parses `svg` as XML and returns the elements by name with their attributes and text.
    private func elements(_ svg: String) throws -> [(name: String, attributes: [String: String], text: String)] {
        final class Collector: NSObject, XMLParserDelegate {
            var found: [(name: String, attributes: [String: String], text: String)] = []
            private var open: [Int] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                found.append((name, attributes, ""))
                open.append(found.count - 1)
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if let last = open.last { found[last].text += string }
            }
            func parser(
                _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
            ) {
                open.removeLast()
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        let parsed = parser.parse()
        try #require(parsed, "not well-formed XML: \(String(describing: parser.parserError))")
        return collector.found
    }

    private func canvas(_ width: Int, _ height: Int, _ draw: (inout Canvas) -> Void) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        draw(&canvas)
        return canvas
    }

    private static func hex(_ color: Color, in mode: ColorMode = .indexed256) -> String {
        let (red, green, blue) = color.fitted(to: mode).components!
        return SVGPicture.RGB(red, green, blue).hex
    }

    @Test func everyPageOfADeckIsWellFormedAndInTheThemesColours() throws {
        let pictures = PagePictures.render(
            PagePicturesTests.deck, width: 80, height: 24, paywall: PagePicturesTests.paywall)
        let accent = Self.hex(Theme.defaultAccent)
        var seen: Set<String> = []
        for picture in pictures {
            let svg = SVGPicture().render(picture.canvas, title: picture.title)
            let found = try elements(svg)
            #expect(found.first?.name == "svg")
            #expect(found.first?.attributes["width"] == "800" && found.first?.attributes["height"] == "480")
            #expect(found.contains { $0.name == "title" && $0.text == picture.title })
            for element in found {
                seen.formUnion([element.attributes["fill"], element.attributes["stroke"]].compactMap { $0 })
            }
        }
        #expect(seen.contains(accent), "the accent \(accent) colours the dots, symbols and buttons")
        #expect(seen.contains(Self.hex(.brightBlack)), "muted text is bright black")
        #expect(seen.contains("#e5e5e5") && seen.contains("#1c1c1c"), "the default colours of a dark terminal")
    }

    @Test func halfBlocksAreRectanglesInTheirForegroundOverTheirBackground() throws {
        let picture = canvas(3, 1) { canvas in
            canvas.draw("▀▀▖", x: 0, y: 0, style: Style(foreground: .red, background: .blue))
        }
        let found = try elements(SVGPicture().render(picture, title: "blocks"))
        let rects = found.filter { $0.name == "rect" }.map { $0.attributes }
        let red = Self.hex(.red)
        let blue = Self.hex(.blue)
        // The background runs the three cells; two upper halves join into one; the quadrant is lower left.
        #expect(rects.contains { $0 == ["x": "0", "y": "0", "width": "30", "height": "20", "fill": blue] })
        #expect(rects.contains { $0 == ["x": "0", "y": "0", "width": "20", "height": "10", "fill": red] })
        #expect(rects.contains { $0 == ["x": "20", "y": "10", "width": "5", "height": "10", "fill": red] })
        #expect(!found.contains { $0.name == "text" }, "no block is left to a font")
    }

    @Test func shadesReverseAndDimMixTheirColours() throws {
        let picture = canvas(3, 1) { canvas in
            canvas.draw("▒", x: 0, y: 0, style: Style(foreground: .brightWhite, background: .black))
            canvas.draw("R", x: 1, y: 0, style: Style(isReverse: true))
            canvas.draw("d", x: 2, y: 0, style: Style(isDim: true))
        }
        let svg = SVGPicture()
        let found = try elements(svg.render(picture, title: "mixes"))
        let fills = found.compactMap { $0.attributes["fill"] }
        #expect(fills.contains("#808080"), "a half shade of white on black is grey")
        #expect(fills.contains(svg.defaultForeground.hex), "reverse video paints the default foreground behind")
        let reversed = try #require(found.first { $0.name == "text" && $0.text == "R" })
        #expect(reversed.attributes["fill"] == svg.defaultBackground.hex)
        let dim = try #require(found.first { $0.name == "text" && $0.text == "d" })
        #expect(dim.attributes["fill"] == svg.defaultForeground.over(svg.defaultBackground, opacity: 0.5).hex)
    }

    @Test func textKeepsTheGridAndWideGraphemesTakeTwoCells() throws {
        let picture = canvas(8, 2) { canvas in
            canvas.draw("ab 日c", x: 1, y: 0, style: Style(isBold: true))
            canvas.draw("╭─╮", x: 0, y: 1)
            canvas.draw("i", x: 5, y: 1, style: Style(isItalic: true))
        }
        let found = try elements(SVGPicture().render(picture, title: "grid"))
        let texts = found.filter { $0.name == "text" }
        #expect(texts.map(\.text) == ["ab", "日", "c", "i"])
        #expect(texts[3].attributes["font-style"] == "italic" && texts[0].attributes["font-style"] == nil)
        #expect(texts[0].attributes["x"] == "10 20" && texts[0].attributes["font-weight"] == "bold")
        #expect(texts[1].attributes["x"] == "50" && texts[1].attributes["text-anchor"] == "middle")
        #expect(texts[2].attributes["x"] == "60", "after the wide grapheme's two cells")
        let path = try #require(found.first { $0.name == "path" })
        #expect(path.attributes["d"] == "M5 40V35A5 5 0 0 1 10 30M10 30H20M25 40V35A5 5 0 0 0 20 30")
    }

    @Test func untrustedTextIsEscapedAndNothingIsLeftRaw() throws {
        let hostile = "<script>alert(1)</script> & \"q\" 'a' \u{1B}[31mred\u{07}"
        let deck = Deck(
            app: AppInfo(id: "test.hostile", name: "<b>&amp;</b>", version: "1.0.0"),
            pages: [.step(StepPage(art: ["]]> <!--"], heading: hostile, text: hostile))])
        let picture = try #require(PagePictures.render(deck, width: 80, height: 24).first)
        let svg = SVGPicture().render(picture.canvas, title: picture.title)
        let found = try elements(svg)
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character is written")
        #expect(!svg.contains("<script") && !svg.contains("<b>") && !svg.contains("<!--"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &apos;a&apos; ␛[31mred␇"))
        let title = try #require(found.first { $0.name == "title" })
        #expect(title.text == "<script>alert(1)</script> & \"q\" 'a' ␛[31mred␇")
        #expect(found.contains { $0.name == "text" && $0.text.contains("<b>&amp;</b>") })
    }

    @Test func charactersXMLCannotHoldBecomeReplacementCharacters() {
        #expect(SVGPicture.escaped("a\u{1}b\u{FFFE}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
        #expect(SVGPicture.escaped("<&>\"'") == "&lt;&amp;&gt;&quot;&apos;")
    }

    @Test func theSamePictureGivesTheSameBytes() {
        let pictures = PagePictures.render(TestDecks.international, width: 80, height: 24)
        let first = pictures.map { SVGPicture().render($0.canvas, title: $0.title) }
        let second = PagePictures.render(TestDecks.international, width: 80, height: 24).map {
            SVGPicture().render($0.canvas, title: $0.title)
        }
        #expect(first == second)
    }
}
