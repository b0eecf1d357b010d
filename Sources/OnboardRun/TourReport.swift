import FoundationEssentials
import OnboardKit
import OnboardTerminal

/// How a tour went, as a host reads it after `TourRun.run()`.
public struct TourReport: Sendable {
    /// How the session ended: the done button, Skip, q, or a signal.
    public var outcome: TourEnding
    /// The pages shown, by their index in the deck run, in order.
    public var pagesSeen: [Int]
    /// The page the tour ended on.
    public var lastPage: Int
    /// Whether the review prompt was shown, and what was answered.
    public var reviewShown: Bool
    public var reviewAnswer: ReviewAnswer?
    /// The answers to the question pages, by question id.
    public var answers: [String: Answer]
    /// The exit offers and surveys first shown in the run.
    public var declinesShown: DeclineMemory
    /// Whether the run had a paywall built (its page came near, or `reportsEntitlements`):
    /// only then do the three lists below say anything.
    public var hasPaywall: Bool
    /// What was bought and restored during the run, and the entitlements as they stand at its
    /// end.
    public var purchases: [LedgerTransaction]
    public var restores: [StoreSimulator.CompletedRestore]
    public var entitlements: [EntitlementStatus]
    /// Problems with the ledger the app showed in a box, for the host to say again on stderr.
    public var ledgerProblems: [String]
    /// The signal that ended the run, if one did (SIGINT, SIGTERM, SIGHUP, or one to die of).
    public var terminationSignal: TerminalSignal?

    init(app: OnboardingApp, outcome: TourEnding, ledgerProblems: [String], terminationSignal: TerminalSignal?) {
        self.outcome = outcome
        pagesSeen = app.pagesSeen.sorted()
        lastPage = app.lastPage
        reviewShown = app.reviewBox != nil
        reviewAnswer = app.reviewAnswer
        answers = app.answers
        declinesShown = app.declinesShown
        hasPaywall = app.paywall != nil
        purchases = app.paywall?.recordedThisRun ?? []
        restores = app.paywall?.store.completedRestores ?? []
        entitlements = app.paywall?.statuses ?? []
        self.ledgerProblems = ledgerProblems
        self.terminationSignal = terminationSignal
    }
}

extension TourReport {
    /// What the run changes in the first-run state (`FirstRunRun.save`): seen, skipped or
    /// quit, and the review's answer.
    public func visit(of deck: Deck, date: Date, catalogPath: String? = nil) -> FirstRunVisit {
        var visit = FirstRunVisit(
            appID: deck.app.id, version: deck.app.version, outcome: RunOutcome(outcome), reviewShown: reviewShown,
            reviewAnswer: reviewAnswer, date: date, catalogPath: catalogPath)
        visit.answers = answers
        visit.declinesShown = declinesShown
        return visit
    }
}
