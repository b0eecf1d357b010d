import Foundation
import Testing

@testable import OnboardKit

@Suite struct CarouselRenderingTests {
    @Test(arguments: [(80, 24), (40, 12)])
    func everyPageOfTheInternationalDeckMatchesItsSnapshot(width: Int, height: Int) {
        var app = TestDecks.app(TestDecks.international, width: width, height: height)
        for page in 0..<TestDecks.international.pages.count {
            TestDecks.settle(&app)
            let screen = TestDecks.screen(app)
            assertSnapshot(framed(screen.lines, width: width), named: "page\(page + 1)-\(width)x\(height)")
            _ = app.update(.key(.right))
        }
    }

    @Test func tooSmallTerminalShowsTheNeededSize() {
        let app = TestDecks.app(TestDecks.international, width: 22, height: 6)
        let screen = TestDecks.screen(app)
        assertSnapshot(framed(screen.lines, width: 22), named: "too-small-22x6")
        #expect(screen.text.contains("need 24 x 8"))
    }

    @Test func everySizeDownToOneByOneRendersWithoutCrashing() {
        for width in 0...30 {
            for height in 0...12 {
                var app = TestDecks.app(TestDecks.international, width: width, height: height)
                for key in [Key.right, .right, .character("?")] {
                    _ = app.update(.key(key))
                    let screen = TestDecks.screen(app)
                    #expect(screen.width == width && screen.height == height)
                }
            }
        }
    }

    @Test func dotsAndControlsOnFirstMiddleAndLastPage() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 5), width: 60, height: 12)
        var screen = TestDecks.screen(app)
        #expect(screen.lines[10].contains("● ○ ○ ○ ○"))
        #expect(!screen.lines[11].contains("Back"))
        #expect(screen.lines[11].hasSuffix("Next >"))
        #expect(screen.lines[0].hasSuffix("Skip"))

        _ = app.update(.key(.character("3")))
        TestDecks.settle(&app)
        screen = TestDecks.screen(app)
        #expect(screen.lines[10].contains("○ ○ ● ○ ○"))
        #expect(screen.lines[11].contains("< Back"))
        #expect(screen.lines[11].hasSuffix("Next >"))

        _ = app.update(.key(.end))
        TestDecks.settle(&app)
        screen = TestDecks.screen(app)
        #expect(screen.lines[10].contains("○ ○ ○ ○ ●"))
        #expect(screen.lines[11].contains("< Back"))
        #expect(screen.lines[11].hasSuffix("Get started"))
        #expect(!screen.lines[0].contains("Skip"))
        assertSnapshot(framed(screen.lines, width: 60), named: "last-page-60x12")
    }

    @Test func currentDotIsHighlightedWithTheAccent() throws {
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"), accent: .indexed(202), pages: TestDecks.pages(3))
        let app = OnboardingApp(deck: deck, colorMode: .indexed256, width: 40, height: 12)
        let screen = TestDecks.screen(app)
        let dotsRow = 10
        let current = (0..<40).first { screen[$0, dotsRow].grapheme == "●" }
        let other = (0..<40).first { screen[$0, dotsRow].grapheme == "○" }
        let currentColumn = try #require(current)
        let otherColumn = try #require(other)
        #expect(screen[currentColumn, dotsRow].style.foreground == .indexed(202))
        #expect(screen[otherColumn, dotsRow].style.foreground != .indexed(202))
    }

    @Test func monochromeUsesNoColourAndReverseForThePrimaryButton() throws {
        var app = TestDecks.app(TestDecks.deck(pageCount: 2), width: 40, height: 12, mode: .monochrome)
        _ = app.update(.key(.end))
        let screen = TestDecks.screen(app)
        #expect(
            screen.cells.allSatisfy {
                $0.style.foreground == .terminalDefault && $0.style.background == .terminalDefault
            })
        let doneColumn = try #require((0..<40).first { screen[$0, 11].grapheme == "G" })
        #expect(screen[doneColumn, 11].style.isReverse)
    }

    @Test func manyPagesUseTheCompactProgressForm() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 37), width: 40, height: 12)
        _ = app.update(.key(.character("4")))
        let screen = TestDecks.screen(app)
        #expect(screen.lines[10].trimmingCharacters(in: .whitespaces) == "4 / 37")
    }

    @Test func longTextScrollsInsteadOfBeingCut() {
        let long = String(repeating: "word ", count: 200)
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [.step(StepPage(art: Array(repeating: "#####", count: 6), heading: "Heading", text: long))])
        let screen = TestDecks.screen(TestDecks.app(deck, width: 40, height: 12))
        // The art is dropped first, the heading stays, and the last row says there is more.
        #expect(!screen.text.contains("#####"))
        #expect(screen.text.contains("Heading"))
        #expect(!screen.text.contains("…"))
        #expect(screen.lines[9].trimmingCharacters(in: .whitespaces).hasPrefix("↓ "))
        #expect(screen.lines[9].hasSuffix(" more"))
        #expect(screen.lines[10].contains("●"))
    }

    @Test func helpOverlayListsTheKeys() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 3), width: 80, height: 24)
        _ = app.update(.key(.character("?")))
        let screen = TestDecks.screen(app)
        #expect(screen.text.contains("Keys"))
        #expect(screen.text.contains("next page"))
        #expect(screen.text.contains("Ctrl-C"))
        _ = app.update(.key(.character("x")))
        #expect(!TestDecks.screen(app).text.contains("next page"))
    }
}

extension CarouselRenderingTests {
    @Test func helpOnASmallScreenSaysWhatItCannotShow() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 3), width: 40, height: 8)
        _ = app.update(.key(.character("?")))
        let screen = TestDecks.screen(app)
        assertSnapshot(framed(screen.lines, width: 40), named: "help-40x8")
        #expect(screen.text.contains("more in a larger terminal"))
        #expect(screen.text.contains("next page"))
    }
}
