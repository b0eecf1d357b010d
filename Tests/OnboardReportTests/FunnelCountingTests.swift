import FoundationEssentials
import Testing

@testable import OnboardReport

/// How the report counts: each run once per step, runs by variant, revenue per currency, and
/// the same numbers whatever the chunks the bytes arrive in.
@Suite struct FunnelCountingTests {
    typealias Report = FunnelReport

    @Test func eachRunCountsOnceAtEachStepItReached() throws {
        let report = try ReportFixtures.report(ReportFixtures.events)
        let funnel = report.funnel
        #expect(report.lines == 18 && report.badLines == 0 && report.otherEvents == 1)
        #expect(report.runsWithoutStart == 1)
        #expect(funnel.runs == 3)
        #expect(
            funnel.pages == [
                Report.PageCount(index: 0, id: nil, runs: 3), Report.PageCount(index: 1, id: "role", runs: 1),
            ])
        #expect(funnel.questions == [Report.QuestionCount(id: "role", runs: 1)])
        #expect(funnel.paywall == 1 && funnel.exitOffer == 1 && funnel.trials == 1 && funnel.purchases == 3)
        #expect(
            funnel.revenue == [
                Report.Revenue(currency: "EUR", amount: Decimal(string: "2.5")!),
                Report.Revenue(currency: "USD", amount: Decimal(string: "4.99")!),
            ])
        #expect(funnel.conversion?.rate == 1)
    }

    @Test func eachVariantHasItsOwnFunnelAndTheOldRunIsInNone() throws {
        let report = try ReportFixtures.report(ReportFixtures.events)
        let experiment = try #require(report.experiments.first)
        #expect(report.experiments.count == 1 && experiment.id == "copy")
        #expect(experiment.variants.map(\.id) == ["a", "b"])
        #expect(experiment.variants.map(\.funnel.runs) == [1, 1])
        #expect(experiment.variants.map(\.funnel.paywall) == [1, 0])
        #expect(experiment.variants[1].funnel.revenue.map(\.currency) == ["EUR", "USD"])
        #expect(experiment.method == .exact && experiment.isTooSmallToTell)
        #expect(experiment.variants.compactMap(\.probabilityBest).count == 2)
    }

    @Test(arguments: [1, 2, 7, 64, 100, 1000])
    func chunksOfAnySizeGiveTheSameReport(size: Int) throws {
        let bytes = Array(ReportFixtures.events.utf8)
        #expect(try ReportFixtures.report(bytes, chunkSize: size) == ReportFixtures.report(bytes))
    }

    @Test func aLastLineWithoutANewlineIsRead() throws {
        let text = #"{"event":"tourStarted","run":"x"}"#
        #expect(try ReportFixtures.report(text).funnel.runs == 1)
    }

    static func variants(_ counts: [(Int, Int)]) -> [Report.Variant] {
        counts.enumerated().map { index, count in
            var funnel = Report.Funnel()
            (funnel.purchases, funnel.runs) = count
            return Report.Variant(id: "v\(index)", funnel: funnel, probabilityBest: nil)
        }
    }

    /// Simulations share one budget of draws: each takes at most its draws, fewer as it runs
    /// low, none below the minimum; two variants are exact and cost nothing.
    @Test func simulationsShareABudgetOfDraws() {
        let three = Self.variants([(10, 100), (12, 100), (14, 100)])
        var budget = 3 * BestVariantProbability.draws + 3 * 20_000
        let full = Report.experiment("a", variants: three, budget: &budget)
        #expect(full.method == .simulation(draws: BestVariantProbability.draws, seed: BestVariantProbability.seed))
        let rest = Report.experiment("b", variants: three, budget: &budget)
        #expect(rest.method == .simulation(draws: 20_000, seed: BestVariantProbability.seed))
        #expect(budget == 0)
        let exact = Report.experiment("c", variants: Array(three.prefix(2)), budget: &budget)
        #expect(exact.method == .exact)
        let spent = Report.experiment("d", variants: three, budget: &budget)
        #expect(spent.method == nil && spent.variants.allSatisfy { $0.probabilityBest == nil })
        #expect(Report.methodLine(nil, variants: 3).contains("draws are spent"))
    }

    @Test func tooFewToTellFollowsItsRule() {
        func experiment(_ counts: [(Int, Int)]) -> Report.Experiment {
            var budget = Report.simulationBudget
            return Report.experiment("e", variants: Self.variants(counts), budget: &budget)
        }
        #expect(!experiment([(10, 20), (10, 20)]).isTooSmallToTell)
        #expect(experiment([(9, 100), (50, 100)]).isTooSmallToTell)
        #expect(experiment([(91, 100), (50, 100)]).isTooSmallToTell)
        #expect(experiment([(50, 100)]).isTooSmallToTell)
    }
}
