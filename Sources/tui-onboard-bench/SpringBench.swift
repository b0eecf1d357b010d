import Foundation
import OnboardKit

extension Benchmarks {
    /// Settle time, frame count and overshoot of a full-width slide per preset, and the cost
    /// of one spring step.
    static let spring = Benchmark(
        name: "spring",
        run: {
            let timeStep = 1.0 / 60
            print(
                "full-width slide at 60 Hz, thresholds \(Spring.defaultPositionThreshold) col, \(Spring.defaultVelocityThreshold) col/s"
            )
            for preset in SpringPreset.allCases {
                for width in [80.0, 200.0] {
                    var animation = SpringAnimation(
                        spring: preset.spring(timeStep: timeStep), position: 0, target: width)
                    var frames = 0
                    var overshoot = 0.0
                    while !animation.isSettled && frames < 6000 {
                        animation.advance()
                        frames += 1
                        overshoot = max(overshoot, animation.position - width)
                    }
                    let name = preset.name.padding(toLength: 7, withPad: " ", startingAt: 0)
                    let columns = String(Int(width)).padding(toLength: 4, withPad: " ", startingAt: 0)
                    let line =
                        "\(name) \(columns)cols: "
                        + String(
                            format: "settles in %.3f s, %d frames, overshoot %.3f col", Double(frames) * timeStep,
                            frames, overshoot)
                    print(line)
                }
            }

            let steps = 5_000_000
            let spring = SpringPreset.bouncy.spring(timeStep: timeStep)
            var state = SpringState(position: 0)
            let clock = ContinuousClock()
            let started = clock.now
            for index in 0..<steps {
                // Alternating targets keep the state moving so no step is trivially at rest.
                state = spring.step(state, target: index & 64 == 0 ? 80 : 0)
            }
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print(
                String(
                    format: "step: %.1f ns per step over %d steps (final position %.3f)", seconds / Double(steps) * 1e9,
                    steps, state.position))
        })
}
