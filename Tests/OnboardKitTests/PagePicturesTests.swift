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

    @Test func aHostileTitleIsShownAsVisibleSymbols() throws {
        let deck = Deck(
            app: AppInfo(id: "test.hostile", name: "Hostile", version: "1.0.0"),
            pages: [.step(StepPage(art: [], heading: "Clear \u{1B}[2J <now> & \u{07}", text: "Body \u{1B}]0;x\u{07}"))])
        let text = PagePictures.text(PagePictures.render(deck, width: 60, height: 20))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.hasPrefix("--- page 1/1: Clear ␛[2J <now> & ␇ ---\n"))
    }
}
