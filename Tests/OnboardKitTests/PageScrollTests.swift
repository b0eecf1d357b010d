import Testing

@testable import OnboardKit

/// Pages whose text does not fit: they scroll with ↓/↑ and the wheel, with "more" markers,
/// and every word can be read at every size.
@Suite struct PageScrollTests {
    static let longText = (1...30).map { "Line \($0) of a text that is far too long for a small window." }
        .joined(separator: " ")

    static func deck(text: String = longText, pages: Int = 3) -> Deck {
        var all: [Page] = [
            .step(StepPage(art: ["[art]"], heading: "A long page", text: text))
        ]
        all += TestDecks.pages(pages - 1)
        return Deck(app: AppInfo(id: "a", name: "A", version: "1"), pages: all)
    }

    static func app(_ deck: Deck = deck(), width: Int = 40, height: Int = 12, reducesMotion: Bool = false)
        -> OnboardingApp
    {
        OnboardingApp(
            deck: deck, colorMode: .indexed256, width: width, height: height,
            settings: AppSettings(reducesMotion: reducesMotion))
    }

    /// The content rows of the screen (between the top bar and the dots).
    static func content(_ app: OnboardingApp) -> [String] {
        let lines = TestDecks.screen(app).lines
        let content = app.layout.content
        return Array(lines[content.y..<content.maxY])
    }

    static func wheel(_ app: inout OnboardingApp, _ kind: MouseEvent.Kind, times: Int = 1) {
        for _ in 0..<times { _ = app.update(.mouse(MouseEvent(kind, x: 5, y: 5))) }
    }

    static func tick(_ app: inout OnboardingApp, _ count: Int) {
        for _ in 0..<count { _ = app.update(.tick(seconds: 1.0 / 60)) }
    }

    @Test func anOverflowingPageShowsItsTopAndHowMuchIsBelow() {
        let app = Self.app()
        #expect(app.scrollLimit > 0)
        let content = Self.content(app)
        #expect(content.first?.contains("A long page") == true)
        #expect(content.last?.trimmingCharacters(in: .whitespaces) == "↓ \(app.scrollLimit + 1) more")
        #expect(!TestDecks.screen(app).text.contains("…"))
        assertSnapshot(framed(TestDecks.screen(app).lines, width: 40), named: "scroll-top-40x12")
    }

    @Test func downAndUpScrollOneRowAtATimeWithinTheLimit() {
        var app = Self.app()
        let limit = app.scrollLimit
        _ = app.update(.key(.down))
        #expect(app.scrollOffset == 1)
        #expect(Self.content(app).first?.trimmingCharacters(in: .whitespaces) == "↑ 2 more")
        _ = app.update(.key(.character("j")))
        #expect(app.scrollOffset == 2)
        assertSnapshot(framed(TestDecks.screen(app).lines, width: 40), named: "scroll-middle-40x12")
        for _ in 0..<(limit + 5) { _ = app.update(.key(.down)) }
        #expect(app.scrollOffset == limit)
        #expect(app.carousel.currentIndex == 0, "↓ never pages")
        let bottom = Self.content(app)
        #expect(bottom.last?.contains("Line 30 of a text") == true || bottom.last?.contains("window.") == true)
        #expect(!bottom.contains { $0.contains("↓") })
        assertSnapshot(framed(TestDecks.screen(app).lines, width: 40), named: "scroll-end-40x12")
        _ = app.update(.key(.up))
        _ = app.update(.key(.character("k")))
        #expect(app.scrollOffset == limit - 2)
        for _ in 0..<(limit + 5) { _ = app.update(.key(.up)) }
        #expect(app.scrollOffset == 0)
        #expect(app.carousel.currentIndex == 0, "↑ never pages")
    }

    /// Whatever the size, scrolling from top to bottom shows every word of the text.
    @Test(arguments: [(24, 8), (30, 10), (40, 12), (60, 16), (80, 24), (100, 12)])
    func everyWordCanBeReadAtEverySize(width: Int, height: Int) {
        var app = Self.app(width: width, height: height)
        var seen: Set<String> = []
        for _ in 0...app.scrollLimit {
            for line in Self.content(app) where !line.contains("more") {
                seen.formUnion(line.split(separator: " ").map(String.init))
            }
            _ = app.update(.key(.down))
        }
        let words = Set(Self.longText.split(separator: " ").map(String.init))
        #expect(words.subtracting(seen).isEmpty)
        #expect(seen.contains("long") && seen.contains("page"))
    }

    @Test func aPageThatFitsDoesNotScroll() {
        var app = Self.app(TestDecks.deck(pageCount: 3))
        let before = TestDecks.screen(app)
        #expect(app.scrollLimit == 0)
        _ = app.update(.key(.down))
        #expect(app.scrollOffset == 0)
        #expect(TestDecks.screen(app) == before)
    }

    @Test func eachPageKeepsItsOwnScrollAndAResizeClampsIt() {
        var app = Self.app(Self.deck(pages: 2))
        for _ in 0..<4 { _ = app.update(.key(.down)) }
        _ = app.update(.key(.right))
        #expect(app.scrollOffset == 0)
        _ = app.update(.key(.left))
        #expect(app.scrollOffset == 4)
        // Larger: the page needs less scrolling; large enough, none, and no marker.
        _ = app.update(.resize(width: 200, height: 60))
        #expect(app.scrollLimit == 0)
        #expect(app.scrollOffset == 0)
        #expect(!TestDecks.screen(app).text.contains("more"))
    }

