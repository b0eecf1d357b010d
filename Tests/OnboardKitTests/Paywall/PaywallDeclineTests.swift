import Foundation
import Testing

@testable import OnboardKit

/// A paywall page declined: its exit offer in its place on the first leave, its survey on the
/// next, each once per user, then the user goes where they were going.
@Suite struct PaywallDeclineTests {
    static let survey = PaywallSurvey(
        question: QuestionPage(
            id: "why-not", heading: "What held you back?",
            kind: .choices(
                ChoiceQuestion(choices: [.init(id: "price", title: "Too dear"), .init(id: "later", title: "Later")]))),
        otherTitle: "Other…")

    static func paywallPage(exitOffer: Bool = true, survey: Bool = true, offering: String = "exit_offer")
        -> PaywallPage
    {
        PaywallPage(
            offeringID: "default",
            exitOffer: exitOffer
                ? ExitOffer(page: PaywallPage(offeringID: offering, title: "Before you go: a week free")) : nil,
            survey: survey ? Self.survey : nil)
    }

    /// Intro, the paywall, After; turned to the paywall.
    static func app(
        exitOffer: Bool = true, survey: Bool = true, shownBefore: DeclineMemory = DeclineMemory(),
        autoplay: Autoplay? = nil, offering: String = "exit_offer"
    ) throws -> OnboardingApp {
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")),
            .paywall(paywallPage(exitOffer: exitOffer, survey: survey, offering: offering)),
            .step(StepPage(heading: "After", text: "")),
        ])
        let setup = PaywallSetup(
            catalog: try PaywallFixtures.listCatalog(), ledger: Ledger(), mode: .success, latency: 0.5,
            clock: StoreClock(startWallDate: PaywallFixtures.start))
        var settings = AppSettings(reducesMotion: true, seed: 1, autoplay: autoplay)
        settings.declinesShownBefore = shownBefore
        var app = PaywallFixtures.app(deck, setup: setup, settings: settings)
        _ = app.update(.key(.right))
        _ = app.takeEvents()
        return app
    }

    static func screen(_ app: OnboardingApp) -> String { TestDecks.screen(app).text }

    /// Each way of leaving the paywall without buying, and where it goes in the end.
    static let leaves: [(key: Key, ending: TourEnding?)] = [
        (.escape, nil), (.right, nil), (.character("q"), .dismissed), (.character("s"), .skipped),
    ]

    @Test(arguments: 0..<leaves.count)
    func theFirstLeaveShowsTheOfferTheNextTheSurveyThenTheUserGoesOn(leave: Int) throws {
        let (key, ending) = Self.leaves[leave]
        var app = try Self.app()
        #expect(app.update(.key(key)).isEmpty)
        #expect(app.carousel.currentIndex == 1)
        #expect(Self.screen(app).contains("Before you go: a week free"))
        #expect(app.takeEvents().map(\.name) == ["exitOfferShown"])
        #expect(app.update(.key(key)).isEmpty)
        #expect(app.carousel.currentIndex == 1)
        #expect(Self.screen(app).contains("What held you back?"))
        #expect(Self.screen(app).contains("Other…"))
        #expect(app.focus == .survey(.choiceQuestion))
        // Esc goes on without an answer, where the user was going.
        let effects = app.update(.key(.escape))
        if let ending {
            #expect(effects == [.quit(ending)])
        } else {
            #expect(effects.isEmpty)
            #expect(app.carousel.currentIndex == 2)
        }
        #expect(app.answers.isEmpty)
        #expect(app.declinesShown == DeclineMemory(exitOffers: ["exit-offer"], surveys: ["why-not"]))
    }

    @Test func otherAsksForALineAndBothAnswersAreKeptAndTold() throws {
        var app = try Self.app(exitOffer: false)
        _ = app.update(.key(.escape))
        #expect(app.takeEvents().map(\.name) == ["surveyShown"])
        for key in [Key.down, .down, .enter] { _ = app.update(.key(key)) }
        #expect(app.focus == .survey(.inputQuestion))
        #expect(Self.screen(app).contains("What else held you back?"))
        // q and digits are typed there, not taken for keys.
        for character in "q 9" { _ = app.update(.key(.character(character))) }
        _ = app.update(.paste("x\u{1B}[2J"))
        #expect(app.update(.key(.enter)).isEmpty)
        #expect(app.carousel.currentIndex == 2)
        #expect(app.answers["why-not"] == .text("other"))
        // A pasted escape is dropped, never kept raw.
        #expect(app.answers["why-not-other"] == .text("q 9x[2J"))
        let answered = app.takeEvents().compactMap { event -> String? in
            guard case .questionAnswered(let index, let id, _) = event else { return nil }
            return "\(index):\(id)"
        }
        #expect(answered == ["1:why-not", "1:why-not-other"])
    }

    @Test func aChoiceOtherThanOtherEndsTheSurvey() throws {
        var app = try Self.app(exitOffer: false)
        _ = app.update(.key(.character("q")))
        #expect(app.update(.key(.enter)) == [.quit(.dismissed)])
        #expect(app.answers == ["why-not": .text("price")])
    }

    @Test(arguments: [
        (DeclineMemory(exitOffers: ["exit-offer"]), "What held you back?"),
        (DeclineMemory(surveys: ["why-not"]), "Before you go: a week free"),
    ])
    func whatWasShownBeforeIsNotShownAgain(before: DeclineMemory, shown: String) throws {
        var app = try Self.app(shownBefore: before)
        _ = app.update(.key(.escape))
        #expect(Self.screen(app).contains(shown))
        _ = app.update(.key(.escape))
        #expect(app.carousel.currentIndex == 2)
    }

    @Test func shownBothBeforeTheLeaveGoesStraightThrough() throws {
        var app = try Self.app(shownBefore: DeclineMemory(exitOffers: ["exit-offer"], surveys: ["why-not"]))
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
        #expect(app.declinesShown.isEmpty)
    }

    @Test func aCustomerWhoBoughtIsLetGo() throws {
        var app = try Self.app()
        _ = PaywallFlowTests.press([.enter], &app)
        _ = PaywallFlowTests.run(&app, seconds: 1)
        #expect(!(app.paywall?.recordedThisRun.isEmpty ?? true))
        _ = PaywallFlowTests.press([.enter], &app)  // the notice
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
        #expect(app.declinesShown.isEmpty)
    }

    /// As on a paywall page, an offering the catalog lacks (`validate` names it) sells the
    /// current one, under the offer's words: never an empty page.
    @Test func anOfferOfAnOfferingTheCatalogLacksSellsTheCurrentOne() throws {
        var app = try Self.app(offering: "gone")
        _ = app.update(.key(.escape))
        let screen = Self.screen(app)
        #expect(screen.contains("Before you go: a week free") && screen.contains("Pro Monthly"), "\(screen)")
    }

    @Test func aPurchaseOnItsWayIsNoDecline() throws {
        var app = try Self.app()
        _ = PaywallFlowTests.press([.enter], &app)
        #expect(app.isSettlingPurchase)
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
        #expect(app.declinesShown.isEmpty)
    }

    @Test func buyingFromTheExitOfferBuysItsOffering() throws {
        var app = try Self.app()
        _ = app.update(.key(.escape))
        var recorded = PaywallFlowTests.press([.enter], &app)
        recorded += PaywallFlowTests.run(&app, seconds: 1)
        #expect(recorded.map(\.productID) == ["tui_onboard_pro_annual"])
        #expect(app.update(.key(.character("q"))) == [.quit(.dismissed)])
    }

    @Test func backFromTheOfferAndReturningFindsTheOfferStill() throws {
        var app = try Self.app()
        _ = app.update(.key(.escape))
        _ = app.update(.key(.left))
        #expect(app.carousel.currentIndex == 0)
        _ = app.update(.key(.right))
        #expect(Self.screen(app).contains("Before you go: a week free"))
        _ = app.update(.key(.right))
        #expect(app.focus == .survey(.choiceQuestion))
    }

    @Test func autoplayNeverShowsEither() throws {
        var app = try Self.app(autoplay: Autoplay(interval: 1))
        // The first key paused autoplay; paused, keys are the page's.
        _ = app.update(.key(.right))
        #expect(app.carousel.currentIndex == 1)
        _ = app.update(.key(.escape))
        #expect(app.carousel.currentIndex == 2)
        #expect(app.declinesShown.isEmpty)
    }

    @Test func aSwipeForwardIsALeaveAndTheSlideSpringsBack() throws {
        var app = try Self.app()
        TestDecks.settle(&app)
        _ = app.update(.mouse(MouseEvent(.press, x: 60, y: 10, time: 0)))
        _ = app.update(.mouse(MouseEvent(.drag, x: 10, y: 10, time: 0.05)))
        _ = app.update(.mouse(MouseEvent(.release, x: 10, y: 10, time: 0.1)))
        #expect(app.carousel.currentIndex == 1)
        TestDecks.settle(&app)
        #expect(Self.screen(app).contains("Before you go: a week free"))
    }

    @Test func aClickOnThePickedChoiceAnswersTheSurvey() throws {
        var app = try Self.app(exitOffer: false)
        _ = app.update(.key(.escape))
        let canvas = TestDecks.screen(app)
        let row = try #require(canvas.lines.firstIndex { $0.contains("Later") })
        let column = try #require(canvas.lines[row].range(of: "Later")).lowerBound.utf16Offset(in: canvas.lines[row])
        for _ in 0..<2 { _ = app.update(.mouse(MouseEvent(.click, x: column, y: row, time: 0))) }
        #expect(app.answers["why-not"] == .text("later"))
        #expect(app.carousel.currentIndex == 2)
    }
}
