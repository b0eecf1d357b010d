import Testing

@testable import OnboardKit

/// The review box after a completed tour: when it opens, its keys and clicks, its answer.
@Suite struct ReviewPromptTests {
    static let prompt = ReviewPrompt(prompt: "Enjoying Test App?", url: "https://example.com/review")

    static func app(offersReview: Bool = true, prompt: ReviewPrompt? = prompt, reducesMotion: Bool = true)
        -> OnboardingApp
    {
        var deck = TestDecks.deck(pageCount: 2)
        deck.review = prompt
        deck.confetti = ConfettiTriggers(onAppear: nil, onFinish: nil, onPurchase: nil, onCelebrate: nil)
        let settings = AppSettings(reducesMotion: reducesMotion, offersReview: offersReview)
        return OnboardingApp(deck: deck, colorMode: .indexed256, width: 60, height: 20, settings: settings)
    }

    /// Goes to the last page and presses Enter there.
    static func complete(_ app: inout OnboardingApp) -> [Effect] {
        _ = app.update(.key(.end))
        return app.update(.key(.enter))
    }

    @Test func aCompletedTourOpensTheBoxBeforeEnding() {
        var app = Self.app()
        #expect(Self.complete(&app).isEmpty)
        #expect(app.isShowingReview)
        let screen = TestDecks.screen(app).lines.joined(separator: "\n")
        #expect(screen.contains("Enjoying Test App?"))
        #expect(screen.contains("☆  ☆  ☆  ☆  ☆"))
        #expect(screen.contains("Later") && screen.contains("Never"))
    }

    @Test(arguments: [
        (true, nil as ReviewPrompt?),
        (false, prompt),
    ])
    func noBoxWithoutAPromptOrWhenNotOffered(offers: Bool, prompt: ReviewPrompt?) {
        var app = Self.app(offersReview: offers, prompt: prompt)
        #expect(Self.complete(&app) == [.quit(.completed)])
        #expect(app.reviewBox == nil)
    }

    @Test func skippingNeverAsks() {
        var app = Self.app()
        #expect(app.update(.key(.character("s"))) == [.quit(.skipped)])
        #expect(app.reviewBox == nil)
    }

    @Test(arguments: [
        ([Key.character("3")], ReviewAnswer.rated(stars: 3)),
        ([.character("1")], .rated(stars: 1)),
        ([.escape], .later),
        ([.character("q")], .later),
        ([.enter], .later),
        ([.right, .enter], .never),
        ([.character("n")], .never),
        ([.left, .left, .enter], .rated(stars: 4)),
        ([.left, .left, .left, .left, .left, .left, .left, .left, .character(" ")], .rated(stars: 1)),
        ([.right, .right, .right, .left, .enter], .later),
    ])
    func keysAnswer(keys: [Key], expected: ReviewAnswer) {
        var app = Self.app()
        _ = Self.complete(&app)
        var effects: [Effect] = []
        for key in keys { effects = app.update(.key(key)) }
        #expect(app.reviewAnswer == expected)
        if expected.stars ?? 0 >= 4 {
            // The address shows first; any key then ends the tour.
            #expect(effects.isEmpty)
            #expect(TestDecks.screen(app).lines.joined().contains("https://example.com/review"))
            effects = app.update(.key(.character("x")))
        }
        #expect(effects == [.quit(.completed)])
    }

    @Test func fourOrFiveStarsShowTheAddressAsALink() throws {
        var app = Self.app()
        _ = Self.complete(&app)
        _ = app.update(.key(.character("5")))
        let canvas = TestDecks.screen(app)
        let link = try #require(canvas.hyperlinks.first)
        #expect(link.url == "https://example.com/review")
        #expect(canvas.lines[link.y].contains("https://example.com/review"))
        #expect(canvas.lines.joined().contains("Thank you for the 5 stars!"))
    }

    @Test func withoutAnAddressFiveStarsEndAtOnce() {
        var app = Self.app(prompt: ReviewPrompt(prompt: "Like it?"))
        _ = Self.complete(&app)
        #expect(app.update(.key(.character("5"))) == [.quit(.completed)])
        #expect(app.reviewAnswer == .rated(stars: 5))
    }

    @Test func ctrlCLeavesTheBoxUnanswered() {
        var app = Self.app()
        _ = Self.complete(&app)
        #expect(app.update(.key(.control("c"))) == [.quit(.interrupted)])
        #expect(app.reviewBox != nil)
        #expect(app.reviewAnswer == nil)
    }

    @Test func theMouseClicksStarsAndButtons() throws {
        for (target, expected) in [
            (ReviewBox.Choice.stars(2), ReviewAnswer.rated(stars: 2)), (.later, .later), (.never, .never),
        ] {
            var app = Self.app()
            _ = Self.complete(&app)
            let box = try #require(app.reviewBox)
            let placement = ReviewBoxView(box: box).placement(width: 60, height: 20)
            let rect = try #require(placement.targets.first { $0.choice == target }?.rect)
            let effects = app.update(.mouse(MouseEvent(.click, x: rect.x + 1, y: rect.y)))
            #expect(app.reviewAnswer == expected)
            #expect(effects == [.quit(.completed)])
        }
    }

    @Test func theBoxIsDrawnWhole() {
        var app = Self.app()
        _ = Self.complete(&app)
        _ = app.update(.key(.left))
        let lines = TestDecks.screen(app).lines
        let box = lines.filter { $0.contains("│") || $0.contains("╭") || $0.contains("╰") }
        #expect(box.count == 9, "\(lines.joined(separator: "\n"))")
        // The highlighted star and those before it are filled.
        #expect(lines.contains { $0.contains("★  ★  ★  ★  ★") })
    }
}
