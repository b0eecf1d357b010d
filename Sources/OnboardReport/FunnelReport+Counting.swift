import FoundationEssentials

extension FunnelReport {
    /// The report of everything `tally` read.
    public init(tally: FunnelTally) {
        lines = tally.lineCount
        badLines = tally.badLineCount
        firstBadLines = tally.firstBadLines
        otherEvents = tally.otherEventCount
        let started = tally.runs.filter { $0.steps.contains(.started) }
        runsWithoutStart = tally.runs.count - started.count
        funnel = Self.funnel(of: started, tally: tally)
        var byAssignment = [[FunnelTally.Run]](repeating: [], count: tally.assignmentList.count)
        for run in started {
            for assignment in run.assignments { byAssignment[assignment].append(run) }
        }
        var variantsByExperiment: [String: [Variant]] = [:]
        for (index, assignment) in tally.assignmentList.enumerated() where !byAssignment[index].isEmpty {
            let variant = Variant(
                id: assignment.variant, funnel: Self.funnel(of: byAssignment[index], tally: tally), probabilityBest: nil
            )
            variantsByExperiment[assignment.experiment, default: []].append(variant)
        }
        var budget = Self.simulationBudget
        experiments = variantsByExperiment.keys.sorted().map { id in
            Self.experiment(
                id, variants: variantsByExperiment[id, default: []].sorted { $0.id < $1.id }, budget: &budget)
        }
    }

    /// How many variant draws (draws × variants) the simulations of one report may make in all,
    /// about a second: a file naming thousands of experiments cannot hold the report for hours.
    /// Experiments are simulated in the order of their ids, each with at most
    /// `BestVariantProbability.draws` draws, fewer when the budget runs low; below
    /// `minimumDraws` an experiment gets no probabilities.
    public static let simulationBudget = 20_000_000
    public static let minimumDraws = 10_000

    static func experiment(_ id: String, variants: [Variant], budget: inout Int) -> Experiment {
        var variants = variants
        let counts = variants.map { (conversions: $0.funnel.purchases, trials: $0.funnel.runs) }
        var best: BestVariantProbability?
        if counts.count == 2 {
            best = BestVariantProbability(counts)
        } else if counts.count > 2 {
            let draws = min(BestVariantProbability.draws, budget / counts.count)
            if draws >= minimumDraws {
                best = BestVariantProbability(counts, draws: draws)
                budget -= draws * counts.count
            }
        }
        if let best {
            for index in variants.indices { variants[index].probabilityBest = best.probabilities[index] }
        }
        let tooSmall =
            variants.count < 2
            || variants.contains {
                $0.funnel.purchases < minimumOutcomes || $0.funnel.runs - $0.funnel.purchases < minimumOutcomes
            }
        return Experiment(id: id, variants: variants, method: best?.method, isTooSmallToTell: tooSmall)
    }

    static func funnel(of runs: [FunnelTally.Run], tally: FunnelTally) -> Funnel {
        var funnel = Funnel()
        var pages: [Int: Int] = [:]
        var questions = [Int](repeating: 0, count: tally.questionIDs.count)
        var revenue: [String: Decimal] = [:]
        for run in runs {
            funnel.runs += 1
            if run.steps.contains(.paywall) { funnel.paywall += 1 }
            if run.steps.contains(.exitOffer) { funnel.exitOffer += 1 }
            if run.steps.contains(.trial) { funnel.trials += 1 }
            if run.steps.contains(.purchase) { funnel.purchases += 1 }
            for page in run.pages { pages[page, default: 0] += 1 }
            for question in run.questions { questions[question] += 1 }
            for (currency, amount) in run.revenue { revenue[currency, default: 0] += amount }
        }
        funnel.pages = pages.keys.sorted().map { PageCount(index: $0, id: tally.pageIDs[$0], runs: pages[$0] ?? 0) }
        funnel.questions = questions.indices.filter { questions[$0] > 0 }
            .map { QuestionCount(id: tally.questionIDs[$0], runs: questions[$0]) }
            .sorted { $0.id < $1.id }
        funnel.revenue = revenue.keys.sorted().map { Revenue(currency: $0, amount: revenue[$0] ?? 0) }
        if let interval = WilsonInterval(successes: funnel.purchases, trials: funnel.runs) {
            funnel.conversion = Conversion(rate: Double(funnel.purchases) / Double(funnel.runs), interval: interval)
        }
        return funnel
    }
}
