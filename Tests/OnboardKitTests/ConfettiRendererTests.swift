import Testing

@testable import OnboardKit

@Suite struct ConfettiRendererTests {
    /// The page's text, then which cells confetti changed and with what 8-colour foreground, so
    /// the snapshot shows where colour goes as well as which glyphs.
    private func picture(_ system: ParticleSystem, over page: Canvas) -> String {
        var canvas = page
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .indexed256)
        var basic = page
        ConfettiRenderer.draw(system, into: &basic, colorMode: .basic8)
        let layer = (0..<page.height).map { row in
            String(
                (0..<page.width).map { column -> Character in
                    let cell = basic[column, row]
                    guard cell != page[column, row] else { return " " }
                    if case .indexed(let index) = cell.style.foreground { return Character(String(index)) }
                    return "?"
                })
        }
        return framed(canvas.lines, width: page.width) + "\n" + framed(layer, width: page.width)
    }

    @Test(arguments: [1, 15, 60])
    func burstFramesMatchTheirSnapshots(frame: Int) {
        let page = ConfettiFixtures.page()
        var system = ConfettiFixtures.fired(.burst, seed: 42)
        ConfettiFixtures.run(&system, frames: frame)
        assertSnapshot(picture(system, over: page), named: "confetti-burst-frame-\(frame)")
    }

    @Test func glyphModeFramesMatchTheirSnapshot() {
        let page = ConfettiFixtures.page()
        var system = ConfettiFixtures.fired(.burst, seed: 42)
        ConfettiFixtures.run(&system, frames: 15)
        var canvas = page
        ConfettiRenderer.draw(system, into: &canvas, mode: .glyph, colorMode: .indexed256)
        assertSnapshot(framed(canvas.lines, width: page.width), named: "confetti-burst-glyphs-frame-15")
    }

    @Test func withNothingInFlightTheCanvasIsUntouched() {
        let page = ConfettiFixtures.page()
        for colorMode in ColorMode.allCases {
            var canvas = page
            ConfettiRenderer.draw(ParticleSystem(), into: &canvas, colorMode: colorMode)
            #expect(canvas == page)
        }
        // Fired but not yet stepped: nothing flies until the first step.
        var canvas = page
        ConfettiRenderer.draw(ConfettiFixtures.fired(.burst), into: &canvas, colorMode: .truecolor)
        #expect(canvas == page)
    }

    /// Two pixels in one cell share it: top as the foreground of `▀`, bottom as its background.
    @Test func twoPixelsInOneCellShareIt() {
        let page = Canvas(width: 10, height: 5, fill: Cell(style: Style(background: .indexed(2))))
        var system = ParticleSystem()
        var rng = SeededGenerator(seed: 1)
        // Pixel rows 4 and 5 are the two halves of cell row 2.
        system.fire(
            ConfettiFixtures.still(at: .point(x: 0.35, y: 0.45), color: .red), in: (width: 10, height: 5), rng: &rng)
        system.fire(
            ConfettiFixtures.still(at: .point(x: 0.35, y: 0.55), color: .blue), in: (width: 10, height: 5), rng: &rng)
        system.fire(
            ConfettiFixtures.still(at: .point(x: 0.75, y: 0.55), color: .yellow), in: (width: 10, height: 5), rng: &rng)
        system.step(dt: 1 / 60)
        var canvas = page
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .basic8)
        #expect(canvas[3, 2].grapheme == "▀")
        #expect(canvas[3, 2].style.foreground == .red)
        #expect(canvas[3, 2].style.background == .blue)
        // A lone bottom pixel keeps the page's background in the top half.
        #expect(canvas[7, 2].grapheme == "▄")
        #expect(canvas[7, 2].style.foreground == .yellow)
        #expect(canvas[7, 2].style.background == .indexed(2))
        let changed = canvas.cells.indices.filter { canvas.cells[$0] != page.cells[$0] }
        #expect(changed.count == 2)
    }

    @Test func aPixelOverAReversedButtonKeepsTheButtonColourBehindIt() {
        var page = Canvas(width: 10, height: 2)
        page.draw("[ OK ]", x: 2, y: 0, style: Style(foreground: .cyan).reversed())
        var system = ConfettiFixtures.fired(
            ConfettiFixtures.still(at: .point(x: 0.45, y: 0.1), color: .red), width: 10, height: 2)
        system.step(dt: 1 / 60)
        var canvas = page
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .basic8)
        #expect(canvas[4, 0].grapheme == "▀")
        #expect(canvas[4, 0].style.background == .cyan)
        #expect(!canvas[4, 0].style.isReverse)
    }

    @Test func fadingBlendsTowardTheBackgroundInRichColourModes() throws {
        var cannon = ConfettiFixtures.still(at: .center, color: .rgb(255, 45, 85), fades: true)
        cannon.lifetime = 1
        var system = ConfettiFixtures.fired(cannon, width: 10, height: 5)
        let background = Color.rgb(20, 20, 40)
        var distances: [Int] = []
        var indexedColors: [Color] = []
        for _ in 0..<4 {
            ConfettiFixtures.run(&system, frames: 12)
            var truecolor = Canvas(width: 10, height: 5)
            ConfettiRenderer.draw(system, into: &truecolor, colorMode: .truecolor, background: background)
            let cell = try #require(truecolor.cells.first { $0.grapheme == "▀" || $0.grapheme == "▄" })
            guard case .rgb(let red, let green, let blue) = cell.style.foreground else {
                Issue.record("expected an RGB colour, found \(cell.style.foreground)")
                return
            }
            // Compare with the brightest spin step so the glint does not hide the fade.
            distances.append(abs(Int(red) - 20) + abs(Int(green) - 20) + abs(Int(blue) - 40))
            var indexed = Canvas(width: 10, height: 5)
            ConfettiRenderer.draw(system, into: &indexed, colorMode: .indexed256, background: background)
            let indexedCell = try #require(indexed.cells.first { $0.grapheme == "▀" || $0.grapheme == "▄" })
            indexedColors.append(indexedCell.style.foreground)
            if case .indexed = indexedCell.style.foreground {} else { Issue.record("expected an indexed colour") }
        }
        #expect(distances.last! < distances.first! / 2, "distances \(distances)")
        #expect(Set(indexedColors).count > 1)
    }

    @Test func eightColourTerminalsShowPiecesUnfadedUntilTheyVanish() {
        var cannon = ConfettiFixtures.still(at: .center, color: .rgb(255, 45, 85), fades: true)
        cannon.lifetime = 1
        var system = ConfettiFixtures.fired(cannon, width: 10, height: 5)
        var colors: Set<Color> = []
        for _ in 0..<55 {
            system.step(dt: 1 / 60)
            var canvas = Canvas(width: 10, height: 5)
            ConfettiRenderer.draw(system, into: &canvas, colorMode: .basic8)
            if let cell = canvas.cells.first(where: { $0 != .blank }) { colors.insert(cell.style.foreground) }
        }
        #expect(colors == [.red])
        ConfettiFixtures.run(&system, frames: 10)
        var canvas = Canvas(width: 10, height: 5)
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .basic8)
        #expect(canvas == Canvas(width: 10, height: 5))
    }

    @Test func monochromeFadesThroughShadesInTheDefaultColours() {
        var cannon = ConfettiFixtures.still(at: .center, color: .red, fades: true)
        cannon.lifetime = 1
        var system = ConfettiFixtures.fired(cannon, width: 10, height: 5)
        var glyphs: [Character] = []
        for _ in 0..<59 {
            system.step(dt: 1 / 60)
            var canvas = Canvas(width: 10, height: 5)
            ConfettiRenderer.draw(system, into: &canvas, colorMode: .monochrome)
            for cell in canvas.cells where cell != .blank {
                #expect(cell.style == .plain)
                if glyphs.last != cell.grapheme { glyphs.append(cell.grapheme) }
            }
        }
        #expect(glyphs == ["▄", "▓", "▒", "░", "·"])
    }

    @Test func glyphModeSpinsThroughTheShapesSteps() {
        var cannon = ConfettiFixtures.still(at: .center, color: .green, piece: .shape(.slimRectangle))
        cannon.lifetime = 5
        var system = ConfettiFixtures.fired(cannon, width: 10, height: 5)
        var seen: Set<Character> = []
        for _ in 0..<240 {
            system.step(dt: 1 / 60)
            var canvas = Canvas(width: 10, height: 5)
            ConfettiRenderer.draw(system, into: &canvas, mode: .glyph, colorMode: .indexed256)
            for cell in canvas.cells where cell != .blank { seen.insert(cell.grapheme) }
        }
        #expect(seen == ["╱", "─", "╲", "│"])
    }

    @Test func emojiPiecesTakeTwoColumnsAndTextPiecesTakeTheirColour() {
        var system = ParticleSystem()
        var rng = SeededGenerator(seed: 3)
        let emoji = ConfettiFixtures.still(at: .point(x: 0.25, y: 0.3), color: .red, piece: .grapheme("🎉"))
        let star = ConfettiFixtures.still(at: .point(x: 0.75, y: 0.3), color: .indexed(200), piece: .grapheme("★"))
        system.fire(emoji, in: (width: 12, height: 3), rng: &rng)
        system.fire(star, in: (width: 12, height: 3), rng: &rng)
        system.step(dt: 1 / 60)
        var canvas = Canvas(width: 12, height: 3)
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .indexed256)
        #expect(canvas[3, 0].grapheme == "🎉")
        #expect(canvas[4, 0].isContinuation)
        #expect(canvas[9, 0].grapheme == "★")
        #expect(canvas[9, 0].style.foreground == .indexed(200))
        #expect(canvas.lines[0] == "   🎉    ★")
    }

    @Test func aPieceOverHalfAWideGraphemeNeverLeavesHalfOfIt() {
        var page = Canvas(width: 8, height: 1)
        page.draw("日本", x: 2, y: 0)
        var system = ConfettiFixtures.fired(
            ConfettiFixtures.still(at: .point(x: 0.45, y: 0.25), color: .red), width: 8, height: 1)
        system.step(dt: 1 / 60)
        var canvas = page
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .basic8)
        #expect(canvas.lines == ["   ▀本"])
        #expect(!canvas[2, 0].isContinuation)
    }
}
