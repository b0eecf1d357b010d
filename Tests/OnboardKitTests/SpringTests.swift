import Foundation
import Testing

@testable import OnboardKit

@Suite struct SpringTests {
    /// The textbook solution of x'' + 2ζωx' + ω²x = 0 at time t, as displacement and velocity,
    /// written out per regime without the step coefficients.
    static func analytic(x0: Double, v0: Double, omega: Double, zeta: Double, t: Double) -> (x: Double, v: Double) {
        if zeta < 1 {
            let alpha = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega * x0) / alpha
            let envelope = exp(-zeta * omega * t)
            let x = envelope * (a * cos(alpha * t) + b * sin(alpha * t))
            let v = -zeta * omega * x + envelope * alpha * (-a * sin(alpha * t) + b * cos(alpha * t))
            return (x, v)
        } else if zeta == 1 {
            let envelope = exp(-omega * t)
            let x = (x0 + (v0 + omega * x0) * t) * envelope
            let v = (v0 + omega * x0) * envelope - omega * x
            return (x, v)
        } else {
            let r1 = -zeta * omega - omega * (zeta * zeta - 1).squareRoot()
            let r2 = -zeta * omega + omega * (zeta * zeta - 1).squareRoot()
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            let x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
            let v = c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
            return (x, v)
        }
    }

    static func run(_ spring: Spring, from state: SpringState, target: Double, steps: Int) -> SpringState {
        var state = state
        for _ in 0..<steps { state = spring.step(state, target: target) }
        return state
    }

    @Test(arguments: [
        (omega: 6.0, zeta: 0.3),  // under-damped
        (omega: 9.0, zeta: 0.0),  // undamped
        (omega: 4.0, zeta: 1.0),  // critically damped
        (omega: 4.0, zeta: 2.5),  // over-damped
        (omega: 4.0, zeta: 1 - 1e-6),  // just under the critical band
        (omega: 4.0, zeta: 1 + 1e-6),  // just over it
    ])
    func steppingMatchesTheClosedFormSolutionAfterOneSecond(omega: Double, zeta: Double) {
        let spring = Spring(angularFrequency: omega, dampingRatio: zeta, timeStep: 1.0 / 60)
        let start = SpringState(position: 0, velocity: 30)
        let target = 80.0
        let end = Self.run(spring, from: start, target: target, steps: 60)
        let expected = Self.analytic(x0: start.position - target, v0: start.velocity, omega: omega, zeta: zeta, t: 1)
        #expect(abs(end.position - (target + expected.x)) < 1e-9)
        #expect(abs(end.velocity - expected.v) < 1e-9)
        // The comparison is meaningful only if the value is still moving at t = 1 s.
        #expect(abs(expected.x) > 0.01)
    }

    @Test(arguments: [0.2, 1.0, 3.0])
    func frameRatesAgreeAfterOneSecond(zeta: Double) {
        let start = SpringState(position: -20, velocity: 15)
        let ends = [30, 60, 144].map { rate in
            Self.run(
                Spring(angularFrequency: 5, dampingRatio: zeta, timeStep: 1 / Double(rate)),
                from: start, target: 50, steps: rate)
        }
        for end in ends.dropFirst() {
            #expect(abs(end.position - ends[0].position) < 1e-6)
            #expect(abs(end.velocity - ends[0].velocity) < 1e-6)
        }
        #expect(abs(ends[0].position - start.position) > 1)
    }

    @Test func zeroFrequencyOrTimeStepIsTheIdentity() {
        let state = SpringState(position: 12.5, velocity: -7)
        let still = [
            Spring(angularFrequency: 0, dampingRatio: 1, timeStep: 1.0 / 60),
            Spring(angularFrequency: -3, dampingRatio: 0.5, timeStep: 1.0 / 60),
            Spring(angularFrequency: 18, dampingRatio: 1, timeStep: 0),
            Spring(angularFrequency: .nan, dampingRatio: 1, timeStep: 1.0 / 60),
            Spring(response: 0, dampingFraction: 1, timeStep: 1.0 / 60),
        ]
        for spring in still {
            #expect(spring.step(state, target: 100) == state)
            #expect(spring.isIdentity)
        }
        #expect(!Spring(angularFrequency: 18, dampingRatio: 1, timeStep: 1.0 / 60).isIdentity)
    }

    @Test func negativeParametersClampToZero() {
        let negative = Spring(
            angularFrequency: 10, dampingRatio: -0.5, timeStep: 1.0 / 60, positionThreshold: -1, velocityThreshold: -1)
        #expect(negative.dampingRatio == 0)
        #expect(negative.positionThreshold == 0)
        // An undamped spring, not one that gains energy.
        let undamped = Spring(angularFrequency: 10, dampingRatio: 0, timeStep: 1.0 / 60)
        let state = SpringState(position: 3, velocity: 1)
        #expect(negative.step(state, target: 0) == undamped.step(state, target: 0))
    }

    @Test func responseIsThePeriodOfTheUndampedOscillation() {
        let spring = Spring(response: 0.5, dampingFraction: 0, timeStep: 1.0 / 100)
        #expect(abs(spring.angularFrequency - 4 * Double.pi) < 1e-12)
        // One full period (50 steps of 10 ms) brings an undamped spring back where it started.
        let end = Self.run(spring, from: SpringState(position: 10), target: 0, steps: 50)
        #expect(abs(end.position - 10) < 1e-9)
        let half = Self.run(spring, from: SpringState(position: 10), target: 0, steps: 25)
        #expect(abs(half.position + 10) < 1e-9)
    }

    @Test func settledNeedsBothPositionAndVelocityWithinThresholds() {
        let spring = Spring(
            angularFrequency: 18, dampingRatio: 1, timeStep: 1.0 / 60, positionThreshold: 0.1, velocityThreshold: 2)
        #expect(spring.isSettled(SpringState(position: 9.95, velocity: 1.5), target: 10))
        #expect(!spring.isSettled(SpringState(position: 9.85, velocity: 0), target: 10))
        #expect(!spring.isSettled(SpringState(position: 10, velocity: -2.5), target: 10))
    }
}
