import Foundation
import Testing

@testable import OnboardKit

@Suite struct ConfettiSimulationTests {
    @Test func theSameSeedGivesTheSameFramesAndAnotherSeedDoesNot() {
        let page = ConfettiFixtures.page()
        var first = ConfettiFixtures.fired(.burst, seed: 7)
        var second = ConfettiFixtures.fired(.burst, seed: 7)
        var other = ConfettiFixtures.fired(.burst, seed: 8)
        var differed = false
        for _ in 0..<90 {
            first.step(dt: 1 / 60)
            second.step(dt: 1 / 60)
            other.step(dt: 1 / 60)
            var a = page
            var b = page
            var c = page
            ConfettiRenderer.draw(first, into: &a, colorMode: .truecolor)
            ConfettiRenderer.draw(second, into: &b, colorMode: .truecolor)
            ConfettiRenderer.draw(other, into: &c, colorMode: .truecolor)
            #expect(a == b)
            if a != c { differed = true }
        }
        #expect(differed)
    }

    /// Positions at one second agree within half a cell whether stepped at 30 Hz or 60 Hz,
    /// including sparks of rockets that burst mid-step and repetitions that fire mid-step.
    @Test(arguments: [ConfettiCannon.cannon, .burst, .fireworks, .rain])
    func positionsDoNotDependOnTheFrameRate(cannon: ConfettiCannon) throws {
        var cannon = cannon
        cannon.repetitionInterval = 0.37
        var slow = ConfettiFixtures.fired(cannon, width: 200, height: 60)
        var fast = ConfettiFixtures.fired(cannon, width: 200, height: 60)
        ConfettiFixtures.run(&slow, frames: 30, rate: 30)
        ConfettiFixtures.run(&fast, frames: 60, rate: 60)
        #expect(slow.liveCount > 0)
        #expect(slow.liveCount == fast.liveCount)
        let fastByID = Dictionary(uniqueKeysWithValues: fast.particles.map { ($0.id, $0) })
        var worst = 0.0
        for particle in slow.particles {
            let twin = try #require(fastByID[particle.id])
            let columns = abs(particle.drawnX - twin.drawnX)
            let rows = abs(particle.y - twin.y) / 2
            worst = max(worst, columns, rows)
        }
        #expect(worst < 0.5, "largest difference \(worst) cells")
    }

