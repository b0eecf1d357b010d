/// Keeps at most one animation frame on its way to the terminal, so that a terminal that reads
/// more slowly than frames are made (SSH, a shared screen) never has frames queued in front of
/// what the user just did.
///
/// After each animation frame the runner asks the terminal for its device attributes
/// (`ESC [ c`); the terminal answers once it has read everything before the question, frame
/// included. Until then no new frame is drawn: the app keeps ticking on the wall clock, and the
/// next frame, drawn when the answer comes, shows the state of that moment (frames in between
/// are skipped, never queued).
///
/// Only a terminal that has answered once is paced so. Until the first answer no frame waits
/// (a terminal that never answers would hold each one for the whole timeout); the question
/// asked at start-up (`probed`) tells, and a terminal that has not answered it within
/// `firstAnswerTimeout` is taken not to answer: it is asked nothing more, and the runner paces
/// it by what the output descriptor can tell (`TerminalSession.outputHasRoom`).
struct FramePacer {
    /// How long the first question may go unanswered before the terminal is taken not to
    /// answer at all.
    static let firstAnswerTimeout = 1.0
    /// How long a terminal that has answered before may take: after that one more frame goes
    /// out anyway, so a lost answer cannot stop the picture.
    static let answerTimeout = 3.0

    /// nil until the first answer or the first timeout.
    private(set) var answersQueries: Bool?
    /// Questions sent and not answered yet.
    private(set) var unanswered = 0
    /// When the oldest unanswered question went out.
    private var askedAt: Double?
    /// When the first question went out, while none has been answered yet.
    private var firstAskedAt: Double?
    /// Whether the terminal cannot carry the motion: a slide's frames each rewrite the whole
    /// screen, and this one takes longer than `slowAnswer` to read one. Set when an answer
    /// comes later than that, or when the rate measured says a whole screen would; cleared
    /// only once the rate, raised by whole frames that rewrote half the screen or more read
    /// quickly, says a screen reads within half of that. Small frames read quickly on any link (the end of a
    /// burst of confetti), so they prove nothing: they used to clear it, and the next page
    /// change slid at a few frames a second.
    private(set) var isSlow = false
    /// How fast the terminal reads, in estimated bytes a second (`FrameBudget`), from the
    /// frames answered slowly; nil until one has been.
    private(set) var bytesPerSecond: Double?
    /// Each frame whose question is still unanswered, oldest first: its estimated bytes, the
    /// cells it wrote, and whether it carried every change (a frame held to a budget reads
    /// quickly on any link).
    private var framesInFlight: [(bytes: Int, cells: Int, whole: Bool)] = []
    /// The quickest answer yet: the link's round trip, which is not reading time.
    private var quickestAnswer: Double?
    /// How long the frame on its way when a key comes may keep the key waiting: a frame is
    /// held to what the terminal reads in this time (`frameBytes`).
    static let frameSeconds = 0.04
    /// The least a frame may carry however slow the terminal: a few pieces of confetti.
    static let minimumFrameBytes = 160
    /// Three frames at 60 a second: a slide behind a terminal this slow would show less than
    /// a third of its frames, and a key's page would wait behind the rest.
    static let slowAnswer = 0.05

    /// Whether a frame may be drawn at `now`: nothing is on its way, or the terminal has not
    /// answered yet (or does not answer), or it has taken too long.
    mutating func mayDraw(now: Double) -> Bool {
        if answersQueries == nil, let firstAskedAt, now - firstAskedAt >= Self.firstAnswerTimeout {
            answersQueries = false
            // Whatever still answers later is counted as an answer to nothing.
            unanswered = 0
            askedAt = nil
            framesInFlight = []
        }
        guard answersQueries == true, unanswered > 0, let askedAt else { return true }
        guard now - askedAt >= Self.answerTimeout else { return false }
        unanswered = 0
        self.askedAt = nil
        framesInFlight = []
        return true
    }

    /// Seconds until `mayDraw` turns true by timeout (0 when it is true now).
    func delayUntilMayDraw(now: Double) -> Double {
        guard answersQueries == true, unanswered > 0, let askedAt else { return 0 }
        return max(0, askedAt + Self.answerTimeout - now)
    }

