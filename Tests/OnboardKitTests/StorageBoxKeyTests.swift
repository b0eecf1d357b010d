import Foundation
import Testing

@testable import OnboardKit

/// A box never takes a key it was not shown for: one that comes up while keys are being
/// handled (a storage problem found on the wake a key caused, a purchase the key before
/// finished) stays until a frame has shown it, and only a key after that closes it. The
/// messages come in the order the shell sends them.
@Suite struct StorageBoxKeyTests {
    static let problem = StorageProblem(.unreadable, message: "purchase ledger: /s/ledger.jsonl is a FIFO")

    static func notice(_ app: OnboardingApp) -> StoreSimulator.Notice? { app.paywall?.store.notice }

    @Test(arguments: [Key.enter, .escape, .character("x")])
    func theKeyWhoseWakeFoundTheProblemDoesNotCloseItsBox(key: Key) throws {
        var app = try PaywallFixtures.flowApp()
        _ = app.update(.presented)
        // The wake a key caused: the shell looks at the ledger first, then reads the key.
        _ = app.update(.storageProblem(Self.problem))
        _ = app.update(.key(key))
        #expect(Self.notice(app) == .storageProblem(Self.problem), "\(key) closed a box never drawn")
        #expect(TestDecks.screen(app).text.contains("Purchase records could not be read"))
        _ = app.update(.presented)
        _ = app.update(.key(key))
        #expect(Self.notice(app) == nil, "\(key) did not close the box once it was shown")
    }

    @Test func aKeyBeforeTheBoxIsShownNeitherClosesItNorBuysBehindIt() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = app.update(.presented)
        _ = app.update(.storageProblem(Self.problem))
        let effects = app.update(.key(.enter))
        #expect(effects.isEmpty, "Enter bought behind a box: \(effects)")
        #expect(Self.notice(app) == .storageProblem(Self.problem))
    }

    @Test func keysReadInOneBatchDoNotCloseTheNoticeTheFirstOfThemOpened() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = app.update(.presented)
        // Enter buys at once (no latency) and the shell saves it; Esc was already typed.
        _ = PaywallFlowTests.answer(app.update(.key(.enter)), &app)
        #expect(Self.notice(app) == .purchased(productName: "Pro Annual"))
        _ = app.update(.key(.escape))
        #expect(Self.notice(app) == .purchased(productName: "Pro Annual"), "Esc closed a notice never drawn")
        _ = app.update(.presented)
        _ = app.update(.key(.escape))
        #expect(Self.notice(app) == nil)
    }

    @Test func theSameWordsComingBackAreANewBoxToShow() throws {
        var app = try PaywallFixtures.flowApp()
        _ = app.update(.storageProblem(Self.problem))
        _ = app.update(.presented)
        _ = app.update(.key(.escape))
        #expect(Self.notice(app) == nil)
        // Found again before the next frame: the box looks the same, but it was not seen.
        _ = app.update(.storageProblem(Self.problem))
        _ = app.update(.key(.escape))
        #expect(Self.notice(app) == .storageProblem(Self.problem))
    }

    @Test func aBoxInAWindowTooSmallToDrawItIsNotSeen() throws {
        var app = try PaywallFixtures.flowApp()
        _ = app.update(.resize(width: 10, height: 4))
        _ = app.update(.storageProblem(Self.problem))
        _ = app.update(.presented)
        _ = app.update(.resize(width: 80, height: 24))
        _ = app.update(.key(.escape))
        #expect(Self.notice(app) == .storageProblem(Self.problem))
    }

    @Test func aRetryableFailureIsRetriedOnlyOnceShown() throws {
        var app = try PaywallFixtures.flowApp(mode: .fail, latency: 0.5)
        _ = app.update(.presented)
        _ = app.update(.key(.enter))
        // The failure comes on a tick, between frames.
        _ = PaywallFlowTests.run(&app, seconds: 1)
        #expect(Self.notice(app)?.isRetryable == true)
        // Enter typed before the failure was drawn does not buy again.
        _ = app.update(.key(.enter))
        #expect(app.paywall?.store.isBusy == false, "a retry started from a failure never drawn")
        _ = app.update(.presented)
        _ = app.update(.key(.enter))
        #expect(app.paywall?.store.isBusy == true)
    }
}

extension StorageBoxKeyTests {
    /// The box is drawn over every page, so it takes the keys on every page: before, a key on
    /// a page of the tour turned the page under a box that said "any key continues".
    @Test(arguments: [Key.right, .enter, .escape])
    func overAPageOfTheTourTheBoxTakesTheKey(key: Key) throws {
        var app = try PaywallFixtures.flowApp()
        _ = PaywallFlowTests.press([.left], &app)
        #expect(app.carousel.currentIndex == 0)
        _ = app.update(.storageProblem(Self.problem))
        _ = app.update(.key(key))
        #expect(Self.notice(app) != nil && app.carousel.currentIndex == 0, "\(key) went past a box never drawn")
        _ = app.update(.presented)
        _ = app.update(.key(key))
        #expect(Self.notice(app) == nil, "\(key) did not close the box")
        #expect(app.carousel.currentIndex == 0, "\(key) turned the page under the box")
        _ = PaywallFlowTests.press([.right], &app)
        #expect(app.carousel.currentIndex == 1)
    }

    @Test func overAPageOfTheTourAClickClosesTheBoxAndTurnsNothing() throws {
        var app = try PaywallFixtures.flowApp()
        _ = PaywallFlowTests.press([.left], &app)
        _ = app.update(.storageProblem(Self.problem))
        _ = app.update(.presented)
        let next = try PaywallMouseTests.point(of: "Next >", in: app)
        _ = app.update(.mouse(MouseEvent(.click, x: next.x, y: next.y)))
        #expect(Self.notice(app) == nil && app.carousel.currentIndex == 0)
    }

    @Test func qStillQuitsThroughTheBox() throws {
        var app = try PaywallFixtures.flowApp()
        _ = PaywallFlowTests.press([.left], &app)
        _ = app.update(.storageProblem(Self.problem))
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
    }
}
