import Foundation
import Testing

@testable import OnboardKit

/// A paywall page's `exitOffer` and `survey` in the deck, and what the state keeps of them.
@Suite struct PaywallDeclineDeckTests {
    static func decode(paywall members: String, question: String = "") -> DeckLoadResult {
        let json = """
            {
              "app": {"id": "a.b", "name": "App"},
              "pages": [
                \(question.isEmpty ? "" : question + ",")
                {"kind": "paywall", "offering": "default", \(members)}
              ]
            }
            """
        return DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]))
    }

    static func paywall(_ result: DeckLoadResult) throws -> PaywallPage {
        let deck = try #require(result.deck)
        guard case .paywall(let page) = deck.pages.last else {
            Issue.record("no paywall page")
            return PaywallPage()
        }
        return page
    }

    @Test func decodesTheOfferAndTheSurveyWithItsOtherChoiceLast() throws {
        let result = Self.decode(
            paywall: """
                "exitOffer": {"offering": "exit_offer", "title": {"default": "Wait", "de": "Warten"}, "features": ["One"]},
                "survey": {"id": "why", "heading": "Why?", "text": "Say", "choices": [{"id": "price", "title": "Price"}],
                           "other": "Something else"}
                """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let page = try Self.paywall(result)
        let offer = try #require(page.exitOffer)
        #expect(offer.id == ExitOffer.defaultID)
        #expect(offer.page == PaywallPage(offeringID: "exit_offer", title: "Wait", features: ["One"]))
        let survey = try #require(page.survey)
        #expect(survey.question.id == "why" && survey.question.heading == "Why?" && survey.question.text == "Say")
        guard case .choices(let choices) = survey.question.kind else {
            Issue.record("not choices")
            return
        }
        #expect(choices.choices.map(\.id) == ["price", "other"])
        #expect(choices.choices.last?.title == "Something else")
        #expect(survey.otherAnswerID == "why-other")
    }

    @Test func otherTrueUsesTheAppsWordsAndFalseOrNothingAddsNone() throws {
        for (other, titles) in [("true", ["P", "Other…"]), ("false", ["P"]), ("null", ["P"])] {
            let member = other == "null" ? "" : #", "other": \#(other)"#
            let result = Self.decode(
                paywall:
                    #""survey": {"id": "why", "heading": "Why?", "choices": [{"id": "p", "title": "P"}]\#(member)}"#)
            let survey = try #require(try Self.paywall(result).survey)
            guard case .choices(let choices) = survey.question.kind else { return }
            #expect(choices.choices.map(\.title) == titles, "\(other)")
            #expect((survey.otherChoiceID != nil) == (titles.count == 2))
        }
    }

    /// Each mistake, with its message, JSON path, line and column.
    @Test(arguments: [
        (
            #""exitOffer": {"id": "9x"}"#, "",
            #"deck.json:5:68: error: pages[0].exitOffer.id: "9x" is not an exit offer id: letters, digits, _ and -, starting with a letter, at most 64"#
        ),
        (
            #""exitOffer": {"offer": "x"}"#, "",
            #"deck.json:5:62: warning: pages[0].exitOffer.offer: unknown member "offer" is ignored (did you mean "offering"?)"#
        ),
        (
            #""survey": {"id": "why", "heading": "H", "choices": [{"id": "other", "title": "O"}], "other": true}"#, "",
            #"deck.json:5:99: error: pages[0].survey.choices: a choice's id is "other", which "other" adds itself; give it another id"#
        ),
        (
            #""survey": {"heading": "H", "choices": [{"id": "a", "title": "A"}]}"#, "",
            #"deck.json:5:58: error: pages[0].survey.id: missing required member "id""#
        ),
        (
            #""survey": {"id": "role", "heading": "H", "choices": [{"id": "a", "title": "A"}]}"#,
            #"{"kind": "question", "id": "role", "heading": "R", "confirm": {}}"#,
            #"deck.json:5:65: error: pages[1].survey.id: the survey's answer "role" would overwrite the answer to page 1's question"#
        ),
    ])
    func refusesMistakesWhereTheyAre(members: String, question: String, expected: String) {
        let result = Self.decode(paywall: members, question: question)
        #expect(result.diagnostics.map(\.description).contains(expected), "\(result.diagnostics.map(\.description))")
    }

    @Test func validateNamesAnExitOfferOfferingTheCatalogLacks() throws {
        let text =
            #"{"app": {"id": "a", "name": "A"}, "pages": [{"kind": "paywall", "exitOffer": {"offering": "exit_ofer"}}]}"#
        let result = DeckLoader.decode(Array(text.utf8), file: "deck.json", reader: .memory([:]))
        let deck = try #require(result.deck)
        let root = try JSONParser.parse(Array(text.utf8))
        let found = DeckCatalogCheck.unknownOfferings(
            in: deck, catalog: try PaywallFixtures.defaultCatalog(), file: "deck.json", root: root)
        #expect(found.map(\.path) == ["pages[0].exitOffer.offering"])
        #expect(found.first?.message.hasSuffix(#"did you mean "exit_offer"?"#) == true)
        #expect(found.first?.location?.column == 91)
    }

    @Test(arguments: [RunOutcome.completed, .skipped, .quit, .interrupted])
    func theStateKeepsWhatWasShownExceptAfterAnInterruptedRun(outcome: RunOutcome) {
        var state = FirstRunState()
        state.record(appID: "demo", version: "1.0.0", completion: .finished, date: Date(timeIntervalSince1970: 0))
        state.apps["demo"]?.declinesShown = DeclineMemory(surveys: ["old"])
        var visit = FirstRunVisit(
            appID: "demo", version: "1.0.0", outcome: outcome, date: Date(timeIntervalSince1970: 5))
        visit.declinesShown = DeclineMemory(exitOffers: ["exit-offer"], surveys: ["why"])
        state.apply(visit)
        let kept = state.apps["demo"]?.declinesShown
        if outcome == .interrupted {
            #expect(kept == DeclineMemory(surveys: ["old"]))
        } else {
            #expect(kept == DeclineMemory(exitOffers: ["exit-offer"], surveys: ["old", "why"]))
            #expect(state.apps["demo"]?.surveysShown == ["old", "why"])
        }
    }
}
