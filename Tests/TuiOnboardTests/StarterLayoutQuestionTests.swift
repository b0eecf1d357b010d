import Testing

@testable import OnboardKit
@testable import tui_onboard

/// `init`'s question: which layout the starter paywall has, and how `--layout` names it.
@Suite struct StarterLayoutQuestionTests {
    @Test(
        "an answer picks a layout by its number or its name; Enter takes the first",
        arguments: [
            ("", PaywallLayout.list), ("  ", .list), ("1", .list), ("2", .cards), (" 3 ", .tiers), ("4", .comparison),
            ("cards", .cards), ("Tiers", .tiers), ("COMPARISON\t", .comparison), ("list", .list),
        ])
    func answersPickALayout(answer: String, layout: PaywallLayout) {
        #expect(StarterLayoutQuestion.layout(answering: answer) == layout)
    }

    @Test(
        "an answer that names none of them is asked again",
        arguments: ["0", "5", "-1", "tier", "cards tiers", "１", "x"])
    func otherAnswersAreNone(answer: String) {
        #expect(StarterLayoutQuestion.layout(answering: answer) == nil)
    }

    @Test("the question numbers every layout, in the order the numbers pick them")
    func theQuestionNumbersEveryLayout() {
        let text = StarterLayoutQuestion.text
        for (index, layout) in PaywallLayout.allCases.enumerated() {
            let line = text.split(separator: "\n").first { $0.hasPrefix("  \(index + 1)  ") }
            #expect(line?.contains(layout.rawValue) == true, "\(text)")
            #expect(StarterLayoutQuestion.layout(answering: "\(index + 1)") != nil)
        }
        #expect(Set(StarterLayoutQuestion.choices.map(\.layout)) == Set(PaywallLayout.allCases))
        #expect(text.hasSuffix(StarterLayoutQuestion.prompt))
    }

    @Test("--layout is init's, takes the four names and refuses others", arguments: PaywallLayout.allCases)
    func theLayoutOption(layout: PaywallLayout) throws {
        let options = try Options.parse(["init", "dir", "--layout", layout.rawValue])
        #expect(options.starter.layout == layout)
        #expect(options.command == .initialize("dir"))
    }

    @Test("--layout with another word, or on another command, is a usage error")
    func theLayoutOptionRefuses() {
        #expect(throws: Options.UsageError.self) { try Options.parse(["init", "--layout", "grid"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["validate", "d.json", "--layout", "cards"]) }
    }

    @Test(
        "the starter deck carries the layout, the tiers and the comparison their switch",
        arguments: PaywallLayout.allCases)
    func theDeckCarriesTheLayout(layout: PaywallLayout) {
        let deck = StarterDeck.deck(layout: layout).contents
        #expect(deck.contains("\"layout\": \"\(layout.rawValue)\""))
        let switches = layout == .tiers || layout == .comparison
        #expect(deck.contains("\"periodSwitch\": \(switches)"))
        #expect(!StarterDeck.layouts(except: layout).contains(layout.rawValue))
    }
}
