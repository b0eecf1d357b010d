import Testing

@testable import OnboardKit

@Suite struct SpringPresetTests {
    struct Slide {
        var settleSteps: Int
        var settleSeconds: Double
        var overshoot: Double
    }

    /// Slides from 0 to `distance` at 60 Hz until settled (or gives up after 10 s).
    static func slide(_ preset: SpringPreset, distance: Double) -> Slide {
        let spring = preset.spring(timeStep: 1.0 / 60)
        var animation = SpringAnimation(spring: spring, position: 0, target: distance)
        var steps = 0
        var overshoot = 0.0
        while !animation.isSettled && steps < 600 {
            animation.advance()
            steps += 1
            overshoot = max(overshoot, animation.position - distance)
        }
        return Slide(settleSteps: steps, settleSeconds: Double(steps) * spring.timeStep, overshoot: overshoot)
    }

    @Test func smoothSlidesAcrossEightyColumnsInTimeWithoutOvershoot() {
        let slide = Self.slide(.smooth, distance: 80)
        #expect(slide.settleSeconds <= 0.45 + 1e-9)
        #expect(slide.settleSeconds >= 0.3)  // still a visible motion, not a cut
        #expect(slide.overshoot == 0)
    }

    @Test func smoothSlidesAcrossTwoHundredColumnsInHalfASecond() {
        let slide = Self.slide(.smooth, distance: 200)
        #expect(slide.settleSeconds <= 0.5 + 1e-9)
        #expect(slide.overshoot == 0)
    }

    @Test(arguments: [80.0, 200.0])
    func snappySettlesFasterThanSmoothWithAnInvisibleOvershoot(distance: Double) {
        let snappy = Self.slide(.snappy, distance: distance)
        let smooth = Self.slide(.smooth, distance: distance)
        #expect(snappy.settleSteps < smooth.settleSteps)
        #expect(snappy.overshoot < 0.5)
    }

    @Test func bouncyOvershootsEightyColumnsByAboutOneCell() {
        let slide = Self.slide(.bouncy, distance: 80)
        #expect(slide.overshoot > 0.3)
        #expect(slide.overshoot < 2)
        #expect(slide.settleSteps < 600)
    }

    @Test func dropWobblesMoreThanBouncy() {
        // A symbol dropping in over six rows.
        let drop = Self.slide(.drop, distance: 6)
        let bouncy = Self.slide(.bouncy, distance: 6)
        #expect(drop.overshoot > 0.5)
        #expect(drop.overshoot > 2 * bouncy.overshoot)
        #expect(drop.settleSteps < 600)
    }

    @Test func presetsDecodeFromTheirNames() {
        #expect(SpringPreset(name: "smooth") == .smooth)
        #expect(SpringPreset(name: "Bouncy") == .bouncy)
        #expect(SpringPreset(name: "wobbly") == nil)
        #expect(SpringPreset(name: "") == nil)
        for name in SpringPreset.names { #expect(SpringPreset(name: name)?.name == name) }
    }

    @Test func presetSpringUsesTheGivenStepAndThresholds() {
        let spring = SpringPreset.snappy.spring(timeStep: 1.0 / 30, positionThreshold: 0.01, velocityThreshold: 0.05)
        #expect(spring.timeStep == 1.0 / 30)
        #expect(spring.dampingRatio == SpringPreset.snappy.dampingRatio)
        #expect(spring.positionThreshold == 0.01)
        #expect(spring.velocityThreshold == 0.05)
    }
}
