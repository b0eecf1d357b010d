/// Where the pointer of a drag was, and when: the speed of a swipe is its distance over the
/// time between the events, whatever the ticks in between.
///
/// Measured per tick, the speed was a matter of how events fell among ticks: moves 20 ms apart
/// (a loaded machine) left ticks with no move that halved it, and a batch read late gave one
/// tick all the distance and the next ones none, so the same swipe flicked or not. The times
/// come with the events (`MouseEvent.time`, the shell's clock when it read them); without
/// them, the time the app's ticks have counted stands in.
struct PointerTrack: Sendable {
    /// Each position the pointer was reported at, with its time, oldest first; only the
    /// last `window` seconds and the one before them are kept.
    private(set) var samples: [(x: Int, time: Double)]
    /// When the pointer last moved (the press counts).
    private(set) var lastMoveTime: Double

    /// How far back the speed at release is measured: the end of the swipe, not its start.
    static let window = 0.1
    /// A release this long after the last move is no flick: the finger stopped first.
    static let pauseBeforeRelease = 0.1

    init(x: Int, time: Double) {
        samples = [(x, time)]
        lastMoveTime = time
    }

    /// The pointer is at `x` at `time` (a time before the last one counts as the last one).
    mutating func move(to x: Int, time: Double) {
        let last = samples[samples.count - 1]
        let time = max(time, last.time)
        guard x != last.x else { return }
        samples.append((x, time))
        lastMoveTime = time
        // Keep the last sample older than the window: the speed over the window starts there.
        while samples.count > 2, samples[1].time <= time - Self.window { samples.removeFirst() }
    }

    /// The pointer's speed in columns a second when it is let go at `time`: over the last
    /// `window` seconds of its movement, from the newest sample at least that old (or the
    /// oldest there is), to the last. Zero after a pause, and when no time passed at all
    /// (every event read at once: then the distance alone decides).
    func speed(releasedAt time: Double) -> Double {
        let last = samples[samples.count - 1]
        guard time - lastMoveTime <= Self.pauseBeforeRelease else { return 0 }
        let start =
            samples.last { $0.time <= last.time - Self.window }
            ?? samples.first { $0.time < last.time } ?? last
        let elapsed = last.time - start.time
        guard elapsed > 0 else { return 0 }
        return Double(last.x - start.x) / elapsed
    }
}