    @Test func everyPieceIsGoneWithinItsLifeAndThePageIsRestoredExactly() {
        var cannon = ConfettiCannon.burst
        cannon.repetitions = 3
        cannon.repetitionInterval = 0.5
        // A large radius throws pieces off the page, which must not keep them alive either.
        cannon.radius = 600
        let page = ConfettiFixtures.page()
        var system = ConfettiFixtures.fired(cannon)
        let frames = Int((cannon.maximumDuration * 60).rounded(.up)) + 1
        var drewSomething = false
        for frame in 0..<frames {
            system.step(dt: 1 / 60)
            var canvas = page
            ConfettiRenderer.draw(system, into: &canvas, colorMode: .indexed256)
            if canvas != page { drewSomething = true }
            if frame == 31 { #expect(system.isAlive) }
        }
        #expect(drewSomething)
        #expect(!system.isAlive)
        #expect(system.liveCount == 0)
        var canvas = page
        ConfettiRenderer.draw(system, into: &canvas, colorMode: .indexed256)
        #expect(canvas == page)
    }

    @Test func piecesThatFallOffTheBottomAreDroppedBeforeTheirLifeEnds() {
        var cannon = ConfettiCannon.cannon
        cannon.lifetime = 60
        var system = ConfettiFixtures.fired(cannon, width: 40, height: 10)
        ConfettiFixtures.run(&system, frames: 20 * 60)
        #expect(!system.isAlive)
    }

    @Test func repetitionsFireAtTheirScheduledTimes() throws {
        var cannon = ConfettiCannon.cannon
        cannon.repetitions = 4
        cannon.repetitionInterval = 0.55
        var system = ConfettiFixtures.fired(cannon, width: 200, height: 60)
        var firedAt: [UInt64: Double] = [:]
        for _ in 0..<150 {
            system.step(dt: 1 / 60)
            for particle in system.particles {
                let burst = particle.id >> 32
                // The age of a new piece tells the exact moment it was fired.
                if firedAt[burst] == nil { firedAt[burst] = system.time - particle.age }
            }
        }
        #expect(firedAt.count == 4)
        for (serial, time) in firedAt {
            #expect(abs(time - Double(serial) * 0.55) < 1e-9, "burst \(serial) fired at \(time)")
        }
    }

    @Test func bellsRingOncePerBurstWhenAsked() {
        var cannon = ConfettiCannon.cannon
        cannon.repetitions = 3
        cannon.repetitionInterval = 0.25
        cannon.bell = true
        var system = ConfettiFixtures.fired(cannon)
        system.step(dt: 1 / 60)
        #expect(system.takeBells() == 1)
        #expect(system.takeBells() == 0)
        ConfettiFixtures.run(&system, frames: 40)
        #expect(system.takeBells() == 2)
        var quiet = ConfettiFixtures.fired(.cannon)
        ConfettiFixtures.run(&quiet, frames: 10)
        #expect(quiet.takeBells() == 0)
    }

    @Test func overlappingBurstsAllFly() {
        var system = ConfettiFixtures.fired(.cannon)
        ConfettiFixtures.run(&system, frames: 10)
        var rng = SeededGenerator(seed: 9)
        system.fire(.burst, in: (width: 60, height: 20), rng: &rng)
        system.step(dt: 1 / 60)
        #expect(system.liveCount == ConfettiCannon.cannon.num + ConfettiCannon.burst.num)
    }

    /// Cells are twice as tall as wide, so a round burst spans twice as many columns as rows.
    @Test func aFullCircleBurstLooksRound() {
        var cannon = ConfettiCannon.burst
        cannon.num = 600
        cannon.flutter = 0
        var system = ConfettiFixtures.fired(cannon, width: 400, height: 200)
        ConfettiFixtures.run(&system, frames: 18)
        func spread(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        }
        let columns = spread(system.particles.map(\.x))
        let rows = spread(system.particles.map { $0.y / 2 })
        #expect(columns > 5)
        let ratio = columns / rows
        #expect(ratio > 1.5 && ratio < 2.5, "columns/rows spread ratio \(ratio)")
    }

    @Test func fireworksRocketsBurstIntoSparksOfTheirColour() {
        var cannon = ConfettiCannon.fireworks
        cannon.repetitions = 1
        var system = ConfettiFixtures.fired(cannon, width: 120, height: 40)
        system.step(dt: 1 / 60)
        #expect(system.liveCount == cannon.num)
        #expect(system.particles.allSatisfy { $0.isRocket })
        let rocketColors = Dictionary(uniqueKeysWithValues: system.particles.map { ($0.id, $0.colorIndex) })
        ConfettiFixtures.run(&system, frames: 70)
        #expect(!system.particles.contains { $0.isRocket })
        #expect(system.liveCount == cannon.num * (cannon.rocket?.sparks ?? 0))
        for spark in system.particles {
            let rocket = spark.id & ~0xFFFF
            #expect(rocketColors[rocket] == spark.colorIndex)
        }
    }

    @Test func launchAnglesStayInsideTheArcAndWrapThroughZero() {
        var cannon = ConfettiCannon.cannon
        cannon.num = 200
        cannon.gravity = 0
        cannon.flutter = 0
        cannon.openingAngle = 300
        cannon.closingAngle = 60
        var system = ConfettiFixtures.fired(cannon, width: 200, height: 60)
        system.step(dt: 1 / 60)
        var sawBelow = false
        var sawAbove = false
        for particle in system.particles {
            // Opening 300° through 0° to 60°: every piece heads right, some up, some down.
            #expect(particle.vx > 0)
            let degrees = atan2(-particle.vy, particle.vx) * 180 / .pi
            #expect(degrees >= -60.001 && degrees <= 60.001)
            if degrees < -30 { sawBelow = true }
            if degrees > 30 { sawAbove = true }
        }
        #expect(sawBelow && sawAbove)
    }

    /// Gravity eases in, so the explosion throws pieces close to `radius` before they fall, as
    /// on mobile.
    @Test func theDefaultCannonReachesCloseToItsRadius() {
        var cannon = ConfettiCannon.cannon
        cannon.num = 300
        var system = ConfettiFixtures.fired(cannon, width: 200, height: 100)
        var highest = 0.0
        for _ in 0..<90 {
            system.step(dt: 1 / 60)
            highest = max(highest, system.particles.map { 0.9 * 200 - $0.y }.max() ?? 0)
        }
        // 300 points are 37.5 pixels (half rows).
        #expect(highest > 0.85 * 37.5 && highest <= 37.5, "highest \(highest) pixels")
    }

    /// By default gravity makes a piece fall `rainHeight` in the mobile rain time.
    @Test(arguments: [0.0, 2, 6, 12])
    func piecesFallTheRainHeightInTheMobileRainTime(drag: Double) {
        let cannon = ConfettiCannon(
            num: 1, rainHeight: 400, radius: 0, drag: drag, flutter: 0, lifetime: 10, origin: .point(x: 0.5, y: 0))
        var system = ConfettiFixtures.fired(cannon, width: 20, height: 200)
        // The rain takes (rainHeight + radius) / 200 seconds on mobile: 2 s here, 120 frames.
        ConfettiFixtures.run(&system, frames: 120)
        let fallen = system.particles.first.map(\.y) ?? 0
        #expect(abs(fallen - 400 / 8) < 0.01, "fell \(fallen) pixels")
    }
}
