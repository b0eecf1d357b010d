import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardTerminal

extension OnboardingSession {
    /// The tour on the terminal, through `TourRun`; then the result and the first-run state.
    func runOnTerminal(_ tour: SessionTour, result: RunResult) -> OnboardingOutcome {
        var result = result
        // The deck and catalog are checked first: their errors are the more specific ones.
        do {
            try TourRun.checkTerminal()
        } catch {
            say(error.description)
            var outcome = OnboardingOutcome.stopped(SessionStop(exitCode: error.exitCode), started: tour.started)
            outcome.terminalFailure = error
            return outcome
        }
        // So does an events file, and either stops the run before the terminal is touched.
        let events: TourEventLog?
        switch openEvents(mode: result.mode ?? .tour, pageIndexes: tour.pageIndexes) {
        case .success(let opened): events = opened
        case .failure(let stop): return .stopped(stop, started: tour.started)
        }
        // A recording that cannot be written stops the run before the terminal is touched.
        var recording: (any TerminalRecording)?
        if let openRecording {
            switch openRecording() {
            case .success(let opened): recording = opened
            case .failure(let stop): return .stopped(stop, started: tour.started)
            }
        }
        // The recording's stream is closed last, which flushes it: the recording ends before.
        defer {
            recording?.finish()
            if let recording { fclose(recording.output) }
        }
        var run = tourRun(tour)
        run.terminalOutput = recording?.output
        run.events = events
        let report: TourReport
        do {
            report = try run.run()
        } catch {
            say(error.description)
            return .stopped(SessionStop(exitCode: error.exitCode), started: tour.started)
        }
        recording?.finish()
        if let failure = recording?.failure { say("the recording stopped early: \(failure)") }
        if let events { deliverHeldEvents(events) }
        // What the app showed about the ledger is said again where it stays readable.
        report.ledgerProblems.forEach(say)
        tour.stateRun.unsaidProblems().forEach(say)
        record(report, of: tour, in: &result)
        var outcome = conclude(report, of: tour, result: result)
        if recording?.failure != nil, outcome.exitCode == ExitCode.success, tour.gate == nil {
            outcome.exitCode = ExitCode.ioError
            outcome.result?.exitCode = ExitCode.ioError
        }
        return outcome
    }

    /// The run of `tour` on the terminal, with the settings the user's preferences, language and
    /// first-run state give it.
    func tourRun(_ tour: SessionTour) -> TourRun {
        let gate = tour.gate
        let offersReview =
            gate == nil && deck.review != nil
            && tour.state.offersReview(appID: deck.app.id, version: deck.app.version)
        let preferences = tour.preferences
        var settings = AppSettings(
            reducesMotion: preferences.reducesMotion, seed: self.settings.seed ?? .random(in: 0...UInt64.max),
            headline: tour.headline, offersReview: offersReview, autoplay: self.settings.autoplay,
            appearance: preferences.theme.startingAppearance(environment: environment),
            followsTerminalBackground: preferences.theme == .auto, layoutDirection: layoutDirection)
        settings.answers = tour.answers
        settings.declinesShownBefore = tour.state.apps[deck.app.id]?.declinesShown ?? DeclineMemory()
        settings.offersOnDecline = gate == nil
        let leavesStateAlone = tour.stateRun.leavesStateAlone
        var run = TourRun(
            deck: tour.shown, settings: settings, paywall: tour.paywall,
            ledgerDirectory: leavesStateAlone ? nil : runLedgerDirectory, environment: environment)
        // A license is real, so it is kept in the state directory, even under a simulated clock.
        run.licenseDirectory = leavesStateAlone ? nil : stateDirectory
        // The paywall is built only once its page comes near; the result lists entitlements anyway.
        run.reportsEntitlements = self.settings.reportsEntitlements
        run.pictures = preferences.pictures
        return run
    }

    /// What the run did, into the result: the pages by their index in the deck, the review, the
    /// answers and, with a paywall, what was bought.
    func record(_ report: TourReport, of tour: SessionTour, in result: inout RunResult) {
        let pageIndexes = tour.pageIndexes
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
    }

    /// The first-run state saved and the exit code decided: the outcome's, the gate's answer, or
    /// a signal to die of.
    func conclude(_ report: TourReport, of tour: SessionTour, result: RunResult) -> OnboardingOutcome {
        var result = result
        // A gate is not the tour: the tour still shows on the next first run.
        if tour.gate == nil {
            tour.stateRun.save(report.visit(of: deck, date: Date(), catalogPath: rememberedCatalog(for: deck)))
        }
        var outcome = OnboardingOutcome(
            exitCode: ExitCode.success, firstRun: tour.stateRun, report: report, started: tour.started)
        // SIGINT, SIGTERM and SIGHUP have documented exit codes (the outcome's); any other
        // signal is passed on to the parent by dying of it, now that the terminal is restored.
        if let signal = report.terminationSignal, signal.response == .dieOfSignal {
            result.exitCode = ExitCode.forSignal(number: signal.number)
            outcome.signalToDieOf = signal.number
        } else {
            result.exitCode = report.outcome.exitCode
            if let gate = tour.gate, result.exitCode == ExitCode.success {
                // The gate's answer, whatever closed the paywall: a recording that stopped early
                // does not shut a customer who paid out.
                result.exitCode =
                    isActiveAfterPaywall(gate, started: tour.started) ? ExitCode.success : ExitCode.notActive
            }
        }
        outcome.exitCode = result.exitCode
        outcome.result = result
        return outcome
    }
}
