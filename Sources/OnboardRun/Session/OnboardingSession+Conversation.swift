import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardTerminal

/// The accessible run: the tour as a conversation on plain lines (`Conversation`), read from
/// standard input and said on standard output, pipes or a terminal alike. The terminal's
/// modes are never touched; the result, the first-run state, the answers and the events are
/// a tour's.
extension OnboardingSession {
    /// True when the run is a conversation: `--accessible`, else the user's preference
    /// (`RunPreferences.isAccessible`), which a host's own choice of another way to show the
    /// tour (autoplay, a recording) wins over.
    func runsAsConversation(_ tour: SessionTour) -> Bool {
        if settings.isAccessible { return true }
        return tour.preferences.isAccessible && settings.autoplay == nil && openRecording == nil
    }

    /// Says the pages and reads the answers until the tour ends, the reader quits or the
    /// input ends; then the result and the first-run state, as a tour records them.
    func converse(_ tour: SessionTour, result: RunResult) -> OnboardingOutcome {
        var result = result
        let events: TourEventLog?
        switch openEvents(mode: result.mode ?? .tour, pageIndexes: tour.pageIndexes) {
        case .success(let opened): events = opened
        case .failure(let stop): return .stopped(stop, started: tour.started)
        }
        let leavesStateAlone = tour.stateRun.leavesStateAlone
        let effects = TourEffects(
            ringBell: {}, ledgerDirectory: leavesStateAlone ? nil : runLedgerDirectory, paywall: tour.paywall,
            licenses: leavesStateAlone ? nil : (stateDirectory, deck.app.id, environment))
        // Watched from before the first line: Ctrl-C, a hang-up or a kill end the conversation
        // as they end a tour, with its result and state written.
        let signals = readInputLine == nil ? SignalWatcher() : nil
        defer { signals?.uninstall() }
        let input = signals.map { WatchedLineReader(descriptor: STDIN_FILENO, signals: $0) }
        var conversation = Conversation(app: conversationApp(tour))
        var written = sayLines(conversation.opening(perform: effects.perform))
        var signalled: TerminalSignal?
        while conversation.ending == nil, written, signalled == nil {
            var line: String?
            switch input?.next() {
            case .line(let read)?: line = read
            case .end?: line = nil
            case .signal(let signal)?: signalled = signal
            case nil: line = readInputLine?()
            }
            if signalled != nil { break }
            conversation.receive([.clock(Date())] + effects.changes(), perform: effects.perform)
            let said = conversation.respond(to: line, perform: effects.perform)
            events?.record(conversation.takeEvents())
            written = sayLines(said)
        }
        // Output that could not be written ends the run as a terminal that went away does.
        let ending = signalled?.outcome ?? (written ? conversation.ending ?? .dismissed : .hangup)
        var app = conversation.app
        app.noteEnding(ending)
        events?.record(app.takeEvents())
        if let events { deliverHeldEvents(events) }
        if self.settings.reportsEntitlements { app.preparePaywall() }
        let report = TourReport(
            app: app, outcome: ending, ledgerProblems: effects.ledgerProblems,
            terminationSignal: signalled ?? signals?.terminationSignal)
        report.ledgerProblems.forEach(say)
        tour.stateRun.unsaidProblems().forEach(say)
        record(report, of: tour, in: &result)
        return conclude(report, of: tour, result: result)
    }

    /// The app the conversation drives: the tour's, with nothing that moves (no slide, no
    /// confetti) and no review prompt, which has nowhere to send the reader.
    func conversationApp(_ tour: SessionTour) -> OnboardingApp {
        var settings = AppSettings(
            reducesMotion: true, seed: self.settings.seed ?? .random(in: 0...UInt64.max), headline: tour.headline,
            layoutDirection: layoutDirection)
        settings.answers = tour.answers
        // A screen's size, so the paywall lays its list out as it would on one; nothing is drawn.
        return OnboardingApp(
            deck: tour.shown, colorMode: .monochrome, width: 80, height: 24, settings: settings,
            paywallWhenNeeded: tour.paywall)
    }

    /// Writes `lines` to standard output, each ended; false when it could not.
    private func sayLines(_ lines: [String]) -> Bool {
        lines.isEmpty || writeOutput(lines.joined(separator: "\n") + "\n") == ExitCode.success
    }
}
