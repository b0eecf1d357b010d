import FoundationEssentials
import OnboardKit

extension OnboardingSession {
    /// The pages as text on standard output, which counts as the tour seen.
    func printPlain(_ tour: SessionTour, result: RunResult) -> OnboardingOutcome {
        var result = result
        let (shown, pageIndexes, stateRun) = (tour.shown, tour.pageIndexes, tour.stateRun)
        let controller = tour.paywall.map { PaywallController(setup: $0(), seed: 0) }
        let entitled = Set(controller?.shownStatuses.filter(\.grantsAccess).map(\.entitlement.id) ?? [])
        let (path, shownAnswers): ([Int], [String: Answer])
        switch plainAnswers(tour, entitled: entitled) {
        case .success(let given): (path, shownAnswers) = given
        case .failure(let stop): return .stopped(stop, started: tour.started)
        }
        let width = Int(environment["COLUMNS"] ?? "") ?? 80
        let text = PlainTextRenderer.render(
            shown, width: min(width, 100), paywall: controller, headline: tour.headline, answers: shownAnswers,
            entitled: entitled)
        let code = writeOutput(text + "\n")
        // Printed is shown: the pages count as seen, as a completed tour (a gate's paywall
        // printed sells nothing, so its entitlement stays as it was: not active).
        if code == ExitCode.success {
            result.outcome = .completed
            // The pages the conditions left out were not printed, so not seen.
            result.pagesSeen = path.compactMap { pageIndexes.indices.contains($0) ? pageIndexes[$0] : nil }
            result.lastPage = result.pagesSeen.last
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
        return OnboardingOutcome(exitCode: result.exitCode, result: result, firstRun: stateRun, started: tour.started)
    }

    /// No one can answer a question on a page of text: the settings have to, else the deck's
    /// default is the answer, as Enter on the page would give it. Stops (65) on a required
    /// question with neither. Only the questions on the path those answers take count
    /// (`Deck.pathTakingDefaults`), and only their answers are kept.
    private func plainAnswers(_ tour: SessionTour, entitled: Set<String>)
        -> Result<(path: [Int], answers: [String: Answer]), SessionStop>
    {
        let shown = tour.shown
        let (path, answers) = shown.pathTakingDefaults(ConditionContext(answers: tour.answers, entitled: entitled))
        for question in path.compactMap({ shown.pages[$0].question }) where answers[question.id] == nil {
            guard question.isRequired else { continue }
            say(
                "question \"\(question.id)\" needs an answer: \(question.allowedDescription); give it with --answer \(question.id)=VALUE or --answers FILE"
            )
            return .failure(SessionStop(exitCode: ExitCode.badData))
        }
        return .success((path, answers))
    }
}
