import Testing

@testable import OnboardKit

@Suite struct FrameClockTests {
    @Test func exactMultiplesOfTheStepGiveThatManySteps() {
        var clock = FrameClock(frameRate: 60)
        #expect(clock.stepsDue(elapsed: 1.0 / 60) == 1)
        #expect(clock.stepsDue(elapsed: 2.0 / 60) == 2)
        // 1/60 added up three times falls a hair short of 3/60 in floating point.
        #expect(clock.stepsDue(elapsed: 1.0 / 60 + 1.0 / 60) == 2)
        #expect(clock.pendingTime < 1e-12)
    }

    @Test func partialStepsAccumulate() {
        var clock = FrameClock(frameRate: 50)
        #expect(clock.stepsDue(elapsed: 0.012) == 0)
        #expect(clock.stepsDue(elapsed: 0.012) == 1)
        #expect(abs(clock.pendingTime - 0.004) < 1e-12)
        #expect(clock.stepsDue(elapsed: 0.016) == 1)
        #expect(clock.pendingTime < 1e-12)
    }

    @Test func lateFramesAreDroppedNotCaughtUp() {
        var clock = FrameClock(frameRate: 60)
        // Half a second late: 30 steps due, only 2 are simulated and the rest is forgotten.
        #expect(clock.stepsDue(elapsed: 0.5 + 0.5 / 60) == FrameClock.maxStepsPerFrame)
        // The fraction of a step survives, so the cadence keeps its grid.
        #expect(abs(clock.pendingTime - 0.5 / 60) < 1e-9)
        #expect(clock.stepsDue(elapsed: 0.5 / 60) == 1)
        #expect(clock.stepsDue(elapsed: 3.0 / 60) == 2)
        #expect(clock.stepsDue(elapsed: 1e300) == 2)
        #expect(clock.pendingTime < clock.timeStep)
    }

    @Test func delayCountsDownToTheNextStep() {
        var clock = FrameClock(frameRate: 40)
        #expect(clock.delayUntilNextStep() == 0.025)
        _ = clock.stepsDue(elapsed: 0.01)
        #expect(abs(clock.delayUntilNextStep() - 0.015) < 1e-12)
        _ = clock.stepsDue(elapsed: 0.02)
        #expect(abs(clock.delayUntilNextStep() - 0.02) < 1e-12)
    }

    @Test func resetForgetsIdleTime() {
        var clock = FrameClock()
        _ = clock.stepsDue(elapsed: 0.01)
        clock.reset()
        #expect(clock.pendingTime == 0)
        #expect(clock.delayUntilNextStep() == clock.timeStep)
        #expect(clock.stepsDue(elapsed: 0.01) == 0)
    }

    @Test func negativeOrInvalidElapsedTimeCountsAsNone() {
        var clock = FrameClock()
        _ = clock.stepsDue(elapsed: 0.01)
        #expect(clock.stepsDue(elapsed: -1) == 0)
        #expect(clock.stepsDue(elapsed: .nan) == 0)
        #expect(clock.stepsDue(elapsed: .infinity) == 0)
        #expect(abs(clock.pendingTime - 0.01) < 1e-12)
    }
}
