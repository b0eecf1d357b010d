import Foundation
import Testing

@testable import OnboardKit

/// One value says what is on top: the help over a paywall, a box over its page, autoplay over
/// both, the finishing confetti over everything; keys go down the layers, top first.
@Suite struct FocusTests {
    @Test func theLayersStackAsTheScreenShowsThem() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        #expect(app.focusStack == [.paywall(.paywall), .carousel])
        _ = app.update(.key(.character("?")))
        #expect(app.focusStack == [.help, .paywall(.paywall), .carousel])
        #expect(app.focus.keyContext == .help)
        _ = app.update(.key(.escape))
        #expect(app.focus == .paywall(.paywall))
        // A link's address is a box of the paywall's: the page's keys wait under it.
        _ = app.update(.key(.character("p")))
        #expect(app.focus == .paywall(.message), "\(app.focusStack)")
        _ = app.update(.key(.escape))
        _ = app.update(.key(.left))
        #expect(app.focusStack == [.carousel])
    }

    @Test func autoplaySitsOverThePagesAndPausedLeavesThemTheirKeys() throws {
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [.step(StepPage(heading: "One", text: "")), .step(StepPage(heading: "Two", text: ""))])
        var app = OnboardingApp(
            deck: deck, colorMode: .indexed256, width: 80, height: 24,
            settings: AppSettings(reducesMotion: true, seed: 1, autoplay: Autoplay(interval: 5, loops: false)))
        #expect(app.focusStack == [.autoplay(isPaused: false), .carousel])
        _ = app.update(.key(.character("x")))
        #expect(app.focus == .autoplay(isPaused: true))
        #expect(app.focus.keyContext == .autoplayPaused)
        // A key autoplay does not bind goes to the page under it.
        _ = app.update(.key(.right))
        #expect(app.lastPage == 1)
    }

    @Test func eachLayerNamesItsKeyContext() {
        let cases: [(Focus, KeyContext)] = [
            (.finishing, .anywhere), (.review(.message), .message), (.help, .help),
            (.autoplay(isPaused: false), .autoplay),
            (.storeNotice, .notice), (.paywall(.testStoreSheet), .testStoreSheet), (.carousel, .carousel),
        ]
        for (focus, context) in cases { #expect(focus.keyContext == context, "\(focus)") }
    }
}
