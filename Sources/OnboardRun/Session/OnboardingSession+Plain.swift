import FoundationEssentials
import OnboardKit

extension OnboardingSession {
    /// The pages as text on standard output, which counts as the tour seen.
    func printPlain(_ tour: SessionTour, result: RunResult) -> OnboardingOutcome {
        var result = result
        let (shown, pageIndexes, stateRun) = (tour.shown, tour.pageIndexes, tour.stateRun)
        let answers: [String: Answer]
        switch plainAnswers(tour) {
        case .success(let given): answers = given
        case .failure(let stop): return .stopped(stop, started: tour.started)
        }
        let width = Int(environment["COLUMNS"] ?? "") ?? 80
        let controller = tour.paywall.map { PaywallController(setup: $0(), seed: 0) }
        let shownAnswers = answers.filter { answer in shown.pages.contains { $0.question?.id == answer.key } }
        let text = PlainTextRenderer.render(
            shown, width: min(width, 100), paywall: controller, headline: tour.headline, answers: shownAnswers)
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
        return OnboardingOutcome(exitCode: result.exitCode, result: result, firstRun: stateRun, started: tour.started)
    }

    /// No one can answer a question on a page of text: the settings have to, else the deck's
    /// default is the answer, as Enter on the page would give it. Stops (65) on a required
    /// question with neither.
    private func plainAnswers(_ tour: SessionTour) -> Result<[String: Answer], SessionStop> {
        var answers = tour.answers
        for question in tour.shown.pages.compactMap(\.question) where answers[question.id] == nil {
            if let answer = question.defaultAnswer, question.problem(with: answer) == nil {
                answers[question.id] = answer
                continue
            }
            guard question.isRequired else { continue }
            say(
                "question \"\(question.id)\" needs an answer: \(question.allowedDescription); give it with --answer \(question.id)=VALUE or --answers FILE"
            )
            return .failure(SessionStop(exitCode: ExitCode.badData))
        }
        return .success(answers)
    }
}
