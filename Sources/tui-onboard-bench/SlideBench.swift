import Foundation
import OnboardKit

extension Benchmarks {
    /// One full-width page slide of the built-in deck through the real ncurses output path:
    /// settle time, frames drawn, bytes and CPU per frame; then the same page change without
    /// animation, and what an idle screen costs.
    static let slide = Benchmark(
        name: "slide",
        run: {
            let deck = ScreenMeter.defaultDeck()
            print("slide from page 1 to 2 of the built-in deck, 60 Hz fixed step, 256 colours")
            print("size     settle   frames  bytes(total)  bytes/frame  cpu/frame(mean)  cpu/frame(max)  idle bytes")
            for (width, height) in [(80, 24), (200, 60)] {
                let meter = ScreenMeter(width: width, height: height)
                var (app, canvas, _) = meter.startApp(deck: deck, reducesMotion: false)
                _ = app.update(.key(.right))
                var ticks = 0
                var frames = 0
                var bytes = 0
                var cpu: [Double] = []
                while app.isAnimating && ticks < 600 {
                    let start = ScreenMeter.threadCPU()
                    _ = app.update(.tick(seconds: 1.0 / 60))
                    app.render(into: &canvas)
                    let written = meter.present(canvas)
                    cpu.append(ScreenMeter.threadCPU() - start)
                    ticks += 1
                    if written > 0 { frames += 1 }
                    bytes += written
                }
                var idleBytes = 0
                for _ in 0..<600 {
                    app.render(into: &canvas)
                    idleBytes += meter.present(canvas)
                }
                let mean = cpu.reduce(0, +) / Double(max(1, cpu.count))
                print(
                    String(
                        format: "%3dx%-3d  %.3f s  %6d  %12d  %11d  %12.3f ms  %11.3f ms  %10d",
                        width, height, Double(ticks) / 60, frames, bytes, bytes / max(1, frames), mean * 1000,
                        (cpu.max() ?? 0) * 1000, idleBytes))
            }
            print("")
            print("page change without animation (--reduce-motion), every step through the built-in deck")
            for (width, height) in [(80, 24), (200, 60)] {
                let meter = ScreenMeter(width: width, height: height)
                var (app, canvas, startup) = meter.startApp(deck: deck, reducesMotion: true)
                var changes: [Int] = []
                var cpu: [Double] = []
                for _ in 1..<deck.pages.count {
                    let start = ScreenMeter.threadCPU()
                    _ = app.update(.key(.right))
                    app.render(into: &canvas)
                    changes.append(meter.present(canvas))
                    cpu.append(ScreenMeter.threadCPU() - start)
                }
                let steps = changes.enumerated().map { "\($0.offset + 1)→\($0.offset + 2): \($0.element)" }
                print(
                    String(
                        format:
                            "%3dx%-3d  first frame %d bytes; per change mean %.0f, median %d, max %d bytes, cpu mean %.3f ms",
                        width, height, startup, Double(changes.reduce(0, +)) / Double(changes.count),
                        changes.sorted()[changes.count / 2], changes.max() ?? 0,
                        cpu.reduce(0, +) / Double(cpu.count) * 1000))
                print("         " + steps.joined(separator: ", "))
            }
        })
}
