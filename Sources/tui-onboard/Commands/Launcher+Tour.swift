import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun
import OnboardTerminal

/// The tour itself (no command, or `--first-run`): the first-run rules, `--plain`, and a run
/// on the terminal through `TourRun`, then the result JSON and the first-run state.
extension Launcher {
    func runOnboarding() -> Int32 {
        let started = Date()
        let deck: Deck
        switch loadDeck() {
        case .success(let loaded): deck = loaded
        case .failure(let status): return status.code
        }
        // Answers that are wrong stop the run before anything is shown or saved.
        let given: [String: Answer]
        switch givenAnswers(for: deck) {
        case .success(let answers): given = answers
        case .failure(let status): return status.code
        }
        let stateRun = FirstRunRun(stateDirectory: stateDirectory, refusal: stateRefusal)
        let state = stateRun.loadState()
        // A damaged state is said at once, before anything else is shown.
        for problem in stateRun.unsaidProblems() { printError(problem) }
        let presentation =
            options.tour.isFirstRunOnly
            ? state.presentation(
                appID: deck.app.id, version: deck.app.version, pageSince: deck.allPageSince) : .firstRun
        var result = RunResult(
            outcome: .notShown, mode: nil, plain: options.tour.isPlain,
            app: RunResult.App(
                id: deck.app.id, name: deck.app.name, version: deck.app.version,
                previousVersion: state.apps[deck.app.id]?.lastSeenVersion),
            state: RunResult.State(saved: true, path: stateRun.store.statePath), sandbox: runsInSandbox,
            exitCode: ExitCode.success)
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
            return finish(result, stateRun: stateRun, started: started)
        case .whatsNew(_, let pages):
            shown = deck.keepingPages(pages)
            pageIndexes = pages
            result.mode = .whatsNew
        case .firstRun:
            shown = deck
            pageIndexes = Array(deck.pages.indices)
            result.mode = .tour
        }
        let paywall: (@Sendable () -> PaywallSetup)?
        switch loadPaywall(for: shown) {
        case .success(let setup): paywall = setup
        case .failure(let status): return status.code
        }
        let preferences: RunPreferences
        switch loadPreferences() {
        case .success(let loaded): preferences = loaded
        case .failure(let status): return status.code
        }
        var headline: String?
        if case .whatsNew = presentation {
            headline = Messages.tr(
                "What's new in {{ name }} {{ version }}", ["name": deck.app.name, "version": deck.app.version])
        }
        // The answers kept from an earlier run are where the questions start; the command line's
        // replace them.
        let answers = (state.apps[deck.app.id]?.answers ?? [:]).filter { stored in
            deck.pages.contains {
                $0.question.map { $0.id == stored.key && $0.problem(with: stored.value) == nil } ?? false
            }
        }.merging(given) { $1 }
        let tour = Tour(
            deck: deck, shown: shown, pageIndexes: pageIndexes, paywall: paywall, preferences: preferences,
            headline: headline, state: state, stateRun: stateRun, started: started, answers: answers)
        return present(tour, result: result)
    }

    /// Shows the tour, as text with `--plain`, else on the terminal; first, on stderr, that the
    /// user's language has no catalog here, if so (once: nothing is drawn yet).
    func present(_ tour: Tour, result: RunResult) -> Int32 {
        if let notice = MessageCatalogLocator.missingCatalogNotice(for: Messages.current) { printError(notice) }
        if options.tour.isPlain { return printPlain(tour, result: result) }
        if let refusal = autoplayRefusal(tour) { return refusal }
        return runOnTerminal(tour, result: result)
    }

    /// `--autoplay` on a deck whose pages it could not all turn: a required question that
    /// starts with no answer would hold it forever, so the run stops before anything is shown
    /// (65, as `--plain` for the same question). Nil when autoplay can turn every page.
    func autoplayRefusal(_ tour: Tour) -> Int32? {
        guard options.tour.autoplaySeconds != nil,
            let question = Autoplay.unanswerableQuestion(in: tour.shown, answers: tour.answers)
        else { return nil }
        printError(
            "question \"\(question.id)\" needs an answer for --autoplay to turn past it: \(question.allowedDescription); give it with --answer \(question.id)=VALUE or --answers FILE, or a \"default\" in the deck"
        )
        return ExitCode.badData
    }

    /// What a tour run is given once its pages are chosen.
    struct Tour {
        var deck: Deck
        /// The pages shown (What's New keeps the new ones) and their indexes in `deck`.
        var shown: Deck
        var pageIndexes: [Int]
        var paywall: (@Sendable () -> PaywallSetup)?
        var preferences: RunPreferences
        var headline: String?
        var state: FirstRunState
        var stateRun: FirstRunRun
        var started: Date
        /// What the question pages start with: the stored answers and the command line's.
        var answers: [String: Answer]
        /// `paywall --if-needed`: what the gate stands for. The run then writes no first-run
        /// state and its exit code is the entitlement's answer.
        var gate: Gate?
    }

    /// `--plain`: the pages as text on stdout, which counts as the tour seen.
    func printPlain(_ tour: Tour, result: RunResult) -> Int32 {
        var result = result
        let (deck, shown, pageIndexes, paywall, headline, stateRun, started) = (
            tour.deck, tour.shown, tour.pageIndexes, tour.paywall, tour.headline, tour.stateRun, tour.started
        )
        // No one can answer a question on a page of text: the command line has to, else the
        // deck's default is the answer, as Enter on the page would give it.
        var answers = tour.answers
        for question in shown.pages.compactMap(\.question) where answers[question.id] == nil {
            if let answer = question.defaultAnswer, question.problem(with: answer) == nil {
                answers[question.id] = answer
                continue
            }
            guard question.isRequired else { continue }
            printError(
                "question \"\(question.id)\" needs an answer: \(question.allowedDescription); give it with --answer \(question.id)=VALUE or --answers FILE"
            )
            return ExitCode.badData
        }
        let width = Int(environment["COLUMNS"] ?? "") ?? 80
        let controller = paywall.map { PaywallController(setup: $0(), seed: 0) }
        let shownAnswers = answers.filter { answer in shown.pages.contains { $0.question?.id == answer.key } }
        let text = PlainTextRenderer.render(
            shown, width: min(width, 100), paywall: controller, headline: headline, answers: shownAnswers)
        let code = writeOutput(text + "\n")
        // Printed is shown: the pages count as seen, as a completed tour (a gate's paywall
        // printed sells nothing, so its entitlement stays as it was: not active).
        if code == ExitCode.success {
            result.outcome = .completed
            result.pagesSeen = pageIndexes
            result.lastPage = pageIndexes.last
            result.answers = shownAnswers
            if tour.gate == nil {
                var visit = FirstRunVisit(
                    appID: deck.app.id, version: deck.app.version, outcome: .completed, date: Date(),
                    catalogPath: rememberedCatalog(for: deck))
                visit.answers = shownAnswers
                stateRun.save(visit)
            }
        } else {
            result.outcome = .interrupted
        }
        result.entitlements = controller?.statuses.compactMap(RunResult.ActiveEntitlement.init)
        result.exitCode = code == ExitCode.success && tour.gate != nil ? ExitCode.notActive : code
        return finish(result, stateRun: stateRun, started: started)
    }

    /// The tour on the terminal, through `TourRun`; then the result and the first-run state.
    func runOnTerminal(_ tour: Tour, result: RunResult) -> Int32 {
        var result = result
        let startingAnswers = tour.answers
        let (deck, shown, pageIndexes, paywall, preferences, headline, state, stateRun, started) = (
            tour.deck, tour.shown, tour.pageIndexes, tour.paywall, tour.preferences, tour.headline, tour.state,
            tour.stateRun, tour.started
        )
        let gate = tour.gate
        // The deck and catalog are checked first: their errors are the more specific ones.
        do {
            try TourRun.checkTerminal()
        } catch {
            printError(error.description)
            return error.exitCode
        }
        // So does an events file, and either stops the run before the terminal is touched.
        let events: TourEventLog?
        switch openEvents(mode: result.mode ?? .tour, pageIndexes: pageIndexes) {
        case .success(let opened): events = opened
        case .failure(let status): return status.code
        }
        // A recording that cannot be written stops the run before the terminal is touched.
        var recording: SessionRecording?
        if let path = options.output.recordPath {
            do {
                recording = try SessionRecording(path: path, environment: environment)
            } catch {
                printError(error.description)
                return ExitCode.ioError
            }
        }
        // The recording's stream is closed last, which flushes it: the recording ends before.
        defer {
            recording?.finish()
            if let recording { fclose(recording.output) }
        }
        let offersReview =
            gate == nil && deck.review != nil && state.offersReview(appID: deck.app.id, version: deck.app.version)
        var settings = AppSettings(
            reducesMotion: preferences.reducesMotion, seed: options.tour.seed ?? Self.defaultSeed(), headline: headline,
            offersReview: offersReview,
            autoplay: options.tour.autoplaySeconds.map { Autoplay(interval: $0, loops: options.tour.loops) },
            appearance: Self.appearance(theme: preferences.theme, environment: environment),
            followsTerminalBackground: preferences.theme == .auto,
            layoutDirection: userLayoutDirection)
        settings.answers = startingAnswers
        var tour = TourRun(
            deck: shown, settings: settings, paywall: paywall,
            ledgerDirectory: stateRefusal == nil ? runLedgerDirectory : nil, environment: environment)
        tour.terminalOutput = recording?.output
        tour.licenseDirectory = stateRefusal == nil ? stateDirectory : nil
        tour.events = events
        // The paywall is built only once its page comes near; the result lists entitlements anyway.
        tour.reportsEntitlements = options.output.resultPath != nil
        let report: TourReport
        do {
            report = try tour.run()
        } catch {
            printError(error.description)
            return error.exitCode
        }
        recording?.finish()
        if let failure = recording?.failure { printError("the recording stopped early: \(failure)") }
        if let events { deliverHeldEvents(events) }
        // What the app showed about the ledger is said again where it stays readable.
        for problem in report.ledgerProblems { printError(problem) }
        for problem in stateRun.unsaidProblems() { printError(problem) }
        result.outcome = RunOutcome(report.outcome)
        // A paywall the gate made up is no page of the deck.
        result.pagesSeen = report.pagesSeen.compactMap { pageIndexes.indices.contains($0) ? pageIndexes[$0] : nil }
        result.lastPage = pageIndexes.indices.contains(report.lastPage) ? pageIndexes[report.lastPage] : nil
        if report.reviewShown { result.review = RunResult.Review(report.reviewAnswer) }
        result.answers = report.answers
        if report.hasPaywall {
            result.purchases = report.purchases.map(RunResult.Purchase.init)
            result.restores = report.restores.map(RunResult.Restore.init)
            result.entitlements = report.entitlements.compactMap(RunResult.ActiveEntitlement.init)
        }
        // A gate is not the tour: the tour still shows on the next --first-run.
        if gate == nil {
            stateRun.save(report.visit(of: deck, date: Date(), catalogPath: rememberedCatalog(for: deck)))
        }
        // SIGINT, SIGTERM and SIGHUP have documented exit codes (the outcome's); any other
        // signal is passed on to the parent by dying of it, now that the terminal is restored.
        if let signal = report.terminationSignal, signal.response == .dieOfSignal {
            result.exitCode = ExitCode.forSignal(number: signal.number)
            _ = finish(result, stateRun: stateRun, started: started)
            TerminalSignal.dieOf(signal.number)
        }
        result.exitCode = report.outcome.exitCode
        if let gate, result.exitCode == ExitCode.success {
            // The gate's answer, whatever closed the paywall: a recording that stopped early
            // does not shut a customer who paid out.
            result.exitCode = isActiveAfterPaywall(gate, started: started) ? ExitCode.success : ExitCode.notActive
        } else if recording?.failure != nil, result.exitCode == ExitCode.success {
            result.exitCode = ExitCode.ioError
        }
        return finish(result, stateRun: stateRun, started: started)
    }

    /// Writes the result JSON, when asked for, and returns the run's exit code: 74 when the
    /// result could not be written, since the caller asked for it.
    func finish(_ result: RunResult, stateRun: FirstRunRun, started: Date) -> Int32 {
        for problem in stateRun.unsaidProblems() { printError(problem) }
        guard let path = options.output.resultPath else { return result.exitCode }
        var result = result
        result.seconds = max(0, Date().timeIntervalSince(started))
        result.state.saved = stateRun.isSaved
        result.state.problems = stateRun.problems
        let data = result.jsonData()
        if path == "-" {
            let code = writeOutput(String(decoding: data, as: UTF8.self))
            return code == ExitCode.success ? result.exitCode : code
        }
        do {
            try ResultFile.write(data, to: path)
        } catch {
            printError("could not write the result to \(SafeText.sanitize(path)): \(error)")
            return result.exitCode == ExitCode.success ? ExitCode.ioError : result.exitCode
        }
        return result.exitCode
    }
}

extension Launcher {
    /// The reader's direction: right to left for a first language written so (`--lang`,
    /// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), for a tour and its pictures alike.
    var userLayoutDirection: LayoutDirection {
        languagePreference.tags.first
            .map(LayoutDirection.init(languageTag:)) ?? .leftToRight
    }
}
