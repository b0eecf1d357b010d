/// Keeps at most one animation frame on its way to the terminal, so that a terminal that reads
/// more slowly than frames are made (SSH, a shared screen) never has frames queued in front of
/// what the user just did.
///
/// After each animation frame the runner asks the terminal for its device attributes
/// (`ESC [ c`); the terminal answers once it has read everything before the question, frame
/// included. Until then no new frame is drawn: the app keeps ticking on the wall clock, and the
/// next frame, drawn when the answer comes, shows the state of that moment (frames in between
/// are skipped, never queued). A terminal that does not answer within `firstAnswerTimeout` is
/// taken not to answer, and frames go out as fast as it takes them, as before.
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
    /// Whether the terminal takes longer to read a frame than a slide can wait: set when an
    /// answer comes more than `slowAnswer` after its question, cleared once `quickAnswersToClear`
    /// answers in a row come within half of that (a small frame among big ones reads quickly
    /// even on a slow link, and a link near the line must not flip at every frame).
    private(set) var isSlow = false
    private var quickAnswers = 0
    static let quickAnswersToClear = 8
    /// Three frames at 60 a second: a slide behind a terminal this slow would show less than
    /// a third of its frames, and a key's page would wait behind the rest.
    static let slowAnswer = 0.05

    /// Whether a frame may be drawn at `now`: nothing is on its way, or the terminal does not
    /// answer, or it has taken too long.
    mutating func mayDraw(now: Double) -> Bool {
        guard unanswered > 0, answersQueries != false, let askedAt else { return true }
        guard now - askedAt >= timeout else { return false }
        if answersQueries == nil { answersQueries = false }
        // Whatever still answers later is counted as an answer to nothing.
        unanswered = 0
        self.askedAt = nil
        return true
    }

    /// Seconds until `mayDraw` turns true by timeout (0 when it is true now).
    func delayUntilMayDraw(now: Double) -> Double {
        guard unanswered > 0, answersQueries != false, let askedAt else { return 0 }
        return max(0, askedAt + timeout - now)
    }

    /// Whether the frame just drawn should be followed by a question: only while more frames
    /// are coming (an idle screen writes nothing) and while the terminal may answer.
    func shouldAsk(isAnimating: Bool) -> Bool { isAnimating && answersQueries != false }

    /// A question went out behind a frame.
    mutating func asked(now: Double) {
        if unanswered == 0 { askedAt = now }
        unanswered += 1
    }

    /// The terminal answered: everything written before the oldest question has been read.
    mutating func answered(now: Double) {
        if let askedAt {
            let delay = now - askedAt
            if delay > Self.slowAnswer {
                isSlow = true
                quickAnswers = 0
            } else if delay < Self.slowAnswer / 2 {
                quickAnswers += 1
                if quickAnswers >= Self.quickAnswersToClear { isSlow = false }
            } else {
                quickAnswers = 0
            }
        }
        answersQueries = true
        unanswered = max(0, unanswered - 1)
        askedAt = unanswered > 0 ? now : nil
    }

    private var timeout: Double { answersQueries == true ? Self.answerTimeout : Self.firstAnswerTimeout }
}
