import FoundationEssentials

/// The tour as a conversation on plain lines, for screen readers and for scripts: each page
/// said once, in reading order, then a prompt that reads a whole line; questions answered by
/// number or name; the paywall as a numbered menu. Nothing moves, nothing is redrawn, no
/// colour carries meaning. It drives the same `OnboardingApp` a terminal tour runs, so the
/// pages' conditions, the answers' rules, the store and the events are the tour's own.
///
/// Pure: the host reads the lines, prints what comes back, and does the effects (the ledger,
/// licenses) through `perform`, whose messages come back in.
///
///     var conversation = Conversation(app: app)
///     print(conversation.opening(perform: effects.perform).joined(separator: "\n"))
///     while conversation.ending == nil {
///         let said = conversation.respond(to: readLine(), perform: effects.perform)
///         print(said.joined(separator: "\n"))
///     }
public struct Conversation: Sendable {
    /// Does an effect in the world and returns what the app is told back.
    public typealias Perform = (Effect) -> [Message]

    public internal(set) var app: OnboardingApp
    /// How the tour ended; nil while it goes on.
    public private(set) var ending: TourEnding?
    /// The package whose purchase waits for a yes, by its index in `paywallMenu`.
    var purchaseAsked: Int?
    /// The lines of a license being pasted on the checkout sheet, until its END line.
    var licenseLines: [String] = []
    /// The box of the paywall's said last: a box is said as it opens or changes, not again
    /// under each line typed to it.
    var saidBox: PaywallBox?

    /// A simulated store's wait (`--latency`) passes in steps of this many seconds, at once:
    /// a line-by-line reader is told the outcome, not shown a spinner.
    static let tickSeconds = 1.0 / 60
    /// Ten simulated minutes: a store still busy then is left to say so.
    static let tickLimit = 36_000

    public init(app: OnboardingApp) {
        self.app = app
    }

    /// What is said first: the headline, a notice already up, the first page and its prompt.
    public mutating func opening(perform: Perform) -> [String] {
        var said: [String] = []
        if let headline = app.settings.headline { said += [SafeText.sanitize(headline), ""] }
        said += sayBoxes(perform: perform)
        said += pageLines()
        said.append(prompt)
        return said
    }

    /// Messages from the host between lines (the clock, a ledger another window changed).
    public mutating func receive(_ messages: [Message], perform: Perform) {
        for message in messages { carry(app.update(message), perform: perform) }
    }

    /// Takes one typed line (nil at the end of input, which quits as `q` does) and returns
    /// what to say: what happened, the new page when the page changed, and the next prompt.
    /// Nothing once the tour has ended.
    public mutating func respond(to line: String?, perform: Perform) -> [String] {
        guard ending == nil else { return [] }
        guard let line else {
            ending = .dismissed
            return []
        }
        let before = shownView
        var said: [String] = []
        let effects = handle(line.filter { $0 != "\r" }, said: &said)
        carry(effects, perform: perform)
        // The lines of a license are read quietly until its END line.
        if !licenseLines.isEmpty { return said.map { SafeText.sanitize($0) } }
        settle(perform: perform)
        said += sayBoxes(perform: perform)
        guard ending == nil else { return said.map { SafeText.sanitize($0) } }
        if shownView != before {
            said += [""] + pageLines()
        } else if line.trimmingWhitespace().isEmpty, let problem = app.questions[app.carousel.currentIndex]?.problem {
            // Enter on a question that holds no answer: the question's own reason.
            said.append(problem)
        }
        said.append(prompt)
        return said.map { SafeText.sanitize($0) }
    }

    /// What the app queued for the event stream since the last call.
    public mutating func takeEvents() -> [TourEvent] { app.takeEvents() }

    /// The line read on a page, or as the answer to what was asked last.
    mutating func handle(_ line: String, said: inout [String]) -> [Effect] {
        if let index = purchaseAsked {
            purchaseAsked = nil
            guard ConversationAnswer.yesOrNo(line.trimmingWhitespace()) == true else {
                said.append(Messages.tr("Nothing was bought."))
                return []
            }
            guard let item = paywallMenu[safe: index] else { return [] }
            return app.conversationSelect(packageID: item.packageID) + app.conversationPaywall(.buy)
        }
        if let prompt = app.survey { return answerSurvey(prompt, line: line, said: &said) }
        if let box = app.paywall?.top, app.currentPaywallPage != nil {
            return answerBox(box, line: line, said: &said)
        }
        return handleOnPage(line, said: &said)
    }

    /// A line on a page with nothing asked: a command, an answer or a choice from the menu.
    mutating func handleOnPage(_ line: String, said: inout [String]) -> [Effect] {
        let command = line.trimmingWhitespace()
        switch command.lowercased() {
        case "": return app.conversationNext()
        case "b": return app.conversationBack()
        case "s": return app.conversationLeave(.quit(.skipped))
        case "q": return app.conversationLeave(.quit(.dismissed))
        case "?":
            said += pageLines()
            return []
        default: break
        }
        if let question = app.deck.pages[app.carousel.currentIndex].question {
            return answer(question, with: line, said: &said)
        }
        if app.currentPaywallPage != nil { return chooseFromMenu(command, said: &said) }
        said.append(Messages.tr("Not understood: {{ line }}", ["line": SafeText.excerpt(command)]))
        return []
    }

    /// A typed answer: read as the question takes it, checked by its rules, then kept.
    mutating func answer(_ question: QuestionPage, with line: String, said: inout [String]) -> [Effect] {
        let read = ConversationAnswer.read(line, for: question)
        let problem: AnswerProblem?
        switch read {
        case .success(let answer): problem = question.problem(with: answer)
        case .failure(let found): problem = found
        }
        if let problem {
            said.append(problem.screenText)
            return []
        }
        guard case .success(let answer) = read else { return [] }
        return app.conversationAnswer(answer)
    }

    /// Does `effects` and what their answers bring, in order; a quit ends the conversation.
    mutating func carry(_ effects: [Effect], perform: Perform) {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if case .quit(let outcome) = effect {
                if ending == nil { ending = outcome }
                continue
            }
            for message in perform(effect) { queue += app.update(message) }
        }
    }

    /// Lets a purchase or restore under way finish: its simulated time passes at once.
    mutating func settle(perform: Perform) {
        var ticks = 0
        while app.isSettlingPurchase, ticks < Self.tickLimit {
            carry(app.update(.tick(seconds: Self.tickSeconds)), perform: perform)
            ticks += 1
        }
    }
}
