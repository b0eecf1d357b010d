import Foundation
import OnboardDisk
import OnboardKit
import Testing

@testable import OnboardRun

/// The session's choices that conditions change: which paywall the gate shows, and which new
/// pages What's New keeps.
@Suite struct ConditionalSessionTests {
    /// 0: plan (free or team), 1: paywall "default" for free, 2: paywall "tip_jar" for team.
    static func deck(catalogPath: String) -> Deck {
        let plan = QuestionPage(
            id: "plan", heading: "Plan?",
            kind: .choices(
                ChoiceQuestion(choices: [.init(id: "free", title: "Free"), .init(id: "team", title: "Team")])))
        var deck = Deck(
            app: AppInfo(id: SessionFixtures.appID, name: "Tool", version: "1"),
            pages: [
                .question(plan), .paywall(PaywallPage(offeringID: "default")),
                .paywall(PaywallPage(offeringID: "tip_jar")),
            ], catalogPath: catalogPath)
        deck.pageConditions = [nil, .answerIs(answer: "plan", value: "free"), .answerIs(answer: "plan", value: "team")]
        return deck
    }

    @Test(arguments: [
        ([String: Answer](), 1), (["plan": .text("free")], 1), (["plan": .text("team")], 2),
    ])
    func theGateShowsThePaywallTheAnswersChose(answers: [String: Answer], index: Int) throws {
        let fixtures = try SessionFixtures()
        let catalog = try #require(
            CatalogDecoder.load(path: try fixtures.catalog(), fileReader: UserFile.readCatalog).catalog)
        let session = fixtures.session(Self.deck(catalogPath: try fixtures.catalog()))
        let (shown, chosen) = session.gatePage(catalog: catalog, answers: answers)
        #expect(chosen == index)
        #expect(shown.pages.count == 1 && shown.condition(ofPage: 0) == nil)
    }

    @Test func whatsNewKeepsOnlyTheNewPagesTheAnswersShow() throws {
        let fixtures = try SessionFixtures()
        let session = fixtures.session(Self.deck(catalogPath: try fixtures.catalog()))
        let news = OnboardingPresentation.whatsNew(previous: "0", pages: [1, 2])
        #expect(
            session.whatsNewOnThePath(news, answers: ["plan": .text("team")]) == .whatsNew(previous: "0", pages: [2]))
        let none = OnboardingPresentation.whatsNew(previous: "0", pages: [2])
        #expect(session.whatsNewOnThePath(none, answers: ["plan": .text("free")]) == .nothing(.noNewPages))
    }
}
