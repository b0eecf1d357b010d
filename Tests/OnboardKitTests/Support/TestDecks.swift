@testable import OnboardKit

/// Decks built in code for view and state tests.
enum TestDecks {
    static func pages(_ count: Int) -> [Page] {
        (0..<count).map { index in
            .step(StepPage(art: ["[\(index + 1)]"], heading: "Page \(index + 1)", text: "Text of page \(index + 1)."))
        }
    }

    static func deck(pageCount: Int, labels: ButtonLabels = ButtonLabels()) -> Deck {
        Deck(app: AppInfo(id: "test.app", name: "Test App", version: "1.0.0"), labels: labels, pages: pages(pageCount))
    }

    /// Three pages with Latin, CJK and emoji text and a hero page.
    static let international = Deck(
        app: AppInfo(id: "com.example.thaidrive", name: "Thai Drive", version: "1.4.0"),
        pages: [
            .step(
                StepPage(
                    art: ["  ___", " (o o)", "  \\_/"], heading: "Welcome to the App",
                    text: "The following steps explain how to use the app most effectively.")),
            .step(
                StepPage(
                    art: [], heading: "日本語の見出し 🎉",
                    text: "東京の天気は晴れです。Emoji 👍🏽 and a combining e\u{301} stay whole.")),
            .hero(HeroPage(symbolName: "star", title: "Walking", subtitle: "Take your first step.")),
        ])

    static func app(_ deck: Deck, width: Int, height: Int, mode: ColorMode = .indexed256) -> OnboardingApp {
        OnboardingApp(deck: deck, colorMode: mode, width: width, height: height)
    }

    static func screen(_ app: OnboardingApp) -> Canvas {
        var canvas = Canvas(width: app.width, height: app.height)
        app.render(into: &canvas)
        return canvas
    }

    /// Ticks at 60 Hz until nothing moves; returns the number of ticks it took.
    @discardableResult
    static func settle(_ app: inout OnboardingApp, limit: Int = 600) -> Int {
        var ticks = 0
        while app.isAnimating && ticks < limit {
            _ = app.update(.tick(seconds: 1.0 / 60))
            ticks += 1
        }
        return ticks
    }
}
