import Foundation
import Testing

@testable import OnboardKit

/// `validate` says when a paywall page leaves out its own words at 80x24, and from which size
/// they all show.
@Suite struct PaywallFitCheckTests {
    static func deck(features: [String]) -> Deck {
        Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [
                .step(StepPage(heading: "Intro", text: "")),
                .paywall(PaywallPage(offeringID: "default", subtitle: "Everything, always", features: features)),
            ])
    }

    static func setup() throws -> PaywallSetup {
        PaywallSetup(
            catalog: try PaywallFixtures.listCatalog(),
            clock: StoreClock(startWallDate: Date(timeIntervalSince1970: 0)))
    }

    @Test func aPaywallThatShowsEverythingAt80x24GetsNoWarning() throws {
        #expect(
            PaywallFitCheck.diagnostics(Self.deck(features: ["One"]), paywall: try Self.setup(), file: "d.json").isEmpty
        )
    }

    @Test func aPaywallThatLeavesOutItsFeaturesSaysWhatAndFromWhere() throws {
        let features = (1...12).map { "Feature number \($0)" }
        let found = PaywallFitCheck.diagnostics(
            Self.deck(features: features), paywall: try Self.setup(), file: "d.json")
        let warning = try #require(found.first)
        #expect(found.count == 1)
        #expect(warning.severity == .warning && warning.path == "pages[1]" && warning.file == "d.json")
        #expect(
            warning.message.contains("leaves out its") && warning.message.contains("12 features"), "\(warning.message)")
        // The size it names does show everything, and one row fewer does not.
        let rows = try #require(
            warning.message.split(separator: "80x").last.flatMap { Int($0.prefix { $0.isNumber }) })
        let deck = Self.deck(features: features)
        #expect(PaywallFitCheck.leftOutWords(deck, paywall: try Self.setup(), width: 80, height: rows)[1] == [])
        #expect(PaywallFitCheck.leftOutWords(deck, paywall: try Self.setup(), width: 80, height: rows - 1)[1] != [])
    }

    /// A language whose every message is twenty words longer than English.
    struct Wordy: MessageLookup {
        func translation(of english: String) -> String { english + String(repeating: " word", count: 20) }
        func translation(of english: String, plural englishPlural: String, count: Int) -> String {
            translation(of: count == 1 ? english : englishPlural)
        }
    }

    /// A reader of `language` whose deck has `features`, in English words, left to right.
    static func reader(_ language: String, features: [String]) throws -> PaywallFitCheck.Reader {
        PaywallFitCheck.Reader(
            language: language, deck: deck(features: features), paywall: try setup(), messages: .english,
            layoutDirection: .leftToRight)
    }

    @Test func aLanguageThatNeedsMoreRowsIsNamedOnceWithEveryLanguageLikeIt() throws {
        let fits = ["One"]
        let long = (1...12).map { "Merkmal Nummer \($0)" }
        let readers = [
            try Self.reader("de", features: long), try Self.reader("fr", features: fits),
            try Self.reader("ru", features: long),
        ]
        let found = PaywallFitCheck.languageWarnings(
            readers, besides: PaywallFitCheck.shortfalls(Self.deck(features: fits), paywall: try Self.setup()),
            file: "d.json")
        let warning = try #require(found.first)
        #expect(found.count == 1, "\(found)")
        #expect(warning.path == "pages[1]" && warning.severity == .warning)
        #expect(warning.message.hasPrefix("in \"de\", \"ru\": at 80x24 the paywall leaves out its"), "\(warning)")
        #expect(warning.message.contains("12 features"))
    }

    @Test func aLanguageNoWorseThanTheDefaultIsNotWarnedAgain() throws {
        let many = (1...12).map { "Feature number \($0)" }
        let fewer = Array(many.prefix(10))
        // The default reader is warned already; a reader needing as many rows or fewer adds nothing.
        let readers = [try Self.reader("de", features: many), try Self.reader("fr", features: fewer)]
        let found = PaywallFitCheck.languageWarnings(
            readers, besides: PaywallFitCheck.shortfalls(Self.deck(features: many), paywall: try Self.setup()),
            file: "d.json")
        #expect(found.isEmpty, "\(found)")
        // One needing more rows than the default is.
        let more = (1...14).map { "Feature number \($0)" }
        let worse = PaywallFitCheck.languageWarnings(
            [try Self.reader("ja", features: more)],
            besides: PaywallFitCheck.shortfalls(Self.deck(features: many), paywall: try Self.setup()), file: "d.json")
        #expect(worse.count == 1 && worse[0].message.hasPrefix("in \"ja\": "), "\(worse)")
    }

    @Test func aReadersOwnWordsAreMeasuredInTheirLanguage() throws {
        // The same deck; only the app's words differ, and longer ones wrap the button.
        let features = (1...3).map { "Feature number \($0)" }
        let wordy = Messages(language: "xx", lookup: Wordy())
        var reader = try Self.reader("xx", features: features)
        reader.messages = wordy
        let found = PaywallFitCheck.languageWarnings(
            [reader], besides: PaywallFitCheck.shortfalls(Self.deck(features: features), paywall: try Self.setup()),
            file: "d.json")
        #expect(found.count == 1 && found[0].message.hasPrefix("in \"xx\": "), "\(found)")
    }

    /// Each paywall page is measured as itself: a page with an exit offer and a survey before
    /// it does not hold the walk back (the offer would stand where the next page is measured).
    @Test func aPaywallAfterOneWithAnExitOfferIsMeasuredAsItself() throws {
        let features = (1...12).map { "Feature number \($0)" }
        let deck = Deck(
            app: AppInfo(id: "a", name: "A", version: "1"),
            pages: [
                .paywall(PaywallDeclineTests.paywallPage(offering: "default")),
                .paywall(PaywallPage(offeringID: "default", subtitle: "Everything, always", features: features)),
            ])
        let found = PaywallFitCheck.leftOutWords(deck, paywall: try Self.setup(), width: 80, height: 24)
        #expect(found[0] == [], "\(found)")
        #expect(found[1]?.contains { $0.hasSuffix("12 features") } == true, "\(found)")
    }
}
