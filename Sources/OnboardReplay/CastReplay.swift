import OnboardKit

/// A recording played through a terminal emulator into one animated SVG: the screen is looked
/// at `TourAnimation.framesPerSecond` times a second, as the tour's own animation is, and a
/// screen that did not change lengthens the frame before it.
///
/// Pauses longer than the idle limit (the recording's `idle_time_limit`, else 3 s, which keeps
/// autoplay's 2.5 s pages whole) play as that limit, as asciinema's player does; the last
/// screen stays 2 s before the loop starts again. The picture plays at most
/// `TourAnimation.maximumSeconds`, and holds at most `maximumBytes` of frames.
public struct CastReplay {
    public static let idleTimeLimit = 3.0
    public static let finalHoldSeconds = 2.0
    /// Beyond this the SVG is more than a browser shows smoothly: the replay stops there.
    public static let maximumBytes = 32 * 1024 * 1024

    /// The frames, to render with a title.
    public var document: AnimatedSVG.Document
    /// How long the picture plays.
    public var seconds: Double
    /// When the recording's last event comes, its pauses capped.
    public var recordingSeconds: Double

    /// Whether the picture stops before the recording's end.
    public var isCut: Bool { seconds < recordingSeconds }

    /// Plays `cast` on a screen of its size, in the colours of `picture`, stopping once the
    /// frames hold `byteLimit` bytes; nil when there is no memory for the screen.
    public static func play(_ cast: Asciicast, picture: SVGPicture, byteLimit: Int = maximumBytes) -> CastReplay? {
        guard var player = Player(cast: cast, picture: picture) else { return nil }
        let limit = cast.idleTimeLimit ?? idleTimeLimit
        var clock = 0.0
        var previous = 0.0
        var end: Double?
        for event in cast.events {
            clock += min(event.time - previous, limit)
            previous = event.time
            guard end == nil else { continue }
            if clock > TourAnimation.maximumSeconds {
                end = TourAnimation.maximumSeconds
                continue
            }
            player.sample(until: clock)
            if player.document.byteCount > byteLimit {
                end = player.elapsed
                continue
            }
            player.apply(event)
        }
        player.sample(until: end ?? min(clock + finalHoldSeconds, TourAnimation.maximumSeconds))
        if player.samples == 0 { player.sample(until: player.step) }
        return CastReplay(document: player.document, seconds: player.elapsed, recordingSeconds: clock)
    }

    /// The screen and the frames taken of it so far.
    private struct Player {
        let screen: TerminalScreen
        var document: AnimatedSVG.Document
        /// The screen as last looked at, and whether anything was written since.
        var canvas: Canvas
        var isChanged = false
        var samples = 0
        let step = 1 / Double(TourAnimation.framesPerSecond)

        init?(cast: Asciicast, picture: SVGPicture) {
            guard let screen = TerminalScreen(width: cast.width, height: cast.height) else { return nil }
            self.screen = screen
            document = AnimatedSVG.Document(picture: picture)
            canvas = screen.canvas()
        }

        /// The seconds the frames taken so far cover.
        var elapsed: Double { Double(samples) * step }

        /// Takes a frame at every step before `time`: what events at `time` write shows in the
        /// next frame.
        mutating func sample(until time: Double) {
            while elapsed < time {
                if isChanged {
                    canvas = screen.canvas()
                    isChanged = false
                }
                document.append(canvas, duration: step)
                samples += 1
            }
        }

        mutating func apply(_ event: Asciicast.Event) {
            switch event {
            case .output(_, let text): screen.write(text)
            case .resize(_, let width, let height): screen.resize(width: width, height: height)
            }
            isChanged = true
        }
    }
}
