import Foundation
import OnboardKit

extension Benchmarks {
    /// What one key costs the app's update on a plain page and on the paywall page of the
    /// built-in deck: a burst of keys that change nothing (a pasted log on a terminal without
    /// bracketed paste, a held key) must cost the same on both, or a long burst freezes the
    /// paywall while signals wait behind it.
    static let keyCost = Benchmark(
        name: "key-cost",
        run: {
            let deck = ScreenMeter.defaultDeck()
            guard let paywallIndex = deck.pages.firstIndex(where: { if case .paywall = $0 { true } else { false } })
            else { fatalError("the built-in deck has no paywall") }
            let keys: [(String, Key)] = [("x (no binding)", .character("x")), ("Down then Up", .down)]
            print("CPU per key in update(), 20,000 keys at 80x24 after the first frame, reduced motion")
            print("page                key               µs/key   20,000 keys")
            for (pageName, page) in [("1 (text)", 0), ("\(paywallIndex + 1) (paywall)", paywallIndex)] {
                for (keyName, key) in keys {
                    let meter = ScreenMeter(width: 80, height: 24)
                    var (app, canvas, _) = meter.startApp(deck: deck, reducesMotion: true)
                    for _ in 0..<page { _ = app.update(.key(.right)) }
                    app.render(into: &canvas)
                    let count = 20_000
                    let start = ScreenMeter.threadCPU()
                    for index in 0..<count {
                        // Down then Up moves the selection (or the page's scroll) and back.
                        _ = app.update(.key(key == .down && index % 2 == 1 ? .up : key))
                    }
                    let seconds = ScreenMeter.threadCPU() - start
                    let figures = String(format: "%7.2f   %8.3f s", seconds / Double(count) * 1e6, seconds)
                    print(
                        pageName.padding(toLength: 18, withPad: " ", startingAt: 0) + "  "
                            + keyName.padding(toLength: 16, withPad: " ", startingAt: 0) + "  " + figures)
                }
            }
        })
}
