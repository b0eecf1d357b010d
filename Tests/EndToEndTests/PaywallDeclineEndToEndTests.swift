import Foundation
import Testing

/// The built-in tour's paywall declined in a terminal: the exit offer in its place, then the
/// survey with its "Other" line, what the run keeps and tells, and nothing of either again.
@Suite("Exit offer and survey")
struct PaywallDeclineEndToEndTests {
    static func object(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    static func tour(_ directory: TemporaryDirectory, run: Int) throws -> TmuxTerminal {
        try TmuxTerminal(
            arguments: [
                "--state-dir", directory.path("state"), "--reduce-motion", "--variant", "paywall-title=a",
                "--events", directory.path("events.jsonl"), "--result-json", directory.path("result-\(run).json"),
            ])
    }

    @Test("Esc shows the exit offer, Esc again the survey; Other asks a line; the next run lets the user go")
    func declineOnceThenNeverAgain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let terminal = try Self.tour(directory, run: 1)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText("Welcome") != nil, "\(terminal.screen())")
        try terminal.sendKeys("8")
        #expect(terminal.waitForText("Go Pro in your terminal") != nil, "\(terminal.screen())")
        #expect(try terminal.dismiss("Go Pro in your terminal"))
        let offer = try #require(terminal.waitForText("Before you go: a week of Pro, free"), "\(terminal.screen())")
        #expect(offer.contains("Start my 1-week free trial of Pro Annual"), "\(offer)")
        #expect(try terminal.dismiss("Before you go"))
        #expect(terminal.waitForText("What held you back?") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Down", "Down", "Down")
        #expect(terminal.waitForText("❯ Other…") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("What else held you back?") != nil, "\(terminal.screen())")
        try terminal.paste("q and \u{1B}[31mred")
        #expect(terminal.waitForText("q and [31mred") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("You're ready") != nil, "\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() != nil)

        let answers = try #require(try Self.object(directory.path("result-1.json"))["answers"] as? [String: String])
        #expect(answers["why-not"] == "other")
        // The pasted escape is dropped: typed text never holds one raw.
        #expect(answers["why-not-other"] == "q and [31mred")
        let events = try String(contentsOfFile: directory.path("events.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let names = events.compactMap { $0?["event"] as? String }
        #expect(names.filter { ["exitOfferShown", "surveyShown"].contains($0) } == ["exitOfferShown", "surveyShown"])
        let offerEvent = try #require(events.first { $0?["event"] as? String == "exitOfferShown" } ?? nil)
        #expect(offerEvent["offering"] as? String == "exit_offer")
        let state = try String(contentsOfFile: directory.path("state/state.json"), encoding: .utf8)
        #expect(state.contains("\"exitOffersShown\""), "\(state)")
        #expect(state.contains("\"surveysShown\""), "\(state)")

        // Once per user: the next run's Esc on the paywall goes on at once.
        let again = try Self.tour(directory, run: 2)
        defer { again.close() }
        try again.start()
        #expect(again.waitForText("Welcome") != nil, "\(again.screen())")
        try again.sendKeys("8")
        #expect(again.waitForText("Go Pro in your terminal") != nil, "\(again.screen())")
        #expect(try again.dismiss("Go Pro in your terminal"))
        let after = try #require(again.waitForText("You're ready"), "\(again.screen())")
        #expect(!after.contains("What held you back?"))
        try again.sendKeys("q")
        #expect(again.waitForExit() != nil)
        let later = try String(contentsOfFile: directory.path("events.jsonl"), encoding: .utf8)
        #expect(later.components(separatedBy: "\"exitOfferShown\"").count == 2)
    }
}
