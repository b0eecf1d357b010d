import FoundationEssentials

/// The tour turning its own pages (`--autoplay SECONDS`, `--loop`), for demos and kiosks.
///
/// Time comes in only as the wall-clock dates the shell sends (`Message.clock`): the next
/// page is due at `deadline`, which the app exposes through `OnboardingApp.nextChange` so the
/// shell can sleep until then. Any key pauses; `p` resumes.
public struct Autoplay: Hashable, Sendable {
    /// Seconds each page stays before the next one comes.
    public let interval: Double
    /// Whether the tour starts over after its last page (a kiosk) instead of stopping there.
    public let loops: Bool
    /// True after a key took over, until `p`.
    public private(set) var isPaused = false
    /// True once the last page had its turn without `loops`: the user finishes the tour.
    public private(set) var isFinished = false
    /// When the next page is due; nil before the first clock, while paused and once finished.
    public private(set) var deadline: Date?
    /// The last wall-clock date the shell sent.
    private var now: Date?

    public init(interval: Double, loops: Bool = false) {
        self.interval = interval
        self.loops = loops
    }

    /// True while pages still turn by themselves.
    public var isRunning: Bool { !isPaused && !isFinished }

    /// The wall clock reads `date`. Returns true when a page is due; the next one is then due
    /// `interval` after `date` (a late wake-up never turns two pages at once).
    mutating func clockDidMove(to date: Date) -> Bool {
        now = date
        guard isRunning else { return false }
        guard let deadline else {
            self.deadline = date.addingTimeInterval(interval)
            return false
        }
        guard date >= deadline else { return false }
        self.deadline = date.addingTimeInterval(interval)
        return true
    }

    /// A key took over: nothing turns until `resume()`.
    mutating func pause() {
        guard isRunning else { return }
        isPaused = true
        deadline = nil
    }

    /// `p`: the page on screen gets a whole turn again, counted from the last clock.
    mutating func resume() {
        guard isPaused else { return }
        isPaused = false
        deadline = now?.addingTimeInterval(interval)
    }

    /// The last page had its turn and the tour does not loop.
    mutating func finish() {
        isFinished = true
        deadline = nil
    }

    /// The first question autoplay would stop on for good: a required one whose page starts
    /// with no answer to leave it with (no default, nothing given or kept), which only a user
    /// can answer. Nil when every page can be turned. A run under autoplay is refused for
    /// one at the start, as `--plain` is, rather than stand on that page forever. Only the
    /// questions on the path the defaults take count (`Deck.pathTakingDefaults`).
    public static func unanswerableQuestion(
        in deck: Deck, answers: [String: Answer], entitled: Set<String> = []
    ) -> QuestionPage? {
        let path = deck.pathTakingDefaults(ConditionContext(answers: answers, entitled: entitled)).path
        return path.lazy.compactMap { deck.pages[$0].question }.first { question in
            var state = QuestionState(question: question, startingWith: answers)
            return !state.submit()
        }
    }

    /// What the screen says while paused.
    public static var pausedHint: String { Messages.tr("paused · p resumes") }
}
