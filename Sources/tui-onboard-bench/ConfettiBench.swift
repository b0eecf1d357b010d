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
    }

    private static func runConfetti() {
        let frames = 600
        print("\(frames) frames at 60 Hz per scene; CPU time of step + draw (thread CPU clock)")
        print("bytes: estimated ANSI output for the changed cells in truecolor (cursor moves, SGR, UTF-8)")
        var scenes: [ConfettiScene] = []
        for (width, height) in [(80, 24), (200, 60)] {
            for target in [300, 1000] {
                scenes.append(ConfettiScene(
                    width: width, height: height, cannon: steadyCannon(live: target), mode: .halfBlock,
                    label: "~\(target) live"))
            }
        }
        scenes.append(ConfettiScene(
            width: 200, height: 60, cannon: steadyCannon(live: 1000), mode: .glyph, label: "~1000 live"))
        var celebration = ConfettiCannon.celebration
        celebration.repetitions = 1
        for (width, height) in [(80, 24), (200, 60)] {
            scenes.append(ConfettiScene(
                width: width, height: height, cannon: celebration, mode: .halfBlock, label: "celebration"))
        }
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
        var page = Canvas(width: scene.width, height: scene.height)
        for row in stride(from: 1, to: scene.height, by: 2) {
            page.draw(String(repeating: "Onboarding text under the confetti. ", count: scene.width / 36 + 1), x: 0, y: row)
        }
        var system = ParticleSystem()
        var rng = SeededGenerator(seed: 2024)
        system.fire(scene.cannon, in: (width: scene.width, height: scene.height), rng: &rng)
        var previous = page
        var times: [Double] = []
        var liveTotal = 0
        var livePeak = 0
        var changedTotal = 0
        var bytesTotal = 0
        let cpuBefore = cpuSeconds()
        for _ in 0..<frames {
            var canvas = page
            // Copy the page before the clock starts: that copy is the page's cost, not confetti's.
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: page[0, 0])
            let start = threadCPUSeconds()
            system.step(dt: 1.0 / 60)
            ConfettiRenderer.draw(system, into: &canvas, mode: scene.mode, colorMode: .truecolor)
            times.append(threadCPUSeconds() - start)
            let runs = canvas.changes(from: previous)
            changedTotal += runs.reduce(0) { $0 + $1.cells.count }
            bytesTotal += estimatedBytes(runs)
            liveTotal += system.liveCount
            livePeak = max(livePeak, system.liveCount)
            previous = canvas
        }
        let cpu = cpuSeconds() - cpuBefore
        times.sort()
        let mean = times.reduce(0, +) / Double(times.count)
        let p99 = times[min(times.count - 1, Int(Double(times.count) * 0.99))]
        let mode = scene.mode == .halfBlock ? "half-block" : "glyph"
        let name = "\(scene.width)x\(scene.height) \(scene.label) \(mode)".padding(toLength: 32, withPad: " ", startingAt: 0)
        print(
            name
                + String(
                    format: "live mean %4.0f peak %4d | step+draw mean %.3f ms p99 %.3f ms | changed cells/frame %4.0f"
                        + " ~%4.1f KB | process CPU with diff %.2f ms/frame",
                    Double(liveTotal) / Double(frames), livePeak, mean * 1000, p99 * 1000,
                    Double(changedTotal) / Double(frames), Double(bytesTotal) / Double(frames) / 1024,
                    cpu / Double(frames) * 1000))
    }

    /// CPU time of the calling thread, finer than `cpuSeconds` for a single frame.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Roughly what a terminal writer would send for these runs in truecolor: a cursor move per
    /// run, a colour change whenever the style changes, and each grapheme's UTF-8.
    private static func estimatedBytes(_ runs: [CellRun]) -> Int {
        var bytes = 0
        for run in runs {
            bytes += 8  // ESC [ row ; column H
            var style: Style?
            for cell in run.cells where !cell.isContinuation {
                if cell.style != style {
                    bytes += 4 + sgrBytes(cell.style.foreground) + sgrBytes(cell.style.background)
                    style = cell.style
                }
                bytes += cell.grapheme.utf8.count
            }
        }
        return bytes
    }

    private static func sgrBytes(_ color: Color) -> Int {
        switch color {
        case .terminalDefault: return 3
        case .indexed: return 9
        case .rgb: return 16
        }
    }
}
