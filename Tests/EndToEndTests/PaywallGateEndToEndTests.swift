import Foundation
import Testing

/// `paywall --if-needed ENTITLEMENT`, as a host gates a feature with it: open at once for an
/// active entitlement (no terminal needed), else the paywall alone, answered by the entitlement
/// when it closes, and never the tour's first-run state.
@Suite("Paywall at the gate", .serialized)
struct PaywallGateEndToEndTests {
    static func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    @Test("an active entitlement opens the gate at once, without a terminal, writing nothing but the result")
    func anActiveEntitlementOpensAtOnce() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let state = ["--state-dir", files.path("state")]
        #expect(try Self.run(["store", "buy", "tui_onboard_pro_lifetime"] + state).status == 0)
        // Standard input is /dev/null here: a gate that looked for a terminal would exit 2.
        let open = try Self.run(
            ["paywall", "--if-needed", "pro", "--events", files.path("events"), "--result-json", files.path("r.json")]
                + state)
        #expect(open.status == 0 && open.standardOutput.isEmpty && open.standardError.isEmpty, "\(open)")
        #expect(!FileManager.default.fileExists(atPath: files.path("events")), "events were written for nothing shown")
        #expect(!FileManager.default.fileExists(atPath: files.path("state/state.json")))
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: files.url.appendingPathComponent("r.json")))
                as? [String: Any])
        #expect(result["outcome"] as? String == "not-shown" && result["reason"] as? String == "entitled")

        let notActive = try Self.run(["paywall", "--if-needed", "pro"] + ["--state-dir", files.path("other")])
        #expect(notActive.status == 2 && notActive.standardError.contains("not a terminal"), "\(notActive)")
        let unknown = try Self.run(["paywall", "--if-needed", "pri"] + state)
        #expect(unknown.status == 2 && unknown.standardError.contains("did you mean \"pro\"?"), "\(unknown)")
    }

    @Test("the paywall alone: closed unbought it answers 1, bought 0, and the tour still shows afterwards")
    func thePaywallAloneAnswersByTheEntitlement() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let arguments = [
            "paywall", "--if-needed", "pro", "--state-dir", files.path("state"), "--latency", "0", "--reduce-motion",
            "--result-json", files.path("r.json"), "--events", files.path("events"),
        ]
        let closed = try TmuxTerminal(width: 100, height: 30, arguments: arguments)
        defer { closed.close() }
        try closed.start()
        #expect(closed.waitForText("Not purchased") != nil, "\(closed.screen())")
        try closed.sendKeys("n")
        #expect(closed.waitForExit() == 1)
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: files.url.appendingPathComponent("r.json")))
                as? [String: Any])
        #expect(result["mode"] as? String == "paywall" && result["exitCode"] as? Int == 1)
        // Only the paywall: the deck's page 7 (the one the unanswered question leads to), no
        // page of the tour.
        #expect(result["pagesSeen"] as? [Int] == [7])

        let bought = try TmuxTerminal(width: 100, height: 30, arguments: arguments)
        defer { bought.close() }
        try bought.start()
        #expect(bought.waitForText("Not purchased") != nil, "\(bought.screen())")
        try bought.sendKeys("Enter")
        #expect(bought.waitForText("You're all set") != nil, "\(bought.screen())")
        #expect(try bought.dismiss("You're all set"))
        try bought.sendKeys("q")
        #expect(bought.waitForExit() == 0)
        let events = try String(contentsOfFile: files.path("events"), encoding: .utf8).split(separator: "\n")
        #expect(events.count == 10, "two runs appended to one file:\n\(events.joined(separator: "\n"))")
        #expect(events.allSatisfy { $0.contains(#""mode":"paywall""#) })
        try EventStreamEndToEndTests.validate(events.map(String.init))

        // The gate is no tour: --first-run still shows the tour.
        let tour = try Self.run(["--first-run", "--plain", "--state-dir", files.path("state")])
        #expect(tour.status == 0 && tour.standardOutput.contains("[1/"), "\(tour)")
    }
    @Test("an app whose user only met the gate is answered by has --app, and still after a reset")
    func aGateRemembersTheAppsCatalog() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let catalog = BuiltBinary.repositoryRoot.appendingPathComponent("Assets/default-catalog.json")
        _ = try files.write(try String(contentsOf: catalog, encoding: .utf8), to: "catalog.json")
        let deck = try files.write(
            #"{"app": {"id": "com.example.gated", "name": "Gated"}, "catalog": "catalog.json", "#
                + #""pages": [{"kind": "step", "heading": "Hello", "text": "Hi"}, {"kind": "paywall"}]}"#,
            to: "deck.json")
        let state = ["--state-dir", files.path("state")]
        let has = ["has", "pro", "--app", "com.example.gated"] + state
        let before = try Self.run(has)
        #expect(before.status == 2 && before.standardError.contains("no catalog"), "\(before)")
        // The paywall shown (as text here), and nothing bought: a "no", no longer a usage error.
        let gate = try Self.run(["paywall", "pro", "--deck", deck, "--plain"] + state)
        #expect(gate.status == 1 && gate.standardError.isEmpty, "\(gate)")
        #expect(try Self.run(has).status == 1)
        #expect(try Self.run(["store", "buy", "tui_onboard_pro_lifetime", "--deck", deck] + state).status == 0)
        #expect(try Self.run(has).status == 0)
        // The gate kept no record of the tour: --first-run still shows it.
        let tour = try Self.run(["--first-run", "--plain", "--deck", deck] + state)
        #expect(tour.standardOutput.contains("Hello"), "\(tour)")
        // What the user saw is forgotten; the app's catalog, and so its purchase, are not.
        #expect(try Self.run(["reset", "--app", "com.example.gated"] + state).status == 0)
        #expect(try Self.run(has).status == 0)
    }
}
