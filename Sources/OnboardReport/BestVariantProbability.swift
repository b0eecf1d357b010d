import OnboardKit

import func Glibc.exp
import func Glibc.lgamma_r
import func Glibc.log

/// The probability that each variant converts best, with each one's conversion rate given a
/// Beta(1 + conversions, 1 + failures) posterior (a uniform prior). Two variants: exact (Evan
/// Miller, "Formulas for Bayesian A/B Testing", 2015, evanmiller.org/bayesian-ab-testing.html);
/// more: a seeded Monte Carlo of `draws` draws, so the same counts always give the same answer.
public struct BestVariantProbability: Equatable, Sendable {
    public enum Method: Equatable, Sendable {
        case exact
        case simulation(draws: Int, seed: UInt64)
    }

    /// One per variant, in the order given; they add up to 1.
    public var probabilities: [Double]
    public var method: Method

    public static let draws = 200_000
    public static let seed: UInt64 = 20_261_207

    /// Conversions and trials for each variant; nil for fewer than two.
    public init?(_ counts: [(conversions: Int, trials: Int)], draws: Int = draws, seed: UInt64 = seed) {
        guard counts.count >= 2 else { return nil }
        let shapes = counts.map { (alpha: 1 + $0.conversions, beta: 1 + max(0, $0.trials - $0.conversions)) }
        if shapes.count == 2 {
            let second = Self.probabilityBBeatsA(a: shapes[0], b: shapes[1])
            probabilities = [1 - second, second]
            method = .exact
        } else {
            probabilities = Self.simulate(shapes, draws: draws, seed: seed)
            method = .simulation(draws: draws, seed: seed)
        }
    }

    /// P(p_B > p_A) for p_A ~ Beta(αA, βA), p_B ~ Beta(αB, βB), with whole αB:
    /// Σ_{i=0}^{αB−1} B(αA+i, βA+βB) / ((βB+i) B(1+i, βB) B(αA, βA)), each term in logarithms.
    /// The sum runs over the smaller α, by symmetry: P(B > A) = 1 − P(A > B).
    static func probabilityBBeatsA(a: (alpha: Int, beta: Int), b: (alpha: Int, beta: Int)) -> Double {
        if a.alpha < b.alpha { return 1 - probabilityBBeatsA(a: b, b: a) }
        let (alphaA, betaA) = (Double(a.alpha), Double(a.beta))
        let betaB = Double(b.beta)
        let constant = logBeta(alphaA, betaA)
        var total = 0.0
        for step in 0..<b.alpha {
            let i = Double(step)
            total += exp(logBeta(alphaA + i, betaA + betaB) - log(betaB + i) - logBeta(1 + i, betaB) - constant)
        }
        return min(1, max(0, total))
    }

    static func logBeta(_ x: Double, _ y: Double) -> Double { logGamma(x) + logGamma(y) - logGamma(x + y) }

    /// ln Γ(x) for x > 0, where Γ is positive and the sign needs no reading.
    static func logGamma(_ x: Double) -> Double {
        var sign: Int32 = 0
        return lgamma_r(x, &sign)
    }

    /// The share of draws in which each variant's drawn rate was the highest.
    static func simulate(_ shapes: [(alpha: Int, beta: Int)], draws: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        var wins = [Int](repeating: 0, count: shapes.count)
        for _ in 0..<draws {
            var best = 0
            var bestRate = -1.0
            for (index, shape) in shapes.enumerated() {
                let rate = BetaSampler.draw(alpha: Double(shape.alpha), beta: Double(shape.beta), using: &generator)
                if rate > bestRate { (best, bestRate) = (index, rate) }
            }
            wins[best] += 1
        }
        return wins.map { Double($0) / Double(draws) }
    }
}
