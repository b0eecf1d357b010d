import Foundation
import OnboardDisk
import OnboardKit
import OnboardSigning
import Testing

@testable import OnboardRun

/// The accessible run as a host runs it: lines read, the conversation said on standard
/// output, and then the same result, first-run state, ledger, licenses and events as a tour.
@Suite struct ConversationSessionTests {
    /// A session that reads `lines` one by one (then the end of input) and prints into
    /// `fixtures.printed`.
    static func session(
        _ fixtures: SessionFixtures, _ deck: Deck, lines: [String], environment: [String: String] = [:],
        accessible: Bool = true, configure: (inout OnboardingSettings) -> Void = { _ in }
    ) -> OnboardingSession {
        var session = fixtures.session(deck, environment: environment) { settings in
            settings.isAccessible = accessible
            settings.showsEveryTime = true
            configure(&settings)
        }
        let input = LineQueue(lines)
        session.readInputLine = { input.next() }
        return session
    }

    /// The deck with a question before its steps.
    static var questionDeck: Deck {
        var deck = SessionFixtures.deck(catalogPath: nil)
        let shell = QuestionPage(
            id: "shell", heading: "Which shell do you use?",
            kind: .choices(ChoiceQuestion(choices: [.init(id: "bash", title: "Bash"), .init(id: "zsh", title: "Zsh")])))
        deck.pages.insert(.question(shell), at: 1)
        deck.pageSince.insert(nil, at: 1)
        return deck
    }

    @Test func theAnswersTheStateAndTheEventsAreATours() throws {
        let fixtures = try SessionFixtures()
        let events = fixtures.root + "/events.jsonl"
        let outcome = Self.session(fixtures, Self.questionDeck, lines: ["", "Zsh", ""]) {
            $0.eventsPath = events
        }.run()
        #expect(outcome.exitCode == 0)
        #expect(outcome.result?.outcome == .completed)
        #expect(outcome.result?.answers == ["shell": .text("zsh")])
        #expect(outcome.result?.pagesSeen == [0, 1, 2])
        let transcript = fixtures.printed.joined()
        #expect(transcript.contains("1) Bash  2) Zsh\n"))
        #expect(transcript.contains("Page 3 of 3. Enter: finish, b: back, s: skip, q: quit.\n"))
        #expect(!transcript.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        let state = try FirstRunStateFile(directory: fixtures.stateDirectory).load()
        #expect(state.apps[SessionFixtures.appID]?.answers == ["shell": .text("zsh")])
        #expect(state.apps[SessionFixtures.appID]?.completion == .finished)
        let names = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["event"] as? String
        }
        #expect(names.first == "tourStarted" && names.last == "tourFinished")
        #expect(names.contains("questionAnswered"))
    }

    @Test func theEndOfInputQuitsAndIsSavedAsQuit() throws {
        let fixtures = try SessionFixtures()
        let outcome = Self.session(fixtures, Self.questionDeck, lines: [""]).run()
        #expect(outcome.result?.outcome == .quit)
        #expect(outcome.result?.lastPage == 1)
    }

    @Test func aPurchaseIsRecordedInTheLedgerAndTheResult() throws {
        let fixtures = try SessionFixtures()
        let deck = SessionFixtures.deck(catalogPath: try fixtures.catalog())
        let outcome = Self.session(fixtures, deck, lines: ["", "", "2", "y", ""]) { $0.latency = 0.5 }.run()
        #expect(outcome.exitCode == 0)
        let transcript = fixtures.printed.joined()
        #expect(transcript.contains("Buy Pro Monthly for $4.99/mo? y: yes, n: no.\nYou're all set\n"))
        #expect(outcome.result?.purchases.map(\.productID) == ["tui_onboard_pro_monthly"])
        #expect(outcome.result?.entitlements?.map(\.id) == ["pro"])
        let ledger = try LedgerFile(directory: fixtures.stateDirectory).load()
        #expect(ledger.transactions.map(\.productID) == ["tui_onboard_pro_monthly"])
    }

    @Test func theCheckoutSheetSaysItsAddressAndReadsTheLicenseFromTheNextLines() throws {
        let fixtures = try SessionFixtures()
        let deck = SessionFixtures.deck(catalogPath: try fixtures.catalog(licensing: "signed"))
        let issue = LicenseIssue(
            appID: SessionFixtures.appID, id: "LIC-9", issued: Date().addingTimeInterval(-60),
            licensee: .init(name: "Ada Lovelace", email: nil), grants: [.init(entitlement: "pro", expires: nil)])
        let license = issue.armored(keyID: nil) { SessionFixtures.vendor.signature(of: $0) }
        let lines = ["", "", "3", "y"] + license.split(separator: "\n").map(String.init) + ["", ""]
        let outcome = Self.session(fixtures, deck, lines: lines).run()
        let transcript = fixtures.printed.joined()
        #expect(transcript.contains("Open this address in a browser:\nhttps://shop.example.com/b?p="))
        #expect(transcript.contains("Pairing code: "))
        #expect(transcript.contains("Licensed to Ada Lovelace"), "\(transcript)")
        let stored = try FileManager.default.contentsOfDirectory(
            atPath: LicenseStore(stateDirectory: fixtures.stateDirectory).directory)
        #expect(stored.count == 1, "the license is kept as the sheet keeps it")
        #expect(outcome.result?.outcome == .completed)
    }

    @Test(
        arguments: [
            (["ACCESSIBLE": "1"], false, true), (["TUI_ONBOARD_ACCESSIBLE": "1", "ACCESSIBLE": "0"], false, true),
            (["ACCESSIBLE": "0"], false, false), ([:], true, true), ([:], false, false),
        ])
    func theEnvironmentAndTheConfigFileAskForTheConversation(
        environment: [String: String], config: Bool, converses: Bool
    ) throws {
        let fixtures = try SessionFixtures()
        var environment = environment
        if config {
            let home = fixtures.root + "/config"
            try FileManager.default.createDirectory(atPath: home + "/tui-onboard", withIntermediateDirectories: true)
            try Data(#"{"accessible": true}"#.utf8).write(to: URL(fileURLWithPath: home + "/tui-onboard/config.json"))
            environment["XDG_CONFIG_HOME"] = home
        }
        let outcome = Self.session(fixtures, Self.questionDeck, lines: [], environment: environment, accessible: false)
            .run()
        // Without the conversation the tour needs a terminal, which a test has not.
        #expect(outcome.exitCode == (converses ? 0 : ExitCode.usage))
        #expect(fixtures.printed.joined().contains("Page 1 of 3.") == converses)
    }
}

/// Lines handed out one at a time, then nil.
final class LineQueue: @unchecked Sendable {
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}
