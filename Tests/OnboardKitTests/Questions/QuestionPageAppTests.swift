import Testing

@testable import OnboardKit

/// Question pages in the app: a required question holds the pages after it, keys, clicks and
/// pastes reach the page, and the answers are what the app reports.
@Suite struct QuestionPageAppTests {
    static func press(_ keys: [Key], _ app: inout OnboardingApp) -> [Effect] {
        keys.flatMap { key -> [Effect] in
            _ = app.update(.presented)
            return app.update(.key(key))
        }
    }

    @Test func aRequiredQuestionHoldsThePagesAfterIt() {
        var app = QuestionDecks.app(onPage: 2)
        #expect(app.lastPage == 1)
        // Next, a digit, End and a click on Next all stop on the question, which says why.
        _ = Self.press([.right], &app)
        #expect(app.lastPage == 1)
        #expect(app.questions[1]?.problem == "An answer is needed to go on")
        _ = Self.press([.character("6"), .end, .pageDown], &app)
        #expect(app.lastPage == 1)
        // From the first page a digit lands on the first question not answered.
        var fromStart = QuestionDecks.app(onPage: 1)
        _ = Self.press([.character("5")], &fromStart)
        #expect(fromStart.lastPage == 1)
        // Back is never held.
        _ = Self.press([.left], &app)
        #expect(app.lastPage == 0)
    }

    @Test func answeringGoesOnAndTheAnswersAreReported() {
        var app = QuestionDecks.app(onPage: 2)
        _ = Self.press([.down, .enter], &app)
        #expect(app.lastPage == 2)
        _ = Self.press([.character(" "), .down, .down, .character(" "), .enter], &app)
        #expect(app.lastPage == 3)
        _ = Self.press(QuestionStateTests.typing("Ada q") + [.enter], &app)
        #expect(app.lastPage == 4)
        _ = Self.press([.character("y")], &app)
        #expect(app.lastPage == 5)
        #expect(
            app.answers == [
                "shell": .text("zsh"), "tools": .choices(["git", "k8s"]), "name": .text("Ada q"),
                "telemetry": .yesNo(true),
            ])
        // Done on the last page finishes.
        #expect(Self.press([.enter], &app) == [.quit(.completed)])
    }

    @Test func qAndEscapeOnATextFieldTypeAndQuit() {
        var app = QuestionDecks.app(onPage: 4)
        #expect(Self.press([.character("q"), .character("s")], &app).isEmpty)
        #expect(app.questions[3]?.editor.text == "qs")
        #expect(Self.press([.escape], &app) == [.quit(.dismissed)])
    }

    @Test func aPasteGoesIntoTheTextFieldOnly() {
        var app = QuestionDecks.app(onPage: 4)
        _ = app.update(.paste("Ada\u{1B}[2J\nLovelace"))
        #expect(app.questions[3]?.editor.text == "Ada[2J Lovelace")
        #expect(app.questions[3]?.problem == "1 control character left out")
        // On a choice page a paste picks nothing and turns no page.
        var choices = QuestionDecks.app(onPage: 2)
        _ = choices.update(.paste("\r zsh \r"))
        #expect(choices.questions[1]?.picked == [])
        #expect(choices.lastPage == 1)
    }

    /// Where the screen draws a row, a click there works on it.
    static func point(of text: String, in app: OnboardingApp) -> (x: Int, y: Int)? {
        let lines = TestDecks.screen(app).lines
        guard let y = lines.firstIndex(where: { $0.contains(text) }), let range = lines[y].range(of: text) else {
            return nil
        }
        return (DisplayWidth.of(lines[y][..<range.lowerBound]), y)
    }

    @Test func aClickPicksAChoiceAndASecondClickGoesOn() throws {
        var app = QuestionDecks.app(onPage: 2)
        let fish = try #require(Self.point(of: "fish", in: app))
        _ = app.update(.mouse(MouseEvent(.click, x: fish.x, y: fish.y)))
        #expect(app.questions[1]?.picked == ["fish"])
        #expect(app.lastPage == 1)
        _ = app.update(.mouse(MouseEvent(.click, x: fish.x, y: fish.y)))
        #expect(app.lastPage == 2)
        #expect(app.answers["shell"] == .text("fish"))
    }

    @Test func aClickOnYesAnswersAndGoesOn() throws {
        var app = QuestionDecks.app(onPage: 5)
        let yes = try #require(Self.point(of: "Yes", in: app))
        _ = app.update(.mouse(MouseEvent(.click, x: yes.x + 1, y: yes.y)))
        #expect(app.answers["telemetry"] == .yesNo(true))
        #expect(app.lastPage == 5)
    }

    @Test func aClickOnNextAnswersWithWhatThePageHolds() {
        var app = QuestionDecks.app(onPage: 5)
        guard let next = app.layout.nextButton else { return #expect(Bool(false), "no Next button") }
        _ = app.update(.mouse(MouseEvent(.click, x: next.x, y: next.y)))
        #expect(app.answers["telemetry"] == .yesNo(false))
        #expect(app.lastPage == 5)
    }

    @Test func theHelpListsTheQuestionsKeys() {
        var app = QuestionDecks.app(onPage: 4)
        // ? is typed on a text field; on a choice page it opens the help.
        _ = Self.press([.character("?")], &app)
        #expect(!app.isShowingHelp)
        var choices = QuestionDecks.app(onPage: 3)
        _ = Self.press([.character("?")], &choices)
        let lines = TestDecks.screen(choices).lines
        #expect(lines.contains { $0.contains("pick or unpick") })
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func snapshots(width: Int, height: Int) {
        var screens: [String] = []
        for page in 2...5 {
            var app = QuestionDecks.app(onPage: page, width: width, height: height)
            if page == 3 { _ = Self.press([.character(" "), .down], &app) }
            if page == 4 { _ = Self.press(QuestionStateTests.typing("Ada 99") + [.enter], &app) }
            screens.append(framed(TestDecks.screen(app).lines, width: width))
        }
        assertSnapshot(screens.joined(separator: "\n"), named: "question-pages-\(width)x\(height)")
    }

    @Test func aQuestionWithManyChoicesShowsAWindowAroundTheHighlightedOne() {
        var deck = QuestionDecks.deck
        deck.pages[1] = .question(
            QuestionPage(
                id: "many", heading: "Pick one",
                kind: .choices(ChoiceQuestion(choices: (1...30).map { .init(id: "c\($0)", title: "Choice \($0)") }))))
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 40, height: 12, settings: AppSettings(reducesMotion: true))
        _ = Self.press([.character("2")] + Array(repeating: .down, count: 14), &app)
        let lines = TestDecks.screen(app).lines
        #expect(lines.contains { $0.contains("❯ Choice 15") })
        #expect(lines.contains { $0.contains("more") })
        #expect(!lines.contains { $0.contains("Choice 1 ") || $0.hasSuffix("Choice 1") })
    }
}

