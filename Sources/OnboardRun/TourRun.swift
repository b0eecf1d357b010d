import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardTerminal

/// Runs a tour full screen on the terminal of standard input and output, and says how it went:
/// the one loop the `tui-onboard` executable and every Swift host use. It owns the order a run
/// starts in (the locale, the crash guard, the streams, the signal watch before the terminal is
/// touched), the terminal loop, every effect the app asks for, and the terminal's return.
///
///     let report = try TourRun(deck: deck, ledgerDirectory: stateDirectory).run()
///     if report.outcome == .completed { … }
public struct TourRun {
    /// The pages to show (a What's New run passes only the new ones).
    public var deck: Deck
    public var settings: AppSettings
    /// Makes the paywall's setup when its page comes near (it reads ICU's data); nil for a deck
    /// without a paywall.
    public var paywall: (@Sendable () -> PaywallSetup)?
    /// Where purchases are recorded, under the ledger's lock, and watched for what other
    /// windows buy meanwhile. Nil for nowhere: a state directory that may not be used (another
    /// user's, one others can write to) is never read or written, and a purchase or a checkout
    /// then fails, saying why, rather than be granted and lost.
    public var ledgerDirectory: String?
    public var environment: [String: String]
    /// Where the terminal's bytes go; nil for standard output. (`--record` passes a stream that
    /// copies them.)
    public var terminalOutput: UnsafeMutablePointer<FILE>?
    /// Where signed licenses are kept, for a catalog with `licensing`: the real state directory
    /// (a run under a simulated clock keeps its ledger in the sandbox, but a license is real).
    /// Nil: `ledgerDirectory` (and none when that is nil too).
    public var licenseDirectory: String?
    /// Whether the report lists entitlements even when the paywall's page was never reached:
    /// that builds the paywall, which reads ICU's data.
    public var reportsEntitlements = true
    /// Where the run's events go as they happen (`--events`); nil for nowhere.
    public var events: TourEventLog?
    /// How PNG pictures are drawn (`--images`): `auto` asks the terminal.
    public var pictures = PictureChoice.auto

    public init(
        deck: Deck, settings: AppSettings = AppSettings(), paywall: (@Sendable () -> PaywallSetup)? = nil,
        ledgerDirectory: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.deck = deck
        self.settings = settings
        self.paywall = paywall
        self.ledgerDirectory = ledgerDirectory
        self.environment = environment
    }

    /// Why a run could not start; the terminal is as it was.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Not a terminal, a type that cannot be drawn on, two terminals: exit code 2.
        case terminal(TerminalError)
        /// The streams to the terminal could not be opened: exit code 74.
        case streams
        /// Autoplay would stop for good on this required question, which starts with no answer
        /// (`Autoplay.unanswerableQuestion`): exit code 65, as `--plain` for the same question.
        case autoplayCannotAnswer(QuestionPage)

        public var description: String {
            switch self {
            case .terminal(let error): return error.description
            case .streams: return "cannot open the terminal streams"
            case .autoplayCannotAnswer(let question):
                return "autoplay cannot turn past question \"\(question.id)\": it needs an answer "
                    + "(\(question.allowedDescription)) and has none to start with; give it a default in the deck, "
                    + "make it optional, or answer it before the run"
            }
        }
    }

    /// Throws when `settings` ask for autoplay and a page of `deck` would hold it forever: a
    /// kiosk never waits on a question no one may be there to answer.
    public static func checkAutoplay(deck: Deck, settings: AppSettings) throws(Failure) {
        guard settings.autoplay != nil else { return }
        if let question = Autoplay.unanswerableQuestion(in: deck, answers: settings.answers) {
            throw .autoplayCannotAnswer(question)
        }
    }

    /// Throws when standard input and output are not one terminal a tour can run on, as `run`
    /// would, without touching anything: a caller that makes files for the run checks first.
    public static func checkTerminal() throws(Failure) {
        for (descriptor, name) in [(STDIN_FILENO, "standard input"), (STDOUT_FILENO, "standard output")]
        where isatty(descriptor) == 0 {
            throw .terminal(.notATerminal(stream: name))
        }
        // Only one terminal can be put in raw mode and given back: ncurses sets the output's
        // modes, and keys typed on another terminal would echo there and wait for Enter.
        if !TerminalSession.areSameTerminal(STDIN_FILENO, STDOUT_FILENO) { throw .terminal(.separateTerminals) }
    }

    /// Shows the tour until it ends, and returns how it went. Throws before the terminal is
    /// touched when it cannot be used.
    public func run() throws(Failure) -> TourReport {
        try Self.checkAutoplay(deck: deck, settings: settings)
        try Self.checkTerminal()
        TerminalSession.prepareLocale()
        CrashGuard.install()
        guard let output = terminalOutput ?? fdopen(dup(STDOUT_FILENO), "w"), let input = fdopen(dup(STDIN_FILENO), "r")
        else { throw .streams }
        defer {
            if terminalOutput == nil { fclose(output) }
            fclose(input)
        }
        // Before the session: from its first change to the terminal, every signal that would
        // end or stop the process finds a handler that restores it.
        let signals = SignalWatcher()
        // Asked before ncurses starts, and only for a deck with pictures.
        let graphics =
            deck.hasPictures && pictures.needsProbe(environment: environment)
            ? GraphicsProbe.ask(input: fileno(input), output: fileno(output)) : nil
        let session: TerminalSession
        do {
            session = try TerminalSession(terminalName: nil, output: output, input: input, environment: environment)
        } catch {
            signals.uninstall()
            throw .terminal(error)
        }
        var settings = settings
        if deck.hasPictures {
            let kind = pictures.resolve(environment: environment, answers: graphics)
            let cellSize = graphics?.cellSize ?? GraphicsProbe.windowCellSize(fileno(output)) ?? .standard
            session.drawPictures(with: kind, cellSize: cellSize)
            settings.drawsPicturesWithProtocol = kind.isGraphics
            settings.cellPixelSize = cellSize
            settings.showsPictures = kind != .none
        }
        var app = OnboardingApp(
            deck: deck, colorMode: session.colorMode, width: 0, height: 0, settings: settings,
            paywallWhenNeeded: paywall)
        let effects = TourEffects(
            ringBell: session.ringBell, ledgerDirectory: ledgerDirectory, paywall: paywall,
            licenses: ((licenseDirectory ?? ledgerDirectory).map { ($0, deck.app.id, environment) }))
        var runner = TerminalRunner(
            perform: effects.perform, onWake: effects.changes,
            wakeSource: effects.directoryWatch.map { watch in (watch.descriptor, watch.drain) })
        if let events { runner.onEvents = events.record }
        let outcome = runner.run(&app, session: session, signals: signals)
        app.noteEnding(outcome)
        events?.record(app.takeEvents())
        session.stop()
        fflush(output)
        signals.uninstall()
        if reportsEntitlements { app.preparePaywall() }
        return TourReport(
            app: app, outcome: outcome, ledgerProblems: effects.ledgerProblems,
            terminationSignal: signals.terminationSignal)
    }
}
