import Testing

@testable import OnboardKit

/// The tour as a conversation: each page said once with a prompt, answers typed on a line,
/// the paywall as a numbered menu, and the same answers, purchases and events as the keys.
@Suite struct ConversationTests {
    /// Says `lines` one after another (nil: the end of input), recording what was said; each
    /// transaction the app asks for is saved, as the shell does when the disk takes it.
    static func talk(_ lines: [String?], _ conversation: inout Conversation) -> [String] {
        var said: [String] = []
        var ledger = conversation.app.paywall?.ledger ?? Ledger()
        for line in lines { said += conversation.respond(to: line, perform: { save($0, into: &ledger) }) }
        return said
    }

    /// The shell's part for a transaction: appended to the ledger on disk, saved.
    static func save(_ effect: Effect, into ledger: inout Ledger) -> [Message] {
        guard case .record(let transaction) = effect else { return [] }
        ledger.append(transaction)
        return [.recordFinished(transactionID: transaction.id, result: .saved(ledger))]
    }

    /// No escape, no carriage return, no cursor movement: a screen reader's plain lines.
    static func expectPlain(_ transcript: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let controls = transcript.joined().unicodeScalars.filter { $0.properties.generalCategory == .control }
        #expect(controls.isEmpty, "control characters: \(controls.map(\.value))", sourceLocation: sourceLocation)
    }

    @Test func eachPageIsSaidOnceThenItsPromptAndQuestionsAreAnsweredByLines() {
        var conversation = Conversation(app: QuestionDecks.app())
        var transcript = conversation.opening(perform: { _ in [] })
        #expect(transcript.last == "Page 1 of 6. Enter: next, s: skip, q: quit.")
        transcript += Self.talk([""], &conversation)
        #expect(transcript.contains("Which shell do you use?"))
        #expect(transcript.contains("1) Bash: the GNU shell"))
        #expect(transcript.contains("Type a number from 1 to 3, or a name."))
        #expect(transcript.last == "Page 2 of 6. Enter: next, b: back, s: skip, q: quit.")
        // Enter on a required question with nothing picked says why and stays.
        let refused = Self.talk([""], &conversation)
        #expect(refused == ["An answer is needed to go on", "Page 2 of 6. Enter: next, b: back, s: skip, q: quit."])
        // Each wrong line says its own reason, not the one before it again.
        let wrong = Self.talk(["7"], &conversation)
        #expect(wrong == ["That is not one of the choices", "Page 2 of 6. Enter: next, b: back, s: skip, q: quit."])
        transcript += refused + wrong + Self.talk(["2", "1 9", "1, 3", "Ada1", "Ada", "y"], &conversation)
        #expect(transcript.contains("That is not one of the choices"))
        #expect(transcript.contains("Not in the expected form (^[[:alpha:] ]+$)"))
        #expect(transcript.last == "Page 6 of 6. Enter: finish, b: back, s: skip, q: quit.")
        transcript += Self.talk([""], &conversation)
        #expect(conversation.ending == .completed)
        #expect(
            conversation.app.answers == [
                "shell": .text("zsh"), "tools": .choices(["git", "k8s"]), "name": .text("Ada"),
                "telemetry": .yesNo(true),
            ])
        let answered = conversation.takeEvents().compactMap { event -> String? in
            if case .questionAnswered(_, let id, _) = event { return id }
            return nil
        }
        #expect(answered == ["shell", "tools", "name", "telemetry"])
        Self.expectPlain(transcript)
        // A page is said once: the pages' headings each appear one time.
        #expect(transcript.filter { $0 == "Which shell do you use?" }.count == 1)
    }

    @Test func theDefaultIsSaidInWordsAndEnterTakesIt() {
        var conversation = Conversation(app: QuestionDecks.app(onPage: 5))
        let opening = conversation.opening(perform: { _ in [] })
        #expect(opening.contains("Type y for yes or n for no."))
        #expect(opening.contains("Enter answers: No."))
        _ = Self.talk([""], &conversation)
        #expect(conversation.app.answers["telemetry"] == .yesNo(false))
    }

    @Test(arguments: [(String?("q"), TourEnding.dismissed), ("s", .skipped), (nil, .dismissed)])
    func quitSkipAndTheEndOfInputEndTheConversation(line: String?, ending: TourEnding) {
        var conversation = Conversation(app: QuestionDecks.app())
        _ = conversation.opening(perform: { _ in [] })
        #expect(Self.talk([line], &conversation).isEmpty)
        #expect(conversation.ending == ending)
        #expect(Self.talk([""], &conversation).isEmpty, "nothing is said after the end")
    }

    @Test func backSaysThePageBeforeAgainAndAQuestionMarkRepeatsThePage() {
        var conversation = Conversation(app: QuestionDecks.app(onPage: 3))
        let back = Self.talk(["b"], &conversation)
        #expect(back.contains("Which shell do you use?"))
        #expect(back.contains("Enter answers: Zsh."))
        let again = Self.talk(["?"], &conversation)
        #expect(again.first == "Which shell do you use?")
        var onAStep = Conversation(app: QuestionDecks.app())
        #expect(Self.talk(["hello"], &onAStep).first == "Not understood: hello")
    }

    /// Text from a deck is the author's, not to be trusted: an escape in it never reaches the
    /// reader's terminal.
    @Test func escapesInADecksWordsAreNeverSaid() {
        var deck = QuestionDecks.deck
        deck.pages[0] = .step(StepPage(heading: "Red \u{1B}[31malert\u{1B}[0m", text: "Line\u{7}\u{1B}]0;title\u{7}"))
        var conversation = Conversation(app: OnboardingApp(deck: deck, colorMode: .monochrome, width: 80, height: 24))
        let said = conversation.opening(perform: { _ in [] }) + Self.talk(["?"], &conversation)
        Self.expectPlain(said)
        #expect(said.contains { $0.hasPrefix("Red ") && $0.contains("alert") }, "\(said)")
    }
}
