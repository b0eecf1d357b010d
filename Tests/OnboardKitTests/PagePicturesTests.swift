import Foundation
import Testing

@testable import OnboardKit

/// `dump`'s pictures are the app's own frames: each page at rest, as a user who pressed → sees it.
@Suite struct PagePicturesTests {
    /// The international deck, a hero that drops in, half-block art and shades, and a paywall.
    static let deck = Deck(
        app: TestDecks.international.app,
        pages: TestDecks.international.pages + [
            .hero(HeroPage(symbolName: "sparkles", title: "Bounce", subtitle: "It drops in.", bounceOnAppear: true)),
            .step(StepPage(art: ["▀▄█▌▐ ░▒▓ ▙▟"], heading: "Pixels", text: "Half blocks and shades.")),
            .paywall(PaywallPage(offeringID: "default")),
        ])

    static let paywall = PaywallSetup(
        catalog: StoreFixtures.catalog, clock: StoreClock(startWallDate: StoreFixtures.date(2026, 1, 1)))

    @Test func eachPictureIsTheAppsFrameAtRestAfterTheUserPagedThere() throws {
        let pictures = PagePictures.render(Self.deck, width: 80, height: 24, paywall: Self.paywall)
        try #require(pictures.count == Self.deck.pages.count)
        // The real motion this time: slides and the drop-in run until they settle.
        var app = OnboardingApp(
            deck: Self.deck, colorMode: .indexed256, width: 80, height: 24, paywall: Self.paywall)
        _ = app.update(.resize(width: 80, height: 24))
        for (index, picture) in pictures.enumerated() {
            if index > 0 { _ = app.update(.key(.right)) }
            let ticks = TestDecks.settle(&app)
            #expect(!app.isAnimating, "page \(index + 1) still moves after \(ticks) ticks")
            let screen = TestDecks.screen(app)
            #expect(picture.canvas == screen, "page \(index + 1) differs:\n\(picture.canvas.text)\n---\n\(screen.text)")
        }
    }

    @Test func theTextIsEveryPageUnderItsHeaderWithEveryRow() {
        let pictures = PagePictures.render(Self.deck, width: 60, height: 20, paywall: Self.paywall)
        let text = PagePictures.text(pictures)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == pictures.count * 21 + 1, "a header and 20 rows a page, and the final newline")
        #expect(lines[0] == "--- page 1/6: Welcome to the App ---")
        #expect(lines[21] == "--- page 2/6: 日本語の見出し 🎉 ---")
        assertSnapshot(text, named: "page-pictures-60x20")
    }

    /// A required question no one answered stops a user on its page; each picture is still of
    /// its own page, the question's without a complaint under the field.
    @Test func everyPageAfterAnUnansweredQuestionIsDrawnAsItself() throws {
        let deck = QuestionDecks.deck
        let pictures = PagePictures.render(deck, width: 80, height: 24)
        try #require(pictures.count == deck.pages.count)
        for (index, picture) in pictures.enumerated() {
            let text = picture.canvas.text
            #expect(text.contains(deck.pages[index].title), "page \(index + 1):\n\(text)")
            #expect(!text.contains(AnswerProblem.missing.screenText), "page \(index + 1):\n\(text)")
        }
        #expect(!pictures[5].canvas.text.contains(QuestionDecks.shell.heading))
    }

    @Test func questionPagesShowTheAnswersGivenAndTheThemeIsTheOneAskedFor() throws {
        let deck = QuestionDecks.deck
        let plain = PagePictures.render(deck, width: 80, height: 24)
        let answered = PagePictures.render(
            deck, width: 80, height: 24, answers: ["name": .text("Grace Hopper"), "shell": .text("fish")])
        #expect(!plain[3].canvas.text.contains("Grace Hopper"))
        #expect(answered[3].canvas.text.contains("Grace Hopper"))
        #expect(answered[1].canvas != plain[1].canvas, "the picked shell is marked")
        let light = PagePictures.render(deck, width: 80, height: 24, appearance: .light)
        #expect(light[0].canvas.text == plain[0].canvas.text)
        #expect(light[0].canvas != plain[0].canvas, "the same words in other colours")
    }

    @Test func aHostileTitleIsShownAsVisibleSymbols() throws {
        let deck = Deck(
            app: AppInfo(id: "test.hostile", name: "Hostile", version: "1.0.0"),
            pages: [.step(StepPage(art: [], heading: "Clear \u{1B}[2J <now> & \u{07}", text: "Body \u{1B}]0;x\u{07}"))])
        let text = PagePictures.text(PagePictures.render(deck, width: 60, height: 20))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.hasPrefix("--- page 1/1: Clear ␛[2J <now> & ␇ ---\n"))
    }
}
