import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// Which protocol draws pictures, from `--images`, the environment and what the terminal
/// answered; and the bytes each protocol sends.
@Suite struct PictureProtocolTests {
    static let kittyYes = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let cellSize = "\u{1B}[6;20;10t"

    @Test(arguments: [
        // kitty: its query answered, then the device attributes.
        (
            kittyYes + cellSize + "\u{1B}[?62;22c",
            TerminalGraphics(kitty: true, cellSize: CellPixelSize(width: 10, height: 20), isComplete: true)
        ),
        // xterm -ti vt340: no kitty answer, attribute 4 (sixel).
        (
            "\u{1B}[6;13;6t\u{1B}[?63;1;2;4;6;9;15;16;22;28;29c",
            TerminalGraphics(sixel: true, cellSize: CellPixelSize(width: 6, height: 13), isComplete: true)
        ),
        // A terminal that answers only the device attributes: nothing.
        ("\u{1B}[?1;2c", TerminalGraphics(isComplete: true)),
        // "14" is not 4, and a cell of 0 pixels is no size.
        ("\u{1B}[6;0;0t\u{1B}[?62;14c", TerminalGraphics(isComplete: true)),
        // Nothing yet, or typing: not complete.
        ("", TerminalGraphics()), ("abc", TerminalGraphics()),
        // An error from kitty still says it speaks the protocol.
        ("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?62c", TerminalGraphics(kitty: true, isComplete: true)),
    ])
    func answersAreRead(answer: String, expected: TerminalGraphics) {
        #expect(TerminalGraphics.parse(Array(answer.utf8)) == expected)
    }

    static let kitty = TerminalGraphics(kitty: true, isComplete: true)
    static let sixel = TerminalGraphics(sixel: true, isComplete: true)
    static let plain = TerminalGraphics(isComplete: true)

    @Test(arguments: [
        (PictureChoice.auto, ["TERM": "xterm-kitty"], Optional(kitty), PictureProtocol.kitty),
        (.auto, ["TERM": "xterm"], sixel, .sixel),
        (.auto, ["TERM": "xterm-256color"], plain, .blocks),
        (.auto, ["TERM": "xterm-256color"], nil, .blocks),
        (.auto, ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], plain, .iterm),
        (.auto, ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], kitty, .kitty),
        // Under tmux or screen the terminal's answers are not the outer terminal's: blocks.
        (.auto, ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], kitty, .blocks),
        (.auto, ["TERM": "screen-256color"], sixel, .blocks),
        (.auto, ["TERM": "xterm", "NO_COLOR": "1"], sixel, .blocks),
        // A choice wins over everything.
        (.fixed(.sixel), ["TERM": "tmux-256color", "TMUX": "x"], nil, .sixel),
        (.fixed(.none), ["TERM": "xterm-kitty"], kitty, .none),
        (.fixed(.blocks), ["TERM": "xterm-kitty"], kitty, .blocks),
    ])
    func theProtocolIsChosen(
        choice: PictureChoice, environment: [String: String], answers: TerminalGraphics?, expected: PictureProtocol
    ) {
        #expect(choice.resolve(environment: environment, answers: answers) == expected)
    }

    @Test func onlyAutoOutsideMultiplexersAsksTheTerminal() {
        #expect(PictureChoice.auto.needsProbe(environment: ["TERM": "xterm"]))
        #expect(!PictureChoice.auto.needsProbe(environment: ["TERM": "xterm", "TMUX": "s"]))
        #expect(!PictureChoice.fixed(.kitty).needsProbe(environment: ["TERM": "xterm"]))
        #expect(PictureChoice.names == ["auto", "kitty", "sixel", "iterm", "blocks", "none"])
        #expect(PictureChoice("sixels") == nil && PictureChoice("iterm") == .fixed(.iterm))
    }

    static func placement(_ png: [UInt8], at rect: Rect) -> PicturePlacement {
        let raster = RasterImage(width: 1, height: 1, rgba: [255, 0, 0, 255])!
        return PicturePlacement(picture: PagePicture(raster: raster, png: png), rect: rect, background: .black)
    }

    @Test func kittySendsThePNGInChunksAtThePicturesCellAndTakesItAwayByID() throws {
        let writer = PictureWriter(kind: .kitty, cellSize: .standard)
        let png = [UInt8](repeating: 7, count: 5000)
        let first = try #require(writer.change(to: [Self.placement(png, at: Rect(x: 4, y: 2, width: 20, height: 5))]))
        let text = String(decoding: first.bytes, as: UTF8.self)
        let encoded = Data(png).base64EncodedString()
        #expect(first.redrawn.isEmpty)
        #expect(text.hasPrefix("\u{1B}7\u{1B}[3;5H\u{1B}_Ga=T,f=100,t=d,i=1,c=20,r=5,C=1,q=2,m=1;"))
        #expect(text.contains(String(encoded.prefix(4096)) + "\u{1B}\\\u{1B}_Gm=0,q=2;" + encoded.dropFirst(4096)))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
        // Unchanged: nothing to send; a page without pictures: the picture is deleted by its id.
        #expect(writer.change(to: writer.shown) == nil)
        let removed = try #require(writer.change(to: []))
        #expect(String(decoding: removed.bytes, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")
    }

    @Test func itermSendsThePNGAndSixelAndItermRedrawTheCellsTheyLeave() throws {
        let writer = PictureWriter(kind: .iterm, cellSize: .standard)
        let rect = Rect(x: 0, y: 1, width: 3, height: 2)
        let shown = try #require(writer.change(to: [Self.placement([1, 2, 3], at: rect)]))
        #expect(
            String(decoding: shown.bytes, as: UTF8.self)
                == "\u{1B}7\u{1B}[2;1H\u{1B}]1337;File=inline=1;size=3;width=3;height=2;preserveAspectRatio=1:AQID\u{07}\u{1B}8"
        )
        #expect(try #require(writer.change(to: [])).redrawn == [rect])
    }

    @Test func sixelIsLibsixelsEncodingOfThePixelsAtTheCellsSize() throws {
        let writer = PictureWriter(kind: .sixel, cellSize: CellPixelSize(width: 6, height: 12))
        let change = try #require(writer.change(to: [Self.placement([], at: Rect(x: 1, y: 1, width: 2, height: 1))]))
        let text = String(decoding: change.bytes, as: UTF8.self)
        // DCS … q, raster attributes of 12x12 pixels, red as a colour register, ST.
        #expect(text.hasPrefix("\u{1B}7\u{1B}[2;2H\u{1B}P"), "\(text.debugDescription)")
        #expect(text.contains("\"1;1;12;12"), "\(text.debugDescription)")
        // Register 0 in RGB percentages: red, give or take libsixel's rounding.
        let register = try #require(text.split(separator: "#").dropFirst().first)
        let percent = register.split(separator: ";").compactMap { Int($0) }
        #expect(percent.count == 5 && percent[1] == 2 && percent[2] >= 90 && percent[3] <= 5 && percent[4] <= 5)
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
    }
}
