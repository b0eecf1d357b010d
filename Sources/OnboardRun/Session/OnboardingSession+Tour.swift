import FoundationEssentials
import OnboardDisk
import OnboardKit

extension OnboardingSession {
    /// The tour by the first-run rules (or every time, `settings.showsEveryTime`): nothing when
    /// it was seen, What's New after an update, else the whole tour; on the terminal, or as
    /// text with `settings.isPlain`. Then the first-run state records how it went.
    public func run() -> OnboardingOutcome {
        Messages.$current.withValue(messages) {
            switch plan(started: Date()) {
            case .decided(let outcome): return outcome
            case .show(let tour, let result): return present(tour, result: result)
            }
        }
    }

    /// What a run decides before it shows anything: nothing to show (or a stop), or the tour to
    /// show and the record it starts from.
    enum Plan {
        case decided(OnboardingOutcome)
        case show(SessionTour, RunResult)
    }

    /// The first-run rules applied: the state read (a damaged one said at once), the pages
    /// chosen, the paywall's setup and the preferences loaded, the headline and the answers.
    func plan(started: Date) -> Plan {
        let stateRun = FirstRunRun(stateDirectory: stateDirectory, refusal: stateRefusal)
        let state = stateRun.loadState()
        // A damaged state is said at once, before anything else is shown.
        stateRun.unsaidProblems().forEach(say)
        let presentation = whatsNewOnThePath(
            settings.showsEveryTime
                ? .firstRun
                : state.presentation(appID: deck.app.id, version: deck.app.version, pageSince: deck.allPageSince),
            answers: state.apps[deck.app.id]?.answers ?? [:])
        var result = startingResult(state: state, stateRun: stateRun)
        let shown: Deck
        let pageIndexes: [Int]
        switch presentation {
        case .nothing(let reason):
            // Nothing is drawn and the terminal is never touched; only the state may change.
            result.reason = reason
            stateRun.save(
                FirstRunVisit(
                    appID: deck.app.id, version: deck.app.version, outcome: .notShown, reason: reason, date: Date(),
                    catalogPath: rememberedCatalog(for: deck)))
            return .decided(
                OnboardingOutcome(exitCode: result.exitCode, result: result, firstRun: stateRun, started: started))
        case .whatsNew(_, let pages):
            (shown, pageIndexes) = (deck.keepingPages(pages), pages)
            result.mode = .whatsNew
        case .firstRun:
            (shown, pageIndexes) = (deck, Array(deck.pages.indices))
            result.mode = .tour
        }
        // Assignments are kept when a tour starts to show them (docs/deck-format.md, Experiments).
        stateRun.keepAssignments(
            deck.assignments.filter { settings.forcedVariants[$0.key] == nil }, forApp: deck.app.id)
        var tour: SessionTour
        switch prepareTour(shown: shown, pageIndexes: pageIndexes, state: state, stateRun: stateRun, started: started)
        {
        case .success(let prepared): tour = prepared
        case .failure(let stop): return .decided(.stopped(stop, started: started))
        }
        if case .whatsNew = presentation {
            tour.headline = Messages.tr(
                "What's new in {{ name }} {{ version }}", ["name": deck.app.name, "version": deck.app.version])
        }
        // The answers kept from an earlier run are where the questions start; the settings'
        // replace them.
        tour.answers = (state.apps[deck.app.id]?.answers ?? [:]).filter { stored in
            deck.pages.contains {
                $0.question.map { $0.id == stored.key && $0.problem(with: stored.value) == nil } ?? false
            }
        }.merging(settings.answers) { $1 }
        return .show(tour, result)
    }

    /// What's New keeps only the new pages that the answers kept from the tour (and the
    /// defaults) show; none is nothing new. A page shown for an entitlement is kept: the
    /// entitlements are known only once the paywall is built, and the tour tests it then.
    func whatsNewOnThePath(_ presentation: OnboardingPresentation, answers: [String: Answer])
        -> OnboardingPresentation
    {
        guard case .whatsNew(let previous, let pages) = presentation, deck.hasConditions else { return presentation }
        let path = Set(deck.pathTakingDefaults(ConditionContext(answers: answers)).path)
        let kept = pages.filter { path.contains($0) || deck.condition(ofPage: $0)?.readsEntitlements == true }
        return kept.isEmpty ? .nothing(.noNewPages) : .whatsNew(previous: previous, pages: kept)
    }

    /// The paywall's setup and the preferences of a run that shows `shown`; either can stop it.
    func prepareTour(
        shown: Deck, pageIndexes: [Int], state: FirstRunState, stateRun: FirstRunRun, started: Date
    ) -> Result<SessionTour, SessionStop> {
        loadPaywall(for: shown, leavesStateAlone: stateRun.leavesStateAlone, stateRun: stateRun).flatMap { paywall in
            RunPreferences.load(
                reducesMotion: settings.reducesMotion, theme: settings.theme, environment: environment,
                pictures: settings.pictures, say: say
            ).map { preferences in
                SessionTour(
                    shown: shown, pageIndexes: pageIndexes, paywall: paywall, preferences: preferences, state: state,
                    stateRun: stateRun, started: started)
            }
        }
    }

    /// Shows the tour, as text with `isPlain`, else on the terminal; first, on stderr, that the
    /// user's language has no catalog here, if so (once: nothing is drawn yet).
    func present(_ tour: SessionTour, result: RunResult) -> OnboardingOutcome {
        if let notice = MessageCatalogLocator.missingCatalogNotice(for: Messages.current) { say(notice) }
        if settings.isPlain { return printPlain(tour, result: result) }
        if runsAsConversation(tour) { return converse(tour, result: result) }
        if let refusal = autoplayRefusal(tour) { return .stopped(refusal, started: tour.started) }
        return runOnTerminal(tour, result: result)
    }

    /// Autoplay on a deck whose pages it could not all turn: a required question that starts
    /// with no answer would hold it forever, so the run stops before anything is shown (65, as
    /// `--plain` for the same question). Nil when autoplay can turn every page.
    func autoplayRefusal(_ tour: SessionTour) -> SessionStop? {
        guard settings.autoplay != nil,
            let question = Autoplay.unanswerableQuestion(in: tour.shown, answers: tour.answers)
        else { return nil }
        say(
            "question \"\(question.id)\" needs an answer for --autoplay to turn past it: \(question.allowedDescription); give it with --answer \(question.id)=VALUE or --answers FILE, or a \"default\" in the deck"
        )
        return SessionStop(exitCode: ExitCode.badData)
    }
}

/// What a run is given once its pages are chosen.
struct SessionTour {
    /// The pages shown (What's New keeps the new ones) and their indexes in the session's deck.
    var shown: Deck
    var pageIndexes: [Int]
    var paywall: (@Sendable () -> PaywallSetup)?
    var preferences: RunPreferences
    var headline: String?
    var state: FirstRunState
    var stateRun: FirstRunRun
    var started: Date
    /// What the question pages start with: the stored answers and the settings'.
    var answers: [String: Answer] = [:]
    /// A paywall gate: what it stands for. The run then writes no first-run state and its exit
    /// code is the entitlement's answer.
    var gate: SessionGate?
}
