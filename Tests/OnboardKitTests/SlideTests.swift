import Foundation
import Testing

@testable import OnboardKit

@Suite struct SlideTests {
    static let step = 1.0 / 60

    static func app(pages: Int = 4, width: Int = 80, height: Int = 24, reducesMotion: Bool = false) -> OnboardingApp {
        OnboardingApp(
            deck: TestDecks.deck(pageCount: pages), colorMode: .indexed256, width: width, height: height,
            settings: AppSettings(reducesMotion: reducesMotion))
    }

    static func tick(_ app: inout OnboardingApp, _ count: Int) {
        for _ in 0..<count { _ = app.update(.tick(seconds: step)) }
    }

    @Test func aPageChangeSlidesAndSettlesWithinTheTarget() {
        var app = Self.app()
        _ = app.update(.key(.right))
        #expect(app.isAnimating)
        #expect(app.slide.offset == 0)
        Self.tick(&app, 6)
        // After 6 ticks of 1/60 s the critically damped spring has covered part of the way.
        #expect(app.slide.offset > 20 && app.slide.offset < 60)
        let ticks = TestDecks.settle(&app)
        #expect(!app.isAnimating)
        #expect(app.slide.offset == 80)
        #expect(Double(ticks + 6) * Self.step <= 0.45)
    }

    @Test func smoothSlidesNeverOvershoot() {
        var app = Self.app()
        _ = app.update(.key(.right))
        var previous = app.slide.offset
        while app.isAnimating {
            Self.tick(&app, 1)
            #expect(app.slide.offset >= previous)
            #expect(app.slide.offset <= 80)
            previous = app.slide.offset
        }
    }

    @Test func slideFramesAtStartMiddleAndEnd() {
        var app = Self.app(pages: 3, width: 40, height: 10)
        _ = app.update(.key(.right))
        var frames: [String] = []
        for ticks in [0, 8, 40] {
            Self.tick(&app, ticks - (frames.isEmpty ? 0 : [0, 8, 40][frames.count - 1]))
            frames.append(framed(TestDecks.screen(app).lines, width: 40))
        }
        assertSnapshot(frames.joined(separator: "\n"), named: "slide-frames-0-8-40-40x10")
        // The start shows page 1 only, the middle both pages, the end page 2 only.
        #expect(frames[0].contains("Page 1") && !frames[0].contains("Page 2"))
        #expect(frames[1].contains("Page 2"))
        #expect(frames[2].contains("Page 2") && !frames[2].contains("Page 1"))
    }

