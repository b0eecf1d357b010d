import Testing

@testable import OnboardKit

/// The carousel on a branching deck: the path follows the answers, the dots and N/M count
/// only the pages on it, Back retraces it, and no key, click or autoplay reaches a page off it.
@Suite struct ConditionPathTests {
    /// 0: role (student or pro), 1: student only, 2: pro only, 3: everyone.
    static var deck: Deck {
        let role = QuestionPage(
            id: "role", heading: "Role?",
            kind: .choices(
                ChoiceQuestion(choices: [.init(id: "student", title: "Student"), .init(id: "pro", title: "Pro")])))
        var deck = Deck(
            app: AppInfo(id: "a.b", name: "App", version: "1.0.0"),
            pages: [
                .question(role), .step(StepPage(heading: "For students", text: "")),
                .step(StepPage(heading: "For pros", text: "")), .step(StepPage(heading: "The end", text: "")),
            ])
        deck.pageConditions = [
            nil, .answerIs(answer: "role", value: "student"), .answerIs(answer: "role", value: "pro"), nil,
        ]
        return deck
    }

    static func app(width: Int = 80, settings: AppSettings = AppSettings()) -> OnboardingApp {
        var app = OnboardingApp(deck: deck, colorMode: .indexed256, width: width, height: 24, settings: settings)
        _ = app.update(.resize(width: width, height: 24))
        return app
    }

    /// Answers the role question with its first (`down` 0) or second (`down` 1) choice.
    static func answer(_ app: inout OnboardingApp, choice: Int) {
        for _ in 0..<choice { _ = app.update(.key(.down)) }
        _ = app.update(.key(.enter))
    }

    @Test func theDotsCountOnlyThePathAndRecountWhenAnAnswerChangesIt() {
        var app = Self.app()
        #expect(app.carousel.path == [0, 3])
        #expect(app.layout.pageCount == 2)
        Self.answer(&app, choice: 0)
        #expect(app.carousel.path == [0, 1, 3])
        #expect(app.carousel.currentIndex == 1)
        #expect((app.layout.pageIndex, app.layout.pageCount) == (1, 3))
        // Back retraces the path taken: to the question, not to the page off the path.
        _ = app.update(.key(.left))
        #expect(app.carousel.currentIndex == 0)
        Self.answer(&app, choice: 1)
        #expect(app.carousel.path == [0, 2, 3])
        #expect(app.carousel.currentIndex == 2)
        _ = app.update(.key(.right))
        #expect(app.carousel.currentIndex == 3)
        _ = app.update(.key(.left))
        #expect(app.carousel.currentIndex == 2)
        #expect(app.answers == ["role": .text("pro")])
    }

    /// "2 / 3" where the dots do not fit: the count is the path's.
    @Test func theCompactCountSaysThePathsPages() {
        var app = Self.app(width: 80)
        Self.answer(&app, choice: 0)
        let layout = CarouselLayout(
            width: 8, height: 24, pageIndex: app.layout.pageIndex, pageCount: app.layout.pageCount,
            labels: app.deck.labels)
        var canvas = Canvas(width: 8, height: 24)
        ProgressDotsView.draw(into: &canvas, layout: layout, theme: app.theme)
        #expect(layout.usesCompactProgress)
        #expect(canvas.lines[layout.dotsRow].contains("2 / 3"), "\(canvas.lines)")
    }

    /// Every dot, every digit and End lead to pages on the path only.
    @Test func noClickOrKeyReachesAPageOffThePath() {
        var app = Self.app()
        Self.answer(&app, choice: 1)
        var reached: Set<Int> = []
        for column in app.layout.dotColumns {
            _ = app.update(.mouse(MouseEvent(.click, x: column, y: app.layout.dotsRow)))
            reached.insert(app.carousel.currentIndex)
        }
        for digit in "1234" {
            _ = app.update(.key(.character(digit)))
            reached.insert(app.carousel.currentIndex)
        }
        _ = app.update(.key(.end))
        reached.insert(app.carousel.currentIndex)
        #expect(reached == [0, 2, 3])
        #expect(app.layout.dotColumns.count == 3)
    }

    @Test func autoplayTurnsOnlyThePathsPages() throws {
        var settings = AppSettings()
        settings.answers = ["role": .text("student")]
        settings.autoplay = Autoplay(interval: 1)
        var app = Self.app(settings: settings)
        var visited = [app.carousel.currentIndex]
        for _ in 0..<4 {
            app.turnPageByItself()
            if visited.last != app.carousel.currentIndex { visited.append(app.carousel.currentIndex) }
        }
        #expect(visited == [0, 1, 3])
    }

    @Test func aPageOffThePathIsNeverViewed() {
        var app = Self.app()
        Self.answer(&app, choice: 0)
        _ = app.update(.key(.right))
        let viewed = app.takeEvents().compactMap { event -> Int? in
            if case .pageViewed(let index, _, _) = event { return index }
            return nil
        }
        #expect(viewed == [0, 1, 3])
        #expect(app.pagesSeen == [0, 1, 3])
    }

    /// `--plain` and `dump` take the path the answers and defaults give.
    @Test func plainTextAndPicturesLeaveOutPagesOffThePath() {
        let plain = PlainTextRenderer.render(Self.deck, answers: ["role": .text("pro")])
        #expect(plain.contains("[2/3] For pros") && plain.contains("[3/3] The end") && !plain.contains("For students"))
        let unanswered = PlainTextRenderer.render(Self.deck)
        #expect(unanswered.contains("[2/2] The end") && !unanswered.contains("For pros"))
        let pictures = PagePictures.render(Self.deck, width: 60, height: 16, answers: ["role": .text("student")])
        #expect(pictures.map(\.deckIndex) == [0, 1, 3])
        #expect(pictures.map(\.header).last == "--- page 3/3: The end ---")
    }

    @Test func aDefaultAnswerChoosesThePathOfPlainText() {
        var deck = Self.deck
        guard case .question(var role) = deck.pages[0], case .choices(var choices) = role.kind else { return }
        choices.defaultIDs = ["pro"]
        role.kind = .choices(choices)
        deck.pages[0] = .question(role)
        let taken = deck.pathTakingDefaults(ConditionContext())
        #expect(taken.path == [0, 2, 3])
        #expect(taken.answers == ["role": .text("pro")])
        #expect(PlainTextRenderer.render(deck).contains("[2/3] For pros"))
    }

    /// A page shown for an entitlement follows the paywall's answer, kept as data.
    @Test func anEntitlementConditionReadsTheEntitlementsGiven() {
        var deck = Self.deck
        deck.pageConditions = [nil, .entitled("pro"), .not(.entitled("pro")), nil]
        var settings = AppSettings()
        settings.entitled = ["pro"]
        let entitled = OnboardingApp(deck: deck, colorMode: .indexed256, width: 80, height: 24, settings: settings)
        #expect(entitled.carousel.path == [0, 1, 3])
        let not = OnboardingApp(deck: deck, colorMode: .indexed256, width: 80, height: 24)
        #expect(not.carousel.path == [0, 2, 3])
    }
}
