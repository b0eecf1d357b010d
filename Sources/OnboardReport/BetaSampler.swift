import OnboardKit

import func Glibc.cos
import func Glibc.log

/// Draws from Beta(α, β) as X / (X + Y) with X ~ Gamma(α), Y ~ Gamma(β), each by Marsaglia and
/// Tsang's method ("A Simple Method for Generating Gamma Variables", ACM TOMS 26(3), 2000),
/// which holds for shapes of at least 1: a Beta posterior's shapes always are (1 + a count).
enum BetaSampler {
    static func draw(alpha: Double, beta: Double, using generator: inout SeededGenerator) -> Double {
        let x = gamma(shape: alpha, using: &generator)
        let y = gamma(shape: beta, using: &generator)
        return x / (x + y)
    }

    static func gamma(shape: Double, using generator: inout SeededGenerator) -> Double {
        let d = shape - 1.0 / 3.0
        let c = 1.0 / (9.0 * d).squareRoot()
        while true {
            var x = 0.0
            var v = 0.0
            repeat {
                x = normal(using: &generator)
                v = 1.0 + c * x
            } while v <= 0
            v = v * v * v
            let u = generator.unit()
            if u < 1.0 - 0.0331 * x * x * x * x { return d * v }
            if log(u) < 0.5 * x * x + d * (1.0 - v + log(v)) { return d * v }
        }
    }

    /// A standard normal draw (Box and Muller).
    static func normal(using generator: inout SeededGenerator) -> Double {
        let u1 = 1.0 - generator.unit()  // in (0, 1]: log never sees 0
        let u2 = generator.unit()
        return (-2.0 * log(u1)).squareRoot() * cos(2.0 * Double.pi * u2)
    }
}
