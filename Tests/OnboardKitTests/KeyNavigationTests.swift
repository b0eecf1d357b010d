import Testing

@testable import OnboardKit

@Suite struct KeyNavigationTests {
    static func press(_ keys: [Key], pages: Int = 5, startingAt start: Int = 0) -> (page: Int, effects: [Effect]) {
        var app = TestDecks.app(TestDecks.deck(pageCount: pages), width: 80, height: 24)
        _ = app.update(.key(.character(Character(String(start + 1)))))
        var effects: [Effect] = []
        for key in keys { effects += app.update(.key(key)) }
        return (app.carousel.currentIndex, effects)
    }

    @Test(arguments: [
        ([Key.right], 0, 1),
        ([.character("l")], 0, 1),
        ([.character(" ")], 0, 1),
        ([.enter], 0, 1),
        ([.pageDown], 0, 1),
        ([.left], 2, 1),
        ([.character("h")], 2, 1),
        ([.backspace], 2, 1),
        ([.pageUp], 2, 1),
        ([.left], 0, 0),  // the first page does not wrap
        ([.right], 4, 4),  // the last page does not wrap
        ([.right, .right, .right, .right, .right, .right], 0, 4),
        ([.home], 3, 0),
        ([.character("g")], 3, 0),
        ([.end], 1, 4),
        ([.character("G")], 1, 4),
        ([.character("3")], 0, 2),
        ([.character("9")], 0, 0),  // a digit past the end is no page
        ([.character("6")], 2, 2),
        ([.character("5")], 0, 4),
        ([.character("0")], 2, 2),  // 0 is not a page
        ([.up, .down, .tab, .character("x")], 2, 2),
    ])
    func keysMoveBetweenPages(keys: [Key], start: Int, expected: Int) {
        let result = Self.press(keys, startingAt: start)
        #expect(result.page == expected)
        #expect(result.effects.isEmpty)
    }

    @Test(arguments: [
        (Key.character("q"), TourEnding.dismissed),
        (.escape, .dismissed),
        (.control("c"), .interrupted),
        (.character("s"), .skipped),
    ])
    func quittingKeysEndTheSession(key: Key, outcome: TourEnding) {
        #expect(Self.press([key]).effects == [.quit(outcome)])
    }

    @Test func enterOnTheLastPageCompletesButRightDoesNot() {
        #expect(Self.press([.right], startingAt: 4).effects.isEmpty)
        #expect(Self.press([.enter], startingAt: 4).effects == [.quit(.completed)])
        #expect(Self.press([.character(" ")], startingAt: 4).effects == [.quit(.completed)])
    }

    @Test(arguments: [Key.right, .character("q"), .escape, .character("?"), .character("s"), .enter])
    func anyKeyClosesTheHelpAndDoesNothingElse(key: Key) {
        var app = TestDecks.app(TestDecks.deck(pageCount: 5), width: 80, height: 24)
        _ = app.update(.key(.character("?")))
        #expect(app.isShowingHelp)
        #expect(app.update(.key(key)).isEmpty)
        #expect(!app.isShowingHelp)
        #expect(app.carousel.currentIndex == 0)
        // The next q quits as usual.
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
    }

    @Test func ctrlCQuitsEvenFromTheHelp() {
        #expect(Self.press([.character("?"), .control("c")]).effects == [.quit(.interrupted)])
    }

    @Test(arguments: 1...9)
    func aDigitJumpsOnlyToAPageThatExists(digit: Int) {
        let result = Self.press([.character(Character(String(digit)))], pages: 8, startingAt: 2)
        #expect(result.page == (digit <= 8 ? digit - 1 : 2))
    }

    /// Seeded random key sequences on decks of 1 to 12 pages: after every key the app is where
    /// the reference model of the carousel says, and ends exactly when the model does.
    @Test func randomKeySequencesFollowTheReferenceModel() {
        var generator = SeededGenerator(seed: 7)
        let keys: [Key] = [
            .right, .left, .home, .end, .pageUp, .pageDown, .enter, .backspace, .up, .down, .tab, .escape,
            .control("c"), .character("l"), .character("h"), .character(" "), .character("g"), .character("G"),
            .character("0"), .character("1"), .character("5"), .character("9"), .character("?"), .character("q"),
            .character("s"), .character("x"),
        ]
        for run in 0..<2000 {
            let pages = Int(generator.next() % 12) + 1
            var app = TestDecks.app(TestDecks.deck(pageCount: pages), width: 60, height: 20)
            var model = CarouselModel(pageCount: pages)
            var pressed: [Key] = []
            for _ in 0..<30 {
                let key = keys[Int(generator.next() % UInt64(keys.count))]
                pressed.append(key)
                let effects = app.update(.key(key))
                model.press(key)
                let expectedEffects = model.outcome.map { [Effect.quit($0)] } ?? []
                let agrees =
                    app.carousel.currentIndex == model.page && app.isShowingHelp == model.isShowingHelp
                    && effects == expectedEffects
                #expect(
                    agrees,
                    """
                    run \(run), \(pages) pages, after \(pressed): app on page \(app.carousel.currentIndex) \
                    help \(app.isShowingHelp) effects \(effects); model on page \(model.page) \
                    help \(model.isShowingHelp) effects \(expectedEffects)
                    """)
                // The first disagreement is the one worth reading.
                if !agrees { return }
                if model.outcome != nil { break }
            }
        }
    }

    @Test func clicksHitTheButtonsThatWereDrawn() throws {
        var app = TestDecks.app(TestDecks.deck(pageCount: 5), width: 80, height: 24)
        let next = try #require(app.layout.nextButton)
        _ = app.update(.mouse(MouseEvent(.click, x: next.x + 1, y: next.y)))
        #expect(app.carousel.currentIndex == 1)
        let back = try #require(app.layout.backButton)
        _ = app.update(.mouse(MouseEvent(.click, x: back.x, y: back.y)))
        #expect(app.carousel.currentIndex == 0)
        let fourthDot = app.layout.dotColumns[3]
        _ = app.update(.mouse(MouseEvent(.click, x: fourthDot, y: app.layout.dotsRow)))
        #expect(app.carousel.currentIndex == 3)
        let skip = try #require(app.layout.skipButton)
        #expect(app.update(.mouse(MouseEvent(.click, x: skip.x, y: skip.y))) == [.quit(.skipped)])
        _ = app.update(.key(.end))
        let done = try #require(app.layout.doneButton)
        #expect(app.update(.mouse(MouseEvent(.click, x: done.maxX - 1, y: done.y))) == [.quit(.completed)])
    }
}
