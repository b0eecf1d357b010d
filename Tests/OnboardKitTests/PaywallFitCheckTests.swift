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
}
