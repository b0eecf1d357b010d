import FoundationEssentials

/// The tour as it plays under autoplay, as frames: what the screen shows and for how long. For
/// `dump --animated-svg`, a README's moving picture. Time is simulated (60 ticks a second, a
/// clock that starts at a fixed date), so the same deck always gives the same frames.
public enum TourAnimation {
    /// One picture of the screen and the seconds it stays.
    public struct Frame: Sendable {
        public var canvas: Canvas
        public var duration: Double
    }

    /// Frames a second kept while something moves (slides, confetti): smooth enough to read,
    /// few enough that the whole tour stays a few hundred KB.
    public static let framesPerSecond = 10
    /// The longest a tour plays before it is cut: a deck of a thousand pages is not a README's.
    public static let maximumSeconds = 120.0

    /// The tour of `deck` at `width` x `height`, each page `interval` seconds, the confetti
    /// flying where the deck asks, at seed 0; the last page stays `interval` seconds too.
    public static func frames(
        _ deck: Deck, width: Int, height: Int, interval: Double = 2.5, colorMode: ColorMode = .truecolor,
        paywall: PaywallSetup? = nil, layoutDirection: LayoutDirection = .leftToRight,
        appearance: Appearance = .dark
    ) -> [Frame] {
        guard !deck.pages.isEmpty else { return [] }
        var settings = AppSettings(
            seed: 0, autoplay: Autoplay(interval: interval), appearance: appearance, layoutDirection: layoutDirection)
        settings.answers = deck.pathTakingDefaults(ConditionContext()).answers
        // Pictures stay in cells: an SVG frame shows them as half blocks, as a terminal would.
        var app = OnboardingApp(
            deck: deck, colorMode: colorMode, width: width, height: height, settings: settings, paywall: paywall)
        _ = app.update(.resize(width: width, height: height))
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let step = settings.timeStep
        let ticksPerFrame = max(1, Int((1 / step / Double(framesPerSecond)).rounded()))
        var frames: [Frame] = []
        var ticks = 0
        var finishedAt: Int?
        let limit = Int(maximumSeconds / step)
        while ticks < limit {
            if ticks % ticksPerFrame == 0 {
                var canvas = Canvas(width: width, height: height)
                app.render(into: &canvas)
                append(canvas, duration: step * Double(ticksPerFrame), to: &frames)
            }
            let effects = app.update(.clock(start.addingTimeInterval(Double(ticks) * step)))
            _ = app.update(.tick(seconds: step))
            ticks += 1
            if effects.contains(where: { if case .quit = $0 { true } else { false } }) { break }
            if finishedAt == nil, app.autoplay?.isFinished == true || app.autoplay?.isPaused == true {
                finishedAt = ticks
            }
            if let finishedAt, ticks - finishedAt >= Int(interval / step), !app.isAnimating { break }
        }
        return frames
    }

    /// Adds a frame, or lengthens the last one when the screen did not change.
    static func append(_ canvas: Canvas, duration: Double, to frames: inout [Frame]) {
        if let last = frames.last, last.canvas == canvas {
            frames[frames.count - 1].duration += duration
        } else {
            frames.append(Frame(canvas: canvas, duration: duration))
        }
    }
}
