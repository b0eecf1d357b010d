/// The Wilson score interval of a proportion (Wilson, 1927): unlike the normal approximation it
/// stays inside 0...1 and holds for small counts and rates near 0 or 1, where a funnel's
/// conversion often is. See Brown, Cai and DasGupta, "Interval Estimation for a Binomial
/// Proportion", Statistical Science 16(2), 2001.
public struct WilsonInterval: Equatable, Sendable {
    public var low: Double
    public var high: Double

    /// The two-sided 95% normal quantile, Φ⁻¹(0.975).
    public static let z95 = 1.959_963_984_540_054

    /// The interval for `successes` out of `trials` at the confidence `z` stands for; nil for no
    /// trials. `successes` must be within 0...trials.
    public init?(successes: Int, trials: Int, z: Double = WilsonInterval.z95) {
        guard trials > 0, (0...trials).contains(successes) else { return nil }
        let n = Double(trials)
        let rate = Double(successes) / n
        let zz = z * z
        let denominator = 1 + zz / n
        let center = (rate + zz / (2 * n)) / denominator
        let half = z / denominator * (rate * (1 - rate) / n + zz / (4 * n * n)).squareRoot()
        low = max(0, center - half)
        high = min(1, center + half)
    }
}
