// Pure functions of the C math library, named one by one: the core imports nothing else of it.
import func Glibc.cos
import func Glibc.exp
import func Glibc.expm1
import func Glibc.sin

/// A damped harmonic oscillator advanced by one fixed time step in closed form.
///
/// The displacement `x = position - target` obeys `x'' + 2ζω·x' + ω²·x = 0`. For a fixed step
/// `dt` the exact solution is linear in the state, so `init` precomputes four coefficients and
/// `step` is two multiply-adds per value: the motion is the same at any frame rate (up to
/// rounding) and never gains energy, unlike an Euler integration.
///
/// Negative or non-finite parameters count as 0. A zero angular frequency or time step makes
/// `step` the identity; a zero damping ratio oscillates forever and never settles.
public struct Spring: Hashable, Sendable {
    /// How close to 1 the damping ratio must be to use the critically damped solution. The
    /// neighbouring formulas below are written to stay accurate right up to this band, so it
    /// only has to keep `α = ω·√(1 − ζ²)` away from 0; treating such a ratio as exactly 1
    /// changes the motion by a relative amount of the order of the band.
    static let criticalDampingBand = 1e-9

    /// ω in radians per second: how stiff the spring is.
    public let angularFrequency: Double
    /// ζ: below 1 overshoots and oscillates, 1 is the fastest approach without overshoot,
    /// above 1 creeps in slowly.
    public let dampingRatio: Double
    /// Seconds simulated by one `step`.
    public let timeStep: Double
    /// `isSettled` needs the distance to the target below this, in the animated unit.
    public let positionThreshold: Double
    /// `isSettled` needs the speed below this, in the animated unit per second.
    public let velocityThreshold: Double

    // The exact one-step solution: new displacement and velocity as linear combinations of
    // the old ones.
    private let positionFromPosition: Double
    private let positionFromVelocity: Double
    private let velocityFromPosition: Double
    private let velocityFromVelocity: Double

    /// Settle thresholds for values in terminal cells: a quarter cell away and slower than
    /// 5 cells per second (under 0.1 cell per frame at 60 Hz). The nearest cell then already
    /// is the target's, so the final snap cannot be seen, while a page slide still ends in
    /// time (see `SpringPreset`).
    public static let defaultPositionThreshold = 0.25
    public static let defaultVelocityThreshold = 5.0

    /// A spring from its physical parameters: ω in radians per second and the damping ratio ζ.
    public init(
        angularFrequency: Double, dampingRatio: Double, timeStep: Double,
        positionThreshold: Double = Spring.defaultPositionThreshold,
        velocityThreshold: Double = Spring.defaultVelocityThreshold
    ) {
        let omega = Self.nonNegative(angularFrequency)
        let zeta = Self.nonNegative(dampingRatio)
        let dt = Self.nonNegative(timeStep)
        self.angularFrequency = omega
        self.dampingRatio = zeta
        self.timeStep = dt
        self.positionThreshold = Self.nonNegative(positionThreshold)
        self.velocityThreshold = Self.nonNegative(velocityThreshold)

        let coefficients: (Double, Double, Double, Double)
        if omega == 0 || dt == 0 {
            coefficients = (1, 0, 0, 1)
        } else if zeta > 1 + Self.criticalDampingBand {
            coefficients = Self.overDamped(omega: omega, zeta: zeta, dt: dt)
        } else if zeta < 1 - Self.criticalDampingBand {
            coefficients = Self.underDamped(omega: omega, zeta: zeta, dt: dt)
        } else {
            coefficients = Self.criticallyDamped(omega: omega, dt: dt)
        }
        (positionFromPosition, positionFromVelocity, velocityFromPosition, velocityFromVelocity) = coefficients
    }