    @Test func theArtIsLeftOutBeforeTheTextScrolls() {
        let app = Self.app()
        #expect(!TestDecks.screen(app).text.contains("[art]"))
        let roomy = Self.app(width: 120, height: 40)
        #expect(roomy.scrollLimit == 0)
        #expect(TestDecks.screen(roomy).text.contains("[art]"))
    }

    // MARK: The wheel

    @Test func theWheelScrollsAnOverflowingPageAndStopsAtItsEndWithinOneFlick() {
        var app = Self.app()
        let limit = app.scrollLimit
        // One long flick: it scrolls to the end, and the rest of it does not page.
        Self.wheel(&app, .wheelDown, times: limit + 5)
        #expect(app.scrollOffset == limit)
        #expect(app.carousel.currentIndex == 0)
        #expect(app.isAnimating, "the flick's gesture needs ticks to end")
        // A pause, then the next turn of the wheel pages.
        Self.tick(&app, Int(WheelGesture.minimumDuration * 60) + 1)
        #expect(!app.isAnimating)
        Self.wheel(&app, .wheelDown)
        #expect(app.carousel.currentIndex == 1)
        // Back on the long page, the wheel up scrolls it from where it was left.
        TestDecks.settle(&app)
        Self.wheel(&app, .wheelUp)
        #expect(app.carousel.currentIndex == 0)
        TestDecks.settle(&app)
        Self.wheel(&app, .wheelUp)
        #expect(app.scrollOffset == limit - 1)
    }

    @Test func aFlickOfFiveWheelEventsIsOnePage() {
        var app = Self.app(TestDecks.deck(pageCount: 8))
        Self.wheel(&app, .wheelDown, times: 5)
        #expect(app.carousel.currentIndex == 1)
        // More of the same flick while the slide moves: still one page.
        Self.tick(&app, 10)
        #expect(app.slide.isMoving)
        Self.wheel(&app, .wheelDown, times: 3)
        #expect(app.carousel.currentIndex == 1)
        // Once the slide is at rest, the next event is a new step.
        TestDecks.settle(&app)
        Self.wheel(&app, .wheelDown, times: 5)
        #expect(app.carousel.currentIndex == 2)
    }

    @Test func theOtherDirectionDuringASlideCountsAtOnce() {
        var app = Self.app(TestDecks.deck(pageCount: 8))
        Self.wheel(&app, .wheelDown, times: 3)
        Self.tick(&app, 5)
        Self.wheel(&app, .wheelUp, times: 3)
        #expect(app.carousel.currentIndex == 0)
    }

    /// With reduced motion the slide is a cut; the gesture still lasts its minimum time.
    @Test func underReducedMotionAFlickIsStillOnePage() {
        var app = Self.app(TestDecks.deck(pageCount: 8), reducesMotion: true)
        Self.wheel(&app, .wheelDown, times: 5)
        #expect(app.carousel.currentIndex == 1)
        let ticks = Int((WheelGesture.minimumDuration * 60).rounded())
        Self.tick(&app, ticks - 1)
        Self.wheel(&app, .wheelDown)
        #expect(app.carousel.currentIndex == 1, "within \(WheelGesture.minimumDuration) s of the step")
        Self.tick(&app, 1)
        #expect(!app.isAnimating)
        Self.wheel(&app, .wheelDown)
        #expect(app.carousel.currentIndex == 2)
    }

    @Test func keysStillPageDuringAWheelGesture() {
        var app = Self.app(TestDecks.deck(pageCount: 8))
        Self.wheel(&app, .wheelDown, times: 2)
        _ = app.update(.key(.right))
        #expect(app.carousel.currentIndex == 2)
    }

    /// Thousands of random keys, wheel turns, ticks and resizes: the offset stays within its
    /// limit, the page in range, and the app always comes to rest.
    @Test func randomInputKeepsTheScrollInRangeAndComesToRest() {
        var generator = SeededGenerator(seed: 11)
        let keys: [Key] = [.down, .up, .character("j"), .character("k"), .right, .left, .end, .home]
        for round in 0..<40 {
            var app = Self.app(Self.deck(pages: 3), reducesMotion: round % 2 == 0)
            for _ in 0..<40 {
                switch generator.next() % 5 {
                case 0: _ = app.update(.key(keys[Int(generator.next() % UInt64(keys.count))]))
                case 1: Self.wheel(&app, generator.next() % 2 == 0 ? .wheelDown : .wheelUp, times: 3)
                case 2: Self.tick(&app, Int(generator.next() % 30))
                case 3:
                    _ = app.update(
                        .resize(width: Int(generator.next() % 100) + 20, height: Int(generator.next() % 30) + 6))
                default: Self.wheel(&app, .wheelDown)
                }
                #expect((0...app.scrollLimit).contains(app.scrollOffset))
                #expect((0..<3).contains(app.carousel.currentIndex))
            }
            #expect(TestDecks.settle(&app) < 600)
        }
    }
}
