import Testing

@testable import OnboardReport

/// The report's statistics against values computed independently: SciPy 1.17's
/// `binomtest(k, n).proportion_ci(method="wilson")` for the interval, and SciPy's numerical
/// integration of P(p_B > p_A) = ∫ f_B(x) F_A(x) dx over the two Beta posteriors.
@Suite struct StatisticsTests {
    @Test(arguments: [
        (0, 10, 0.0, 0.27753279986288926),
        (10, 100, 0.05522913706067508, 0.17436566150491345),
        (1, 1, 0.20654931437723745, 1.0),
        (5, 5, 0.5655175352168251, 1.0),
        (81, 263, 0.2552885198782742, 0.36620957698280004),
        (3, 1000, 0.0010207838811386186, 0.008783014053503173),
        (500, 6000, 0.07660369996913312, 0.09059616127068613),
    ])
    func wilsonIntervalsMatchSciPy(successes: Int, trials: Int, low: Double, high: Double) throws {
        let interval = try #require(WilsonInterval(successes: successes, trials: trials))
        #expect(abs(interval.low - low) < 1e-12 && abs(interval.high - high) < 1e-12, "\(interval)")
    }

    @Test(arguments: [(0, 0), (1, 0), (5, 3), (-1, 3)])
    func noIntervalWithoutTrialsOrWithImpossibleCounts(successes: Int, trials: Int) {
        #expect(WilsonInterval(successes: successes, trials: trials) == nil)
    }

    @Test(arguments: [
        (10, 100, 15, 100, 0.8532837899339668),
        (0, 0, 0, 0, 0.5),
        (50, 1000, 65, 1000, 0.9244803789025742),
        (3, 20, 1, 20, 0.17166979362101317),
        (200, 5000, 240, 5000, 0.9743605027500003),
        (0, 10, 1, 10, 16.0 / 21.0),
    ])
    func twoVariantsAreExact(conversionsA: Int, trialsA: Int, conversionsB: Int, trialsB: Int, expected: Double)
        throws
    {
        let best = try #require(BestVariantProbability([(conversionsA, trialsA), (conversionsB, trialsB)]))
        #expect(best.method == .exact)
        #expect(abs(best.probabilities[1] - expected) < 1e-9, "\(best.probabilities)")
        #expect(abs(best.probabilities[0] + best.probabilities[1] - 1) < 1e-12)
    }

    @Test func theSimulationAgreesWithTheExactAnswerAndRepeatsItself() {
        let counts = [(50, 1000), (65, 1000)]
        let simulated = BestVariantProbability.simulate(
            counts.map { (alpha: 1 + $0.0, beta: 1 + $0.1 - $0.0) }, draws: 200_000, seed: 7)
        // 200,000 draws: a standard error of about 0.0006 around 0.924.
        #expect(abs(simulated[1] - 0.9244803789025742) < 0.004, "\(simulated)")
        let again = BestVariantProbability.simulate(
            counts.map { (alpha: 1 + $0.0, beta: 1 + $0.1 - $0.0) }, draws: 200_000, seed: 7)
        #expect(simulated == again)
    }

    @Test func threeVariantsAreSimulatedWithTheirDrawsAndSeedStated() throws {
        let same = try #require(BestVariantProbability([(30, 300), (30, 300), (30, 300)]))
        #expect(same.method == .simulation(draws: BestVariantProbability.draws, seed: BestVariantProbability.seed))
        #expect(abs(same.probabilities.reduce(0, +) - 1) < 1e-12)
        for probability in same.probabilities { #expect(abs(probability - 1.0 / 3.0) < 0.01, "\(same)") }
        // A clear winner takes nearly all draws.
        let clear = try #require(BestVariantProbability([(10, 1000), (100, 1000), (12, 1000)]))
        #expect(clear.probabilities[1] > 0.999, "\(clear)")
        #expect(BestVariantProbability([(1, 2)]) == nil)
    }
}