    @Test func dotsAndControlsStayPutWhileTheContentMoves() {
        var app = Self.app(pages: 3, width: 40, height: 10)
        _ = app.update(.key(.right))
        Self.tick(&app, 4)
        let moving = TestDecks.screen(app)
        TestDecks.settle(&app)
        let settled = TestDecks.screen(app)
        for row in [0, 8, 9] { #expect(moving.lines[row] == settled.lines[row]) }
    }

    @Test func quickKeysRetargetWithoutAQueue() {
        var app = Self.app(pages: 5)
        _ = app.update(.key(.right))
        Self.tick(&app, 2)
        let velocityBefore = app.slide.velocity
        _ = app.update(.key(.right))
        _ = app.update(.key(.right))
        #expect(app.carousel.currentIndex == 3)
        // Retargeting keeps position and velocity: no jump.
        #expect(app.slide.velocity == velocityBefore)
        var previous = app.slide.offset
        while app.isAnimating {
            Self.tick(&app, 1)
            #expect(app.slide.offset >= previous)  // straight there, never back to page 1 or 2
            previous = app.slide.offset
        }
        #expect(app.slide.offset == 240)
    }

    @Test func reducedMotionCutsInstantly() {
        var app = Self.app(reducesMotion: true)
        _ = app.update(.key(.end))
        #expect(!app.isAnimating)
        #expect(app.slide.offset == 240)
    }

    @Test func aSlowTerminalMakesPageChangesJump() {
        var app = Self.app()
        _ = app.update(.key(.right))
        #expect(app.isAnimating)
        // The slide under way ends at once when the terminal turns out slow.
        _ = app.update(.terminalPace(isSlow: true))
        #expect(!app.isAnimating)
        #expect(app.slide.offset == 80)
        _ = app.update(.key(.end))
        #expect(!app.isAnimating)
        #expect(app.slide.offset == 240)
        // Once it keeps up again, pages slide.
        _ = app.update(.terminalPace(isSlow: false))
        _ = app.update(.key(.left))
        #expect(app.isAnimating)
    }

    @Test func randomKeySequencesEndAtRestOnAValidPage() {
        var generator = SeededGenerator(seed: 42)
        let keys: [Key] = [.right, .left, .home, .end, .character("3"), .character(" "), .pageUp]
        for _ in 0..<1000 {
            let pages = Int(generator.next() % 6) + 1
            var app = Self.app(pages: pages, width: 60, height: 16)
            for _ in 0..<12 {
                _ = app.update(.key(keys[Int(generator.next() % UInt64(keys.count))]))
                Self.tick(&app, Int(generator.next() % 8))
                #expect((0..<pages).contains(app.carousel.currentIndex))
            }
            let ticks = TestDecks.settle(&app)
            #expect(ticks < 600)
            #expect(app.slide.offset == Double(app.carousel.currentIndex * 60))
        }
    }

    // MARK: Dragging

    static func drag(_ app: inout OnboardingApp, from start: Int, to end: Int, steps: Int = 4, ticksPerMove: Int = 3) {
        _ = app.update(.mouse(MouseEvent(.press, x: start, y: 10)))
        for index in 1...steps {
            Self.tick(&app, ticksPerMove)
            _ = app.update(.mouse(MouseEvent(.drag, x: start + (end - start) * index / steps, y: 10)))
        }
        Self.tick(&app, ticksPerMove)
        _ = app.update(.mouse(MouseEvent(.release, x: end, y: 10)))
    }

    @Test func thePagesFollowThePointer() {
        var app = Self.app()
        func headingColumn(_ screen: Canvas) -> Int? {
            screen.lines.lazy.compactMap { line in
                line.range(of: "Page 1").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            }.first
        }
        let resting = headingColumn(TestDecks.screen(app))
        _ = app.update(.mouse(MouseEvent(.press, x: 50, y: 10)))
        _ = app.update(.mouse(MouseEvent(.drag, x: 40, y: 10)))
        #expect(app.slide.offset == 10)
        #expect(headingColumn(TestDecks.screen(app)) == resting.map { $0 - 10 })
    }

    @Test func aShortDragSpringsBack() {
        var app = Self.app()
        Self.drag(&app, from: 50, to: 44)
        #expect(app.carousel.currentIndex == 0)
        TestDecks.settle(&app)
        #expect(app.slide.offset == 0)
    }

    @Test func aLongDragChangesPage() {
        var app = Self.app()
        Self.drag(&app, from: 60, to: 40)
        #expect(app.carousel.currentIndex == 1)
        TestDecks.settle(&app)
        #expect(app.slide.offset == 80)
        Self.drag(&app, from: 20, to: 40)
        #expect(app.carousel.currentIndex == 0)
    }

    @Test func aFastFlickChangesPageEvenWhenShort() {
        var app = Self.app()
        Self.drag(&app, from: 50, to: 44, steps: 2, ticksPerMove: 1)
        #expect(app.carousel.currentIndex == 1)
    }

    @Test func draggingPastTheFirstPageRubberBands() {
        var app = Self.app()
        _ = app.update(.mouse(MouseEvent(.press, x: 10, y: 10)))
        _ = app.update(.mouse(MouseEvent(.drag, x: 70, y: 10)))
        // 60 columns of drag show as a small stretch, never more than a quarter page.
        #expect(app.slide.offset < 0 && app.slide.offset > -20)
        _ = app.update(.mouse(MouseEvent(.release, x: 70, y: 10)))
        #expect(app.carousel.currentIndex == 0)
        TestDecks.settle(&app)
        #expect(app.slide.offset == 0)
    }

    @Test func theWheelPages() {
        var app = Self.app()
        _ = app.update(.mouse(MouseEvent(.wheelDown, x: 1, y: 1)))
        #expect(app.carousel.currentIndex == 1)
        _ = app.update(.mouse(MouseEvent(.wheelUp, x: 1, y: 1)))
        #expect(app.carousel.currentIndex == 0)
    }

    // MARK: Bounce on appear

    @Test func aBouncingHeroSymbolDropsInAndSettles() throws {
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [
                .hero(HeroPage(symbolName: "star", title: "Star", bounceOnAppear: true)),
                .step(StepPage(heading: "Two", text: "")),
            ])
        // The first page appears at launch, so its symbol drops in with no slide around it.
        var app = OnboardingApp(deck: deck, colorMode: .indexed256, width: 40, height: 24)
        let still = TestDecks.screen(
            OnboardingApp(
                deck: deck, colorMode: .indexed256, width: 40, height: 24, settings: AppSettings(reducesMotion: true)))
        #expect(app.isAnimating)
        Self.tick(&app, 2)
        let dropping = TestDecks.screen(app)
        // The lowest row with ink of the symbol.
        let restRow = try #require(still.lines.lastIndex { $0.contains("█") })
        let dropRow = try #require(dropping.lines.lastIndex { $0.contains("█") })
        #expect(dropRow < restRow)
        var lowest = dropRow
        while app.isAnimating {
            Self.tick(&app, 1)
            lowest = max(lowest, TestDecks.screen(app).lines.lastIndex { $0.contains("█") } ?? 0)
        }
        // It bounces past its place once, then rests exactly where a still page has it.
        #expect(lowest > restRow)
        #expect(TestDecks.screen(app) == still)
    }
}