    /// Whether the frame just drawn should be followed by a question: only while more frames
    /// are coming (an idle screen writes nothing) and once the terminal has answered.
    func shouldAsk(isAnimating: Bool) -> Bool { isAnimating && answersQueries == true }

    /// The question asked at start-up went out: its answer says the terminal answers, and
    /// holds no frame meanwhile.
    mutating func probed(now: Double) {
        if answersQueries == nil, firstAskedAt == nil { firstAskedAt = now }
    }

    /// A question went out behind a frame of `bytes` (estimated) that wrote `cells`; `whole`
    /// is false when part of its changes was held back.
    mutating func asked(now: Double, bytes: Int = 0, cells: Int = 0, whole: Bool = true) {
        probed(now: now)
        if unanswered == 0 { askedAt = now }
        unanswered += 1
        framesInFlight.append((bytes, cells, whole))
    }

    /// The estimated bytes a frame may take while the terminal is slow, so that it is read
    /// within `frameSeconds`; nil while it is not slow (or its rate is not known yet).
    var frameBytes: Int? {
        guard isSlow, let bytesPerSecond else { return nil }
        return max(Self.minimumFrameBytes, Int(bytesPerSecond * Self.frameSeconds))
    }

    /// The terminal answered: everything written before the oldest question has been read.
    /// `screen` is what a whole screen of the current picture costs (estimated as frames are)
    /// and how many cells it has: what each frame of a slide carries.
    mutating func answered(now: Double, screen: (bytes: Int, cells: Int)) {
        let frame = framesInFlight.isEmpty ? (bytes: 0, cells: 0, whole: true) : framesInFlight.removeFirst()
        if let askedAt = askedAt ?? firstAskedAt {
            let delay = now - askedAt
            let roundTrip = min(quickestAnswer ?? delay, delay)
            quickestAnswer = roundTrip
            // The time the terminal took to read the frame, less the round trip any answer
            // takes: a link far away but wide is not a slow reader. Only a reading time long
            // enough to measure says how fast it reads; the latest counts most, as a link's
            // speed changes.
            let reading = delay - roundTrip
            if frame.bytes > 0, reading > Self.slowAnswer / 4, isSlow || delay > Self.slowAnswer {
                measure(Double(frame.bytes) / reading)
            } else if isSlow, frame.whole, frame.cells * 2 >= screen.cells, delay < Self.slowAnswer / 2 {
                // Too quick to time: the link reads at least this fast. Only a frame that
                // rewrote half the screen or more (a page) can show that it carries the motion:
                // the estimate of a frame of scattered confetti, a move and a colour a cell, is
                // far above what it costs, and would prove a rate the link does not have.
                measure(Double(frame.bytes) / max(reading, Self.slowAnswer / 4), atLeast: true)
            }
            judgeMotion(delay: delay, screenBytes: screen.bytes)
        }
        answersQueries = true
        firstAskedAt = nil
        unanswered = max(0, unanswered - 1)
        askedAt = unanswered > 0 ? now : nil
    }

    /// Takes a measure of the reading rate; `atLeast` when it is only a bound from below,
    /// which may raise the estimate but never lower it.
    private mutating func measure(_ sample: Double, atLeast: Bool = false) {
        if atLeast, let bytesPerSecond, sample <= bytesPerSecond { return }
        bytesPerSecond = bytesPerSecond.map { 0.5 * $0 + 0.5 * sample } ?? sample
    }

    /// Whether the motion is more than the link carries, after an answer `delay` late.
    private mutating func judgeMotion(delay: Double, screenBytes: Int) {
        // How long a whole screen takes to read, at the rate measured (nil until one is).
        let screenSeconds = bytesPerSecond.map { Double(screenBytes) / $0 }
        if delay > Self.slowAnswer || (screenSeconds ?? 0) > Self.slowAnswer {
            isSlow = true
        } else if isSlow, let screenSeconds, screenSeconds <= Self.slowAnswer / 2 {
            isSlow = false
        }
    }
}
