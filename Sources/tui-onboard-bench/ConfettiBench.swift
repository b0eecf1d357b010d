import Foundation
import OnboardKit

extension Benchmarks {
    /// Confetti simulation and drawing cost per frame, and how much of the screen each frame
    /// changes (the terminal's bytes follow from that), at two screen sizes and two loads.
    static let confetti = Benchmark(name: "confetti", run: { runConfetti() })

    /// One measured scene: a screen size, a cannon kept firing, and how it is drawn.
    private struct ConfettiScene {
        var width: Int
        var height: Int
        var cannon: ConfettiCannon
        var mode: ConfettiRenderMode
        var label: String
        var overText = false
    }

    private static func runConfetti() {
        let frames = 600
        print("\(frames) frames at 60 Hz per scene; CPU time of step + draw (thread CPU clock)")
        print("bytes: what ncurses wrote for each frame in 256 colours (the real output path, to a file)")
        var scenes: [ConfettiScene] = []
        for (width, height) in [(80, 24), (200, 60)] {
            for target in [300, 1000] {
                scenes.append(
                    ConfettiScene(
                        width: width, height: height, cannon: steadyCannon(live: target), mode: .halfBlock,
                        label: "~\(target) live"))
            }
        }
        scenes.append(
            ConfettiScene(
                width: 200, height: 60, cannon: steadyCannon(live: 1000), mode: .glyph, label: "~1000 live"))
        var celebration = ConfettiCannon.celebration
        celebration.repetitions = 1
        for (width, height) in [(80, 24), (200, 60)] {
            scenes.append(
                ConfettiScene(
                    width: width, height: height, cannon: celebration, mode: .halfBlock, label: "celebration"))
        }
        for (width, height) in [(80, 24), (200, 60)] {
            scenes.append(
                ConfettiScene(
                    width: width, height: height, cannon: steadyCannon(live: 300), mode: .halfBlock,
                    label: "~300 over text", overText: true))
        }
        print("under the confetti: the built-in tour's first page; 'over text': a screen full of text")
        for scene in scenes { measure(scene, frames: frames) }
    }

    /// A round burst every quarter second whose pieces live 1.5 s: about `live` pieces in flight.
    private static func steadyCannon(live: Int) -> ConfettiCannon {
        var cannon = ConfettiCannon.burst
        cannon.num = live / 6
        cannon.lifetime = 1.5
        cannon.lifetimeVariation = 0
        cannon.repetitions = 1000
        cannon.repetitionInterval = 0.25
        cannon.radius = 160
        return cannon
    }

    private static func measure(_ scene: ConfettiScene, frames: Int) {
        // Under the confetti: a real page, the built-in tour's first, as the app draws it;
        // and, for a worst case, a screen full of text.
        var page = Canvas(width: scene.width, height: scene.height)
        if scene.overText {
            for row in stride(from: 1, to: scene.height, by: 2) {
                page.draw(
                    String(repeating: "Onboarding text under the confetti. ", count: scene.width / 36 + 1), x: 0,
                    y: row)
            }
        } else {
            let app = OnboardingApp(
                deck: ScreenMeter.defaultDeck(), colorMode: .indexed256, width: scene.width, height: scene.height,
                settings: AppSettings(reducesMotion: true))
            app.render(into: &page)
        }
        var system = ParticleSystem()
        var rng = SeededGenerator(seed: 2024)
        system.fire(scene.cannon, in: (width: scene.width, height: scene.height), rng: &rng)
        // The real output path: ncurses in 256 colours, writing to a file whose growth is the
        // bytes a terminal would receive.
        let meter = ScreenMeter(width: scene.width, height: scene.height)
        _ = meter.present(page)
        var times: [Double] = []
        var frameTimes: [Double] = []
        var liveTotal = 0
        var livePeak = 0
        var bytes: [Int] = []
        for _ in 0..<frames {
            var canvas = page
            // Copy the page before the clock starts: that copy is the page's cost, not confetti's.
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: page[0, 0])
            let start = threadCPUSeconds()
            system.step(dt: 1.0 / 60)
            ConfettiRenderer.draw(system, into: &canvas, mode: scene.mode, colorMode: .indexed256)
            times.append(threadCPUSeconds() - start)
            bytes.append(meter.present(canvas))
            frameTimes.append(threadCPUSeconds() - start)
            liveTotal += system.liveCount
            livePeak = max(livePeak, system.liveCount)
        }
        times.sort()
        frameTimes.sort()
        let mean = times.reduce(0, +) / Double(times.count)
        let frameMean = frameTimes.reduce(0, +) / Double(frameTimes.count)
        let p99 = frameTimes[min(frameTimes.count - 1, Int(Double(frameTimes.count) * 0.99))]
        let mode = scene.mode == .halfBlock ? "half-block" : "glyph"
        let name = "\(scene.width)x\(scene.height) \(scene.label) \(mode)".padding(
            toLength: 32, withPad: " ", startingAt: 0)
        // Frames per second the machine could sustain on one core at this cost per frame.
        let sustainable = 1 / max(frameMean, 1e-9)
        print(
            name
                + String(
                    format: "live %4.0f (peak %4d) | step+draw %.3f ms | whole frame %.3f ms (p99 %.3f) ≈ %5.0f fps max"
                        + " | bytes/frame mean %5.0f max %5d",
                    Double(liveTotal) / Double(frames), livePeak, mean * 1000, frameMean * 1000, p99 * 1000,
                    sustainable, Double(bytes.reduce(0, +)) / Double(frames), bytes.max() ?? 0))
    }

    /// CPU time of the calling thread, finer than `cpuSeconds` for a single frame.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