extension SlideTests {
    @Test func aHardSwipePastTheLastPageSettlesOnIt() {
        var app = Self.app(pages: 2, width: 24, height: 8)
        _ = app.update(.key(.character("G")))
        TestDecks.settle(&app)
        _ = app.update(.mouse(MouseEvent(.press, x: 23, y: 3)))
        for x in stride(from: 22, through: 0, by: -1) {
            _ = app.update(.mouse(MouseEvent(.drag, x: x, y: 3)))
            Self.tick(&app, 1)
        }
        // The last moves and the release arrive in one batch, with no tick between them.
        _ = app.update(.mouse(MouseEvent(.drag, x: 1, y: 3)))
        _ = app.update(.mouse(MouseEvent(.release, x: 0, y: 3)))
        _ = TestDecks.screen(app)
        TestDecks.settle(&app)
        #expect(app.carousel.currentIndex == 1)
        #expect(app.slide.offset == 24)
    }

    @Test func openingTheHelpMidDragEndsTheDrag() {
        var app = Self.app()
        _ = app.update(.mouse(MouseEvent(.press, x: 50, y: 10)))
        _ = app.update(.mouse(MouseEvent(.drag, x: 30, y: 10)))
        _ = app.update(.key(.character("?")))
        _ = app.update(.mouse(MouseEvent(.release, x: 30, y: 10)))
        _ = app.update(.key(.character("l")))
        let ticks = TestDecks.settle(&app)
        #expect(ticks < 600, "the app kept animating")
        #expect(app.slide.offset == Double(app.carousel.currentIndex * 80))
    }

    @Test func randomMouseAndKeysNeverCrashAndAlwaysComeToRest() {
        var generator = SeededGenerator(seed: 99)
        let kinds: [MouseEvent.Kind] = [.press, .drag, .drag, .drag, .release, .click, .wheelUp, .wheelDown]
        let keys: [Key] = [.right, .left, .character("?"), .character("x"), .end, .home]
        for _ in 0..<300 {
            let pages = Int(generator.next() % 5) + 1
            let width = Int(generator.next() % 100) + 1
            let height = Int(generator.next() % 30) + 1
            var app = Self.app(pages: pages, width: width, height: height)
            for _ in 0..<40 {
                let x = Int(generator.next() % UInt64(width + 20)) - 10
                let y = Int(generator.next() % UInt64(height + 4)) - 2
                if generator.next() % 4 == 0 {
                    _ = app.update(.key(keys[Int(generator.next() % UInt64(keys.count))]))
                } else {
                    _ = app.update(.mouse(MouseEvent(kinds[Int(generator.next() % UInt64(kinds.count))], x: x, y: y)))
                }
                Self.tick(&app, Int(generator.next() % 3))
                _ = TestDecks.screen(app)
                #expect((0..<pages).contains(app.carousel.currentIndex))
            }
            _ = app.update(.mouse(MouseEvent(.release, x: 0, y: 0)))
            let ticks = TestDecks.settle(&app)
            #expect(ticks < 600)
        }
    }
}

extension SlideTests {
    @Test func theFastestFlickNeverSwingsPastTheNeighbouringPage() {
        var app = Self.app(pages: 3, width: 40, height: 10)
        _ = app.update(.mouse(MouseEvent(.press, x: 39, y: 4)))
        _ = app.update(.mouse(MouseEvent(.drag, x: 0, y: 4)))
        Self.tick(&app, 1)  // 39 columns in one sixtieth of a second
        _ = app.update(.mouse(MouseEvent(.release, x: 0, y: 4)))
        #expect(app.carousel.currentIndex == 1)
        var furthest = app.slide.offset
        while app.isAnimating {
            Self.tick(&app, 1)
            furthest = max(furthest, app.slide.offset)
        }
        #expect(furthest < 60, "the row swung to \(furthest), half-way to page 3")
        #expect(app.slide.offset == 40)
    }
}
