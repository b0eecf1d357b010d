import Testing

@testable import OnboardKit

@Suite struct SpringAnimationTests {
    let spring = SpringPreset.smooth.spring(timeStep: 1.0 / 60)

    @Test(arguments: SpringPreset.allCases)
    func settlingSnapsExactlyOntoTheTargetAndStays(preset: SpringPreset) {
        var animation = SpringAnimation(spring: preset.spring(timeStep: 1.0 / 60), position: 3, target: 77)
        var steps = 0
        while !animation.isSettled && steps < 300 {
            animation.advance()
            steps += 1
        }
        #expect(animation.isSettled)
        #expect(steps < 300)
        #expect(animation.position == 77)
        #expect(animation.velocity == 0)
        let settled = animation
        animation.advance(steps: 5)
        #expect(animation == settled)
    }

    @Test func retargetMidFlightKeepsPositionAndVelocity() {
        var animation = SpringAnimation(spring: spring, position: 0, target: 80)
        animation.advance(steps: 8)
        let before = animation.state
        #expect(before.velocity > 0)
        animation.retarget(to: -40)
        #expect(animation.state == before)
        #expect(animation.target == -40)
        animation.advance()
        // The value keeps moving the way it was going for the next step: no jump, no reversal.
        #expect(animation.state == spring.step(before, target: -40))
        #expect(animation.position > before.position)
        #expect(animation.position - before.position < before.velocity * spring.timeStep)
    }

    @Test func jumpCutsToTheTargetAtRest() {
        var animation = SpringAnimation(spring: spring, position: 0, target: 80)
        animation.advance(steps: 3)
        animation.jump(to: 40)
        #expect(animation.isSettled)
        #expect(animation.position == 40)
        #expect(animation.velocity == 0)
    }

    @Test func aSpringThatCannotMoveCutsToTheTarget() {
        let still = Spring(angularFrequency: 0, dampingRatio: 1, timeStep: 1.0 / 60)
        var animation = SpringAnimation(spring: still, position: 0, target: 10)
        #expect(!animation.isSettled)
        animation.advance()
        #expect(animation.isSettled)
        #expect(animation.position == 10)
    }

    @Test func advancingByStepsMatchesSingleSteps() {
        var single = SpringAnimation(spring: spring, position: 5, velocity: -20, target: 60)
        var batched = single
        for _ in 0..<7 { single.advance() }
        batched.advance(steps: 7)
        #expect(batched == single)
        batched.advance(steps: -3)
        #expect(batched == single)
    }

    @Test func restingAnimationIsSettledFromTheStart() {
        let animation = SpringAnimation(spring: spring, restingAt: 12)
        #expect(animation.isSettled)
        #expect(animation.target == 12)
    }
}
