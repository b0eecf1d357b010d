import Foundation
import Testing

@testable import OnboardKit

/// Autoplay never waits on a question for good: a required question that starts with no
/// answer is found before the run (which is refused), and a page the user emptied pauses it.
@Suite struct AutoplayQuestionTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func deck(_ question: QuestionPage) -> Deck {
        var deck = TestDecks.deck(pageCount: 3)
        deck.pages[1] = .question(question)
        return deck
    }

    static func input(required: Bool = true, defaultText: String? = nil) -> QuestionPage {
        QuestionPage(
            id: "name", heading: "Name?", isRequired: required,
            kind: .input(InputQuestion(defaultText: defaultText)))
    }

    static func choices(minimum: Int = 0, several: Bool = false, defaults: [String] = []) -> QuestionPage {
        QuestionPage(
            id: "shell", heading: "Shell?",
            kind: .choices(
                ChoiceQuestion(
                    choices: [.init(id: "bash", title: "Bash"), .init(id: "zsh", title: "Zsh")],
                    allowsSeveral: several, minimum: minimum, defaultIDs: defaults)))
    }

    /// (question, answers given, whether autoplay would stop on it for good)
    @Test(
        arguments: [
            (input(), [:], true), (input(defaultText: "Ada"), [:], false), (input(required: false), [:], false),
            (input(), ["name": Answer.text("Ada")], false), (choices(), [:], true),
            (choices(defaults: ["zsh"]), [:], false),
            (choices(several: true), [:], false), (choices(minimum: 1, several: true), [:], true),
            (choices(), ["shell": Answer.text("bash")], false),
            (QuestionPage(id: "ok", heading: "OK?", kind: .confirm(ConfirmQuestion())), [:], false),
        ] as [(QuestionPage, [String: Answer], Bool)])
    func questionsWithNoAnswerToStartAreFound(question: QuestionPage, answers: [String: Answer], stops: Bool) {
        let found = Autoplay.unanswerableQuestion(in: Self.deck(question), answers: answers)
        #expect((found?.id == question.id) == stops)
        #expect(stops || found == nil)
    }

    @Test func everyPageIsTurnedPastAQuestionThatStartsWithAnAnswer() {
        var app = OnboardingApp(
            deck: Self.deck(Self.input(defaultText: "Ada")), colorMode: .indexed256, width: 80, height: 24,
            settings: AppSettings(reducesMotion: true, autoplay: Autoplay(interval: 2)))
        var seen: [Int] = []
        for second in stride(from: 0.0, through: 6, by: 2) {
            _ = app.update(.clock(Self.start.addingTimeInterval(second)))
            seen.append(app.carousel.currentIndex)
        }
        #expect(seen == [0, 1, 2, 2])
        #expect(app.answers["name"] == .text("Ada"))
    }

    /// The user paused on the question, emptied its field and resumed: the next turn cannot
    /// leave the page, so autoplay pauses again (and says so) instead of trying forever.
    @Test func aTurnThatCannotLeaveAQuestionPausesAutoplay() {
        var settings = AppSettings(reducesMotion: true, autoplay: Autoplay(interval: 2))
        settings.answers = [:]
        var app = OnboardingApp(
            deck: Self.deck(Self.input(defaultText: "Ada")), colorMode: .indexed256, width: 80, height: 24,
            settings: settings)
        _ = app.update(.clock(Self.start))
        _ = app.update(.clock(Self.start.addingTimeInterval(2)))
        #expect(app.carousel.currentIndex == 1)
        _ = app.update(.key(.control("u")))
        #expect(app.autoplay?.isPaused == true)
        _ = app.update(.key(.control("u")))
        _ = app.update(.key(.character("p")))
        #expect(app.autoplay?.isPaused == false)
        _ = app.update(.clock(Self.start.addingTimeInterval(4)))
        #expect(app.carousel.currentIndex == 1)
        #expect(app.autoplay?.isPaused == true)
        #expect(app.nextChange == nil)
        #expect(TestDecks.screen(app).lines[0].contains(Autoplay.pausedHint))
    }
}
