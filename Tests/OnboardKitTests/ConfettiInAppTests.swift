import Testing

@testable import OnboardKit

/// Confetti as the app throws it: triggers, the frame timer, input during a burst.
@Suite struct ConfettiInAppTests {
    static func app(confetti: ConfettiTriggers = .default, reducesMotion: Bool = false) -> OnboardingApp {
        var deck = TestDecks.deck(pageCount: 3)
        deck.confetti = confetti
        return OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 60, height: 20,
            settings: AppSettings(reducesMotion: reducesMotion, seed: 42))
    }

    @Test func theCelebrateKeyFiresAndThePageComesBackExactly() {
        var app = Self.app()
        let page = TestDecks.screen(app)
        _ = app.update(.key(.character("c")))
        #expect(app.isAnimating)
        for _ in 0..<20 { _ = app.update(.tick(seconds: 1.0 / 60)) }
        #expect(TestDecks.screen(app) != page)
        let ticks = TestDecks.settle(&app, limit: 60 * 30)
        #expect(ticks < 60 * 30)
        #expect(!app.isAnimating)
        #expect(TestDecks.screen(app) == page)
    }

    @Test func sameSeedSameFrames() {
        var first = Self.app()
        var second = Self.app()
        for app in [0, 1] {
            _ = app == 0 ? first.update(.key(.character("c"))) : second.update(.key(.character("c")))
        }
        for _ in 0..<30 {
            _ = first.update(.tick(seconds: 1.0 / 60))
            _ = second.update(.tick(seconds: 1.0 / 60))
        }
        #expect(TestDecks.screen(first) == TestDecks.screen(second))
    }

    @Test func keysStillWorkDuringABurstAndResizeIsClean() {
        var app = Self.app()
        _ = app.update(.key(.character("c")))
        for _ in 0..<10 { _ = app.update(.tick(seconds: 1.0 / 60)) }
        _ = app.update(.key(.right))
        #expect(app.carousel.currentIndex == 1)
        _ = app.update(.resize(width: 30, height: 10))
        for _ in 0..<10 { _ = app.update(.tick(seconds: 1.0 / 60)) }
        #expect(TestDecks.screen(app).width == 30)
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
    }

    @Test func onAppearFiresOnceTheScreenHasASize() {
        var app = OnboardingApp(
            deck: Deck(
                app: AppInfo(id: "a", name: "A", version: "1"), pages: TestDecks.pages(2),
                confetti: ConfettiTriggers(onAppear: .burst)),
            colorMode: .indexed256, width: 0, height: 0)
        #expect(!app.isAnimating)
        _ = app.update(.resize(width: 60, height: 20))
        #expect(app.isAnimating)
    }

    @Test func finishingConfettiDelaysTheQuitUntilItLandsOrAKeyIsPressed() {
        var app = Self.app(confetti: ConfettiTriggers(onFinish: .burst))
        _ = app.update(.key(.end))
        TestDecks.settle(&app)
        #expect(app.update(.key(.enter)).isEmpty)
        #expect(app.isAnimating)
        var quit: [Effect] = []
        for _ in 0..<(60 * 30) where quit.isEmpty {
            quit = app.update(.tick(seconds: 1.0 / 60))
        }
        #expect(quit == [.quit(.completed)])

        var impatient = Self.app(confetti: ConfettiTriggers(onFinish: .burst))
        _ = impatient.update(.key(.end))
        _ = impatient.update(.key(.enter))
        #expect(impatient.update(.key(.character("x"))) == [.quit(.completed)])
    }

    @Test func reducedMotionThrowsNoConfettiAndSaysSoInOneLineUntilTheNextKey() {
        var app = Self.app(reducesMotion: true)
        let page = TestDecks.screen(app)
        _ = app.update(.key(.character("c")))
        #expect(!app.isAnimating)
        #expect(!app.confetti.isAlive)
        let screen = TestDecks.screen(app)
        #expect(!screen.text.contains("▀") && !screen.text.contains("▄"))
        // The line takes the dots' place; everything else is the page as it was.
        #expect(screen.lines[app.layout.dotsRow].trimmingCharacters(in: .whitespaces) == OnboardingApp.noConfettiNote)
        #expect(Array(screen.lines.prefix(app.layout.dotsRow)) == Array(page.lines.prefix(app.layout.dotsRow)))
        _ = app.update(.key(.character("x")))
        #expect(TestDecks.screen(app) == page)
    }

    @Test func reducedMotionCelebratesAPurchaseWithOneLineAndNoConfetti() throws {
        var app = try PaywallFixtures.flowApp()
        let recorded = PaywallFlowTests.press([.enter], &app) + PaywallFlowTests.run(&app, seconds: 1)
        #expect(recorded.count == 1)
        #expect(!app.confetti.isAlive)
        #expect(!app.isAnimating)
        let screen = TestDecks.screen(app)
        #expect(screen.text.contains("You're all set"))
        #expect(screen.lines[app.layout.dotsRow].trimmingCharacters(in: .whitespaces) == "✓ Purchased")
        #expect(!screen.text.contains("▀") && !screen.text.contains("▄"))
        // The key that closes the notice takes the line away too.
        _ = app.update(.key(.enter))
        #expect(!TestDecks.screen(app).text.contains("✓ Purchased"))
    }

    @Test func withMotionAPurchaseThrowsConfettiAndNoLine() throws {
        var app = try PaywallFixtures.flowApp(reducesMotion: false)
        _ = PaywallFlowTests.press([.enter], &app)
        _ = PaywallFlowTests.run(&app, seconds: 0.6)
        #expect(app.confetti.isAlive)
        #expect(app.celebrationNote == nil)
    }
}

extension ConfettiInAppTests {
    @Test func reducedMotionDoesNotCoverTheFirstPageWithConfetti() {
        var deck = TestDecks.deck(pageCount: 2)
        deck.confetti = ConfettiTriggers(onAppear: .burst)
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 0, height: 0, settings: AppSettings(reducesMotion: true))
        _ = app.update(.resize(width: 60, height: 20))
        #expect(!app.isAnimating)
        #expect(TestDecks.screen(app).text.contains("Page 1"))
        #expect(!TestDecks.screen(app).text.contains("▀"))
    }
}

extension ConfettiInAppTests {
    @Test func aClickDuringTheFinishingConfettiEndsAtOnce() {
        var app = Self.app(confetti: ConfettiTriggers(onFinish: .burst))
        _ = app.update(.key(.end))
        _ = app.update(.key(.enter))
        let back = app.layout.backButton!
        #expect(app.update(.mouse(MouseEvent(.click, x: back.x, y: back.y))) == [.quit(.completed)])
    }
}
