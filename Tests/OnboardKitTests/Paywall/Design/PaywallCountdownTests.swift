import Foundation
import Testing

@testable import OnboardKit

/// A limited offer's countdown: read, counted on the store's clock, woken for once a second,
/// gone once over, and its start kept in the first-run state.
@Suite struct PaywallCountdownTests {
    @Test(
        arguments: [
            ("PT24H", 86_400), ("P1D", 86_400), ("P2DT12H", 216_000), ("PT90M", 5_400), ("PT1H30M15S", 5_415),
            ("P1W", 604_800), ("P1M", nil), ("PT", nil), ("24H", nil), ("PT0S", nil), ("PT1.5H", nil), ("P1DT", nil),
        ] as [(String, Int?)])
    func durations(text: String, seconds: Int?) {
        #expect(PaywallCountdown.seconds(ofDuration: text) == seconds)
    }

    static func app(_ countdown: PaywallCountdown, start: Date? = nil) throws -> OnboardingApp {
        var page = PaywallPage()
        page.design = PaywallDesign(layout: .cards, countdown: countdown)
        let deck = PaywallFixtures.deck([.paywall(page)])
        var setup = PaywallSetup(
            catalog: try DesignedPaywallFixtures.catalog(), clock: StoreClock(startWallDate: PaywallFixtures.start))
        setup.countdownStart = start
        return PaywallFixtures.app(deck, setup: setup, width: 120, height: 40)
    }

    static func countdown(_ app: OnboardingApp) throws -> String? {
        try #require(app.paywall?.presentation(for: DesignedPaywallFixtures.page(app))).design.countdown
    }

    @Test func itTicksOnceASecondAndIsGoneOnceOver() throws {
        var app = try Self.app(PaywallCountdown(.after(seconds: 3)))
        #expect(try Self.countdown(app) == "Offer ends in 0:00:03")
        #expect(TestDecks.screen(app).lines.contains { $0.contains("Offer ends in 0:00:03") })
        // Nothing else moves: the shell sleeps until the next second, not a frame sooner.
        #expect(!app.isAnimating)
        #expect(app.nextChange == PaywallFixtures.start.addingTimeInterval(1))
        _ = app.update(.clock(PaywallFixtures.start.addingTimeInterval(1)))
        #expect(try Self.countdown(app) == "Offer ends in 0:00:02")
        _ = app.update(.clock(PaywallFixtures.start.addingTimeInterval(2.5)))
        #expect(try Self.countdown(app) == "Offer ends in 0:00:01")
        #expect(app.nextChange == PaywallFixtures.start.addingTimeInterval(3))
        _ = app.update(.clock(PaywallFixtures.start.addingTimeInterval(3)))
        #expect(try Self.countdown(app) == nil)
        #expect(!TestDecks.screen(app).lines.contains { $0.contains("Offer ends") })
        #expect(app.nextChange == nil)
    }

    @Test func itCountsFromTheFirstSightKept() throws {
        let app = try Self.app(
            PaywallCountdown(.after(seconds: 86_400)), start: PaywallFixtures.start.addingTimeInterval(-3_600))
        #expect(try Self.countdown(app) == "Offer ends in 23:00:00")
        let past = try Self.app(PaywallCountdown(.until(PaywallFixtures.start.addingTimeInterval(-1))))
        #expect(try Self.countdown(past) == nil)
        #expect(past.nextChange == nil)
    }

    @Test func theStateKeepsTheFirstStartOnly() throws {
        var state = FirstRunState()
        let first = state.keepCountdownStart(Date(timeIntervalSince1970: 100), appID: "a")
        let second = state.keepCountdownStart(Date(timeIntervalSince1970: 200), appID: "a")
        #expect(first && !second)
        let text = state.jsonText()
        #expect(text.contains("\"countdownStarts\" : {\n    \"a\" : 100"), "\(text)")
        let read = try FirstRunState(json: try JSONParser.parse(text))
        #expect(read.countdownStart(forApp: "a") == Date(timeIntervalSince1970: 100))
        #expect(FirstRunState().jsonText().contains("countdownStarts") == false)
    }

    @Test(
        arguments: [
            (#"{"until": "2026-12-31T23:59:59Z"}"#, nil), (#"{"for": "PT24H"}"#, nil),
            (#"{"for": "P1M"}"#, "ISO 8601 duration of days and time"), (#"{"until": "tomorrow"}"#, "RFC 3339"),
            (#"{"until": "2026-12-31T23:59:59Z", "for": "PT1H"}"#, "give one of"),
        ] as [(String, String?)])
    func decoding(countdown: String, error: String?) {
        let text = DesignDecodingTests.catalog(top: #""paywall": {"countdown": \#(countdown)},"#)
        let result = DesignDecodingTests.load(text)
        let errors = result.diagnostics.filter { $0.severity == .error }
        if let error {
            #expect(errors.contains { $0.message.contains(error) }, "\(result.diagnostics)")
        } else {
            #expect(errors.isEmpty && result.catalog?.paywall.countdown != nil, "\(result.diagnostics)")
        }
    }
}

/// Testimonials: one at a time, the next every few seconds, reduced motion or not.
@Suite struct PaywallTestimonialTests {
    @Test(arguments: [true, false])
    func theyTurnOnTheClockAndWakeForIt(reducesMotion: Bool) throws {
        var page = PaywallPage()
        page.design = PaywallDesign(layout: .list, testimonials: ["First says so.", "Second agrees."])
        let deck = PaywallFixtures.deck([.paywall(page)])
        let setup = PaywallSetup(
            catalog: try DesignedPaywallFixtures.catalog(), clock: StoreClock(startWallDate: PaywallFixtures.start))
        var app = PaywallFixtures.app(
            deck, setup: setup, width: 120, height: 40,
            settings: AppSettings(reducesMotion: reducesMotion, seed: 1))
        TestDecks.settle(&app)
        func shown() -> [String] {
            TestDecks.screen(app).lines.filter { $0.contains("says so") || $0.contains("agrees") }
        }
        #expect(shown().count == 1 && shown()[0].contains("First says so."))
        let turn = PaywallFixtures.start.addingTimeInterval(PaywallDesign.testimonialSeconds)
        #expect(app.nextChange == turn)
        _ = app.update(.clock(turn))
        #expect(shown().count == 1 && shown()[0].contains("Second agrees."))
        _ = app.update(.clock(turn.addingTimeInterval(PaywallDesign.testimonialSeconds)))
        #expect(shown().first?.contains("First says so.") == true)
        // --plain lists them all.
        let text = PlainTextRenderer.render(deck, paywall: app.paywall)
        #expect(text.contains("First says so.") && text.contains("Second agrees."))
    }
}
