import Testing

@testable import OnboardKit

/// A declined paywall in the conversation: the exit offer said as the page it replaces, the
/// survey asked with its choices numbered, Enter going on without an answer as Esc does.
@Suite struct ConversationDeclineTests {
    static func opened(exitOffer: Bool = true) throws -> Conversation {
        var conversation = Conversation(app: try PaywallDeclineTests.app(exitOffer: exitOffer))
        _ = conversation.opening(perform: { _ in [] })
        return conversation
    }

    @Test func enterShowsTheOfferThenTheSurveyThenGoesOn() throws {
        var conversation = try Self.opened()
        let offer = ConversationTests.talk([""], &conversation)
        #expect(offer.contains("Before you go: a week free"), "\(offer)")
        #expect(offer.contains { $0.hasPrefix("1) Pro Annual") } && !offer.contains { $0.hasPrefix("2) ") })
        let survey = ConversationTests.talk([""], &conversation)
        #expect(survey.contains("What held you back?"), "\(survey)")
        #expect(survey.contains("1) Too dear  2) Later  3) Other…"))
        #expect(survey.last?.contains("Enter: go on without answering, q: quit") == true)
        let after = ConversationTests.talk([""], &conversation)
        #expect(after.contains("After"), "\(after)")
        #expect(conversation.app.answers.isEmpty)
        ConversationTests.expectPlain(offer + survey + after)
    }

    @Test func otherByNameAsksTheLineAndKeepsBoth() throws {
        var conversation = try Self.opened(exitOffer: false)
        _ = ConversationTests.talk(["s"], &conversation)
        #expect(conversation.ending == nil, "skip on the paywall brings the survey first")
        #expect(ConversationTests.talk(["9"], &conversation).first?.isEmpty == false)
        let other = ConversationTests.talk(["other…"], &conversation)
        #expect(other.contains("What else held you back?"), "\(other)")
        _ = ConversationTests.talk(["q is a letter here"], &conversation)
        #expect(conversation.ending == .skipped)
        #expect(conversation.app.answers == ["why-not": .text("other"), "why-not-other": .text("q is a letter here")])
    }

    @Test func qOnTheSurveyQuits() throws {
        var conversation = try Self.opened(exitOffer: false)
        _ = ConversationTests.talk([""], &conversation)
        _ = ConversationTests.talk(["q"], &conversation)
        #expect(conversation.ending == .dismissed)
        #expect(conversation.app.declinesShown == DeclineMemory(surveys: ["why-not"]))
    }
}

/// A page's picture in the conversation: its alt text after the words, never the pixels.
@Suite struct ConversationPictureTests {
    @Test func aPicturesAltTextFollowsThePagesWords() {
        let picture = PagePicture(raster: PictureFixtures.quadrants, png: [1, 2, 3], alt: "A lighthouse at dusk")
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Welcome", text: "First line", picture: picture)),
            .hero(
                HeroPage(
                    symbolName: "star", title: "Hero", picture: PagePicture(raster: PictureFixtures.quadrants, png: [4])
                )),
        ])
        var conversation = Conversation(
            app: OnboardingApp(deck: deck, colorMode: .indexed256, width: 80, height: 24))
        let opening = conversation.opening(perform: { _ in [] })
        #expect(Array(opening.prefix(3)) == ["Welcome", "First line", "[A lighthouse at dusk]"])
        // No alt text, nothing in its place.
        let hero = ConversationTests.talk([""], &conversation)
        #expect(Array(hero.prefix(3)) == ["", "Hero", "Page 2 of 2. Enter: finish, b: back, s: skip, q: quit."])
    }
}
