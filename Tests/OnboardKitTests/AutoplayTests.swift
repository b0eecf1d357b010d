import Foundation
import Testing

@testable import OnboardKit

/// `--autoplay` and `--loop` driven by a fake clock: the app only ever learns the time from
/// `.clock` messages, as the shell sends them when it wakes.
@Suite struct AutoplayTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func app(pageCount: Int = 3, interval: Double = 2, loops: Bool = false) -> OnboardingApp {
        OnboardingApp(
            deck: TestDecks.deck(pageCount: pageCount), colorMode: .indexed256, width: 80, height: 24,
            settings: AppSettings(autoplay: Autoplay(interval: interval, loops: loops)))
    }

    /// The shell waking at `seconds` after the start: the clock, then frames until the slide rests.
    static func wake(_ app: inout OnboardingApp, at seconds: Double) {
        _ = app.update(.clock(start.addingTimeInterval(seconds)))
        TestDecks.settle(&app)
    }

    @Test func pagesTurnWhenTheDeadlinePassesAndTheAppSaysWhenThatIs() {
        var app = Self.app()
        #expect(app.nextChange == nil)
        Self.wake(&app, at: 0)
        #expect(app.nextChange == Self.start.addingTimeInterval(2))
        Self.wake(&app, at: 1.999)
        #expect(app.carousel.currentIndex == 0)
        // The page turns with the real slide: the first frames after the deadline are moving.
        _ = app.update(.clock(Self.start.addingTimeInterval(2)))
        #expect(app.carousel.currentIndex == 1)
        #expect(app.isAnimating)
        TestDecks.settle(&app)
        #expect(app.nextChange == Self.start.addingTimeInterval(4))
        // A late wake-up turns one page, not every page it slept through.
        Self.wake(&app, at: 9)
        #expect(app.carousel.currentIndex == 2)
        #expect(app.nextChange == Self.start.addingTimeInterval(11))
    }

    @Test func withoutLoopingTheLastPageStaysAndNothingElseIsDue() {
        var app = Self.app(pageCount: 2)
        Self.wake(&app, at: 0)
        Self.wake(&app, at: 2)
        #expect(app.carousel.currentIndex == 1)
        Self.wake(&app, at: 4)
        #expect(app.carousel.currentIndex == 1)
        #expect(app.autoplay?.isFinished == true)
        #expect(app.nextChange == nil)
    }

    @Test func loopingStartsOverAfterTheLastPageUntilQ() {
        var app = Self.app(pageCount: 2, loops: true)
        var seen: [Int] = []
        for second in stride(from: 0.0, through: 10, by: 2) {
            Self.wake(&app, at: second)
            seen.append(app.carousel.currentIndex)
        }
        #expect(seen == [0, 1, 0, 1, 0, 1])
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
    }

    @Test func anyKeyPausesWithoutActingAndPResumesWithAWholeTurn() throws {
        var app = Self.app()
        Self.wake(&app, at: 0)
        #expect(app.update(.key(.right)) == [])
        // The key only took over: it did not also turn the page.
        #expect(app.carousel.currentIndex == 0)
        #expect(app.autoplay?.isPaused == true)
        #expect(app.nextChange == nil)
        Self.wake(&app, at: 30)
        #expect(app.carousel.currentIndex == 0)
        let top = TestDecks.screen(app).lines[0]
        #expect(top.contains(Autoplay.pausedHint))
        // Paused, keys act as usual.
        _ = app.update(.key(.right))
        TestDecks.settle(&app)
        #expect(app.carousel.currentIndex == 1)
        #expect(app.update(.key(.character("p"))) == [])
        #expect(app.autoplay?.isPaused == false)
        #expect(app.nextChange == Self.start.addingTimeInterval(32))
        #expect(!TestDecks.screen(app).lines[0].contains(Autoplay.pausedHint))
        Self.wake(&app, at: 31.5)
        #expect(app.carousel.currentIndex == 1)
        Self.wake(&app, at: 32)
        #expect(app.carousel.currentIndex == 2)
    }

    @Test func aClickPausesAsAKeyDoes() throws {
        var app = Self.app()
        Self.wake(&app, at: 0)
        let next = try #require(app.layout.nextButton)
        _ = app.update(.mouse(MouseEvent(.click, x: next.x, y: next.y)))
        #expect(app.carousel.currentIndex == 0)
        #expect(app.autoplay?.isPaused == true)
        // A press and release (how most terminals report a click) pauses without acting too.
        var other = Self.app()
        Self.wake(&other, at: 0)
        _ = other.update(.mouse(MouseEvent(.press, x: next.x, y: next.y)))
        _ = other.update(.mouse(MouseEvent(.release, x: next.x, y: next.y)))
        TestDecks.settle(&other)
        #expect(other.carousel.currentIndex == 0)
        #expect(other.autoplay?.isPaused == true)
    }

    @Test func theTourWithoutAutoplayHasNoHintAndPIsNoKey() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 3), width: 80, height: 24)
        _ = app.update(.clock(Self.start))
        #expect(app.nextChange == nil)
        _ = app.update(.key(.character("p")))
        #expect(app.autoplay == nil)
        #expect(!TestDecks.screen(app).lines[0].contains(Autoplay.pausedHint))
    }

    @Test func thePaywallHasItsTurnAndNothingIsBought() throws {
        let catalog = try PaywallFixtures.defaultCatalog()
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [
                .step(StepPage(heading: "Intro", text: "")), .paywall(PaywallPage(offeringID: "default")),
                .step(StepPage(heading: "After", text: "")),
            ])
        let setup = PaywallSetup(
            catalog: catalog, ledger: Ledger(), mode: .success, latency: 0,
            clock: StoreClock(startWallDate: Self.start, timeRate: 1))
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 80, height: 24,
            settings: AppSettings(seed: 1, autoplay: Autoplay(interval: 2)), paywall: setup)
        Self.wake(&app, at: 0)
        Self.wake(&app, at: 2)
        #expect(app.carousel.currentIndex == 1)
        // Running, the purchase keys only pause; paused, they do nothing at all.
        var recorded: [LedgerTransaction] = []
        for key: Key in [.enter, .enter, .character("r")] {
            recorded += PaywallFlowTests.answer(app.update(.key(key)), &app)
            recorded += PaywallFlowTests.run(&app, seconds: 0.5)
        }
        #expect(recorded.isEmpty)
        // The paused paywall says why Enter and r did nothing, until the next key.
        #expect(TestDecks.screen(app).text.contains("purchases are off during autoplay"))
        _ = app.update(.key(.character("p")))
        #expect(!TestDecks.screen(app).text.contains("purchases are off during autoplay"))
        _ = app.update(.key(.character("x")))
        #expect(app.paywall?.recordedThisRun.isEmpty == true)
        #expect(app.isSettlingPurchase == false)
        #expect(app.paywall?.store.completedRestores.isEmpty == true)
        // Clicks on the button, on a package twice and on Restore neither.
        for text in ["Start your 1-week free trial", "Pro Annual", "Pro Annual", "r restore"] {
            #expect(try PaywallMouseTests.click(text, &app).isEmpty)
            recorded += PaywallFlowTests.run(&app, seconds: 0.5)
        }
        #expect(recorded.isEmpty)
        #expect(app.paywall?.recordedThisRun.isEmpty == true)
        #expect(app.carousel.currentIndex == 1)
        // Resumed, the paywall gives way to the next page on time.
        _ = app.update(.key(.character("p")))
        Self.wake(&app, at: 4)
        #expect(app.carousel.currentIndex == 2)
    }
}