    /// A spring from SwiftUI's pair: `response` is the period in seconds of the undamped
    /// oscillation (ω = 2π / response), `dampingFraction` is the damping ratio. A response
    /// that is not positive and finite gives ω = 0, the identity.
    public init(
        response: Double, dampingFraction: Double, timeStep: Double,
        positionThreshold: Double = Spring.defaultPositionThreshold,
        velocityThreshold: Double = Spring.defaultVelocityThreshold
    ) {
        let omega = response > 0 && response.isFinite ? 2 * Double.pi / response : 0
        self.init(
            angularFrequency: omega, dampingRatio: dampingFraction, timeStep: timeStep,
            positionThreshold: positionThreshold, velocityThreshold: velocityThreshold)
    }

    /// True when the spring cannot move a state (zero frequency or time step), so an animation
    /// driven by it would never arrive on its own.
    public var isIdentity: Bool {
        positionFromPosition == 1 && positionFromVelocity == 0 && velocityFromPosition == 0
            && velocityFromVelocity == 1
    }

    /// The state exactly one `timeStep` later, pulled towards `target`.
    public func step(_ state: SpringState, target: Double) -> SpringState {
        let displacement = state.position - target
        return SpringState(
            position: target + displacement * positionFromPosition + state.velocity * positionFromVelocity,
            velocity: displacement * velocityFromPosition + state.velocity * velocityFromVelocity)
    }

    /// True when the state is within both thresholds of resting at `target`.
    public func isSettled(_ state: SpringState, target: Double) -> Bool {
        abs(state.position - target) < positionThreshold && abs(state.velocity) < velocityThreshold
    }

    // MARK: - Coefficients of the three regimes

    /// ζ < 1: x(t) = e^(−ζωt)·(x₀·cos αt + (v₀ + ζωx₀)/α · sin αt), α = ω√(1 − ζ²).
    /// Stays accurate as α → 0 because sin(αt)/α → t without cancellation.
    private static func underDamped(omega: Double, zeta: Double, dt: Double)
        -> (Double, Double, Double, Double)
    {
        let alpha = omega * (1 - zeta * zeta).squareRoot()
        let decay = exp(-zeta * omega * dt)
        let cosine = cos(alpha * dt)
        let sineOverAlpha = sin(alpha * dt) / alpha
        return (
            decay * (cosine + zeta * omega * sineOverAlpha),
            decay * sineOverAlpha,
            -decay * omega * omega * sineOverAlpha,
            decay * (cosine - zeta * omega * sineOverAlpha)
        )
    }

    /// ζ = 1: x(t) = (x₀ + (v₀ + ωx₀)·t)·e^(−ωt).
    private static func criticallyDamped(omega: Double, dt: Double) -> (Double, Double, Double, Double) {
        let decay = exp(-omega * dt)
        return (
            decay * (1 + omega * dt),
            decay * dt,
            -decay * omega * omega * dt,
            decay * (1 - omega * dt)
        )
    }

    /// ζ > 1: x(t) = c₁·e^(z₁t) + c₂·e^(z₂t) with roots z₁ < z₂ < 0.
    ///
    /// Every coefficient is written with q = (e^(z₂t) − e^(z₁t)) / (z₂ − z₁), computed through
    /// `expm1` when the roots are close (ζ near 1) so the difference does not cancel; the slow
    /// root uses the product form so it keeps its digits when ζ is large.
    private static func overDamped(omega: Double, zeta: Double, dt: Double) -> (Double, Double, Double, Double) {
        let root = (zeta * zeta - 1).squareRoot()
        let fast = -omega * (zeta + root)
        let slow = -omega / (zeta + root)
        let gap = fast.magnitude - slow.magnitude
        let fastDecay = exp(fast * dt)
        let q =
            gap * dt > 1
            ? (exp(slow * dt) - fastDecay) / gap
            : fastDecay * expm1(gap * dt) / gap
        return (
            fastDecay - fast * q,
            q,
            -fast * slow * q,
            fastDecay + slow * q
        )
    }

    private static func nonNegative(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }
}