/// Right to left, a question page is mirrored: the mark on the right of each choice, Yes on
/// the right of No, and Left moving toward No as the buttons lie.
@Suite struct RightToLeftQuestionTests {
    static func app(onPage page: Int) -> OnboardingApp {
        var settings = AppSettings(reducesMotion: true, seed: 1, layoutDirection: .rightToLeft)
        settings.answers = ["shell": .text("zsh"), "tools": .choices(["git"]), "name": .text("Ada")]
        var app = OnboardingApp(
            deck: QuestionDecks.deck, colorMode: .indexed256, width: 80, height: 24, settings: settings)
        _ = app.update(.key(.character(Character("\(page)"))))
        return app
    }

    @Test func theChoicesMarkIsOnTheRight() throws {
        let lines = TestDecks.screen(Self.app(onPage: 2)).lines
        let row = try #require(lines.first { $0.contains("❮") })
        #expect(row.contains("Zsh") && row.trimmingCharacters(in: .whitespaces).hasSuffix("❮"), "\(row)")
    }

    @Test func yesLiesRightOfNoAndLeftMovesToNo() throws {
        var app = Self.app(onPage: 5)
        let row = try #require(TestDecks.screen(app).lines.first { $0.contains("Yes") })
        let yes = try #require(row.range(of: "Yes"))
        let no = try #require(row.range(of: "No"))
        #expect(no.lowerBound < yes.lowerBound)
        _ = app.update(.key(.right))
        #expect(app.questions[4]?.cursor == 0)
        _ = app.update(.key(.left))
        #expect(app.questions[4]?.cursor == 1)
    }
    /// Each gap is a segment of its own, so a right-to-left subtitle keeps its two spaces
    /// between itself and the title, and a box its space on the title's side.
    @Test(arguments: [false, true])
    func gapsStayBetweenTheParts(several: Bool) throws {
        let deck = """
            {"app": {"id": "a.b", "name": "App"}, "pages": [{"kind": "question", "id": "q", "heading": "שאלה",
             "multiple": \(several), "choices": [{"id": "a", "title": "גיט", "subtitle": "כלי גרסאות"}, {"id": "b", "title": "ב"}]}]}
            """
        let loaded = try #require(DeckLoader.decode(Array(deck.utf8), file: "deck.json", reader: .memory([:])).deck)
        var settings = AppSettings(reducesMotion: true, seed: 1, layoutDirection: .rightToLeft)
        settings.answers = ["q": several ? .choices(["a"]) : .text("a")]
        let app = OnboardingApp(deck: loaded, colorMode: .indexed256, width: 80, height: 24, settings: settings)
        let row = try #require(TestDecks.screen(app).lines.first { $0.contains("❮") })
        let title = BidiText.visualLine("גיט"), subtitle = BidiText.visualLine("כלי גרסאות")
        let expected = several ? subtitle + "  " + title + " [✓] ❮" : subtitle + "  ✓ " + title + " ❮"
        #expect(row.hasSuffix(expected), "\(row)")
    }
}
