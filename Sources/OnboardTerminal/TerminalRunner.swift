import CNcurses
import FoundationEssentials
import Glibc
import OnboardKit

/// The single-threaded frame loop: input or a frame tick becomes a message, the app updates
/// and renders, and only changed cells go out. When nothing animates it blocks in `poll` on
/// the terminal and the signal pipe: no CPU and no output while idle.
public struct TerminalRunner {
    public var frameRate: Double = 60
    /// Called with each effect the app asks for that the loop does not handle itself; what it
    /// returns goes back to the app (a failed save, say).
    public var perform: (Effect) -> [Message] = { _ in [] }

    /// Called each time the loop wakes, before input is read; what it returns goes to the app
    /// (a ledger another instance changed, say).
    public var onWake: () -> [Message] = { [] }

    /// A descriptor that also wakes the loop when readable (a watch on the state directory),
    /// and what empties it.
    public var wakeSource: (descriptor: Int32, drain: () -> Void)?

    /// Called with the events the app queued (`OnboardingApp.takeEvents()`), each time the
    /// loop is about to draw or sleep and once more when it ends: a key's events go out before
    /// the loop waits for the next key.
    public var onEvents: ([TourEvent]) -> Void = { _ in }

    public init(
        frameRate: Double = 60, perform: @escaping (Effect) -> [Message] = { _ in [] },
        onWake: @escaping () -> [Message] = { [] }, wakeSource: (descriptor: Int32, drain: () -> Void)? = nil
    ) {
        self.frameRate = frameRate
        self.perform = perform
        self.onWake = onWake
        self.wakeSource = wakeSource
    }

    /// Runs until the app asks to quit or a signal ends it, and returns how it ended. `signals`
    /// must have been created before the session (see `SignalWatcher`); after a signal,
    /// `signals.terminationSignal` says which. The caller stops the session afterwards.
    ///
    /// A stop signal or Ctrl-Z suspends: the terminal is restored, the process stops, and on
    /// continuing in the foreground the terminal is taken back and the screen drawn whole.
    /// While a purchase is settling (`OnboardingApp.isSettlingPurchase`) the stop waits for it.
    public func run(_ app: inout OnboardingApp, session: TerminalSession, signals: SignalWatcher) -> TourEnding {
        let ending = runLoop(&app, session: session, signals: signals)
        deliverEvents(&app)
        return ending
    }

    /// Hands the app's queued events to `onEvents`, if there are any.
    func deliverEvents(_ app: inout OnboardingApp) {
        let events = app.takeEvents()
        if !events.isEmpty { onEvents(events) }
    }

    private func runLoop(_ app: inout OnboardingApp, session: TerminalSession, signals: SignalWatcher) -> TourEnding {
        var loop = FrameLoop(runner: self, session: session, signals: signals)
        _ = app.update(.resize(width: loop.size.width, height: loop.size.height))
        while true {
            // 0. Signals: one that ends the run ends it; a stop suspends; SIGCONT may resume.
            switch loop.answerSignals(&app) {
            case .ended(let ending): return ending
            case .suspended: continue
            case .running: break
            }
            _ = app.update(.clock(Date()))
            for message in onWake() {
                if let ending = apply(app.update(message), to: &app) { return ending }
            }
            // 1. Everything that is waiting: keys, mouse, resizes, pastes. The whole batch is
            // drawn once, below; a signal cuts it short and is answered first.
            switch loop.readWaitingInput(&app) {
            case .ended(let ending): return ending
            case .suspended: continue
            case .running: break
            }
            // 2. Fixed-step ticks for the time that passed.
            let current = Self.now()
            if let ending = loop.advanceTime(&app, now: current) { return ending }
            deliverEvents(&app)
            // 3. Draw, unless the last animation frame has not reached the terminal yet.
            loop.drawIfAllowed(&app, now: current)
            // A stop that waited for a purchase goes ahead once it has settled (the screen
            // above already says how it ended).
            if let stop = loop.pendingStop, !app.isSettlingPurchase {
                loop.pendingStop = nil
                Self.suspend(session, stoppingWith: stop)
                loop.wasAnimating = false
                continue
            }
            // 4. Sleep until input, a signal, or the next frame.
            if loop.sleep(app, now: current) {
                _ = app.update(.interrupt(.hangup))
                return .hangup
            }
        }
    }

    /// Whether the ticks that came due now wait instead of moving the app: while a slow
    /// terminal is still reading the last frame (they would only be drawn once it has), and
    /// for the frame that answers a key that came meanwhile, so that frame carries only what
    /// the key changed (a page, not a page and 5 KB of confetti that moved); the confetti
    /// catches up in the next frame, with no time lost.
    static func holdsTicks(pacer: FramePacer, inputSinceFrame: Bool, heldSteps: Int) -> Bool {
        guard pacer.isSlow, pacer.answersQueries == true else { return false }
        return pacer.unanswered > 0 || (inputSinceFrame && heldSteps > 0)
    }

    /// Hands each input `read` gives to `handle` until `read` has none, `handle` returns false,
    /// or a signal has arrived: signals are looked at before every input, so one never waits
    /// behind a queue of keys or a long paste. Returns true when a signal cut the batch short
    /// (the signal itself stays for `signals.take()`).
    static func forEachWaitingInput(
        read: () -> InputDecoder.Input?, signals: SignalWatcher, _ handle: (InputDecoder.Input) -> Bool
    ) -> Bool {
        while true {
            if signals.hasArrivals { return true }
            guard let input = read(), handle(input) else { return false }
        }
    }

    /// Restores the terminal (when it is ours to change), stops the process with `signal`, and
    /// takes the terminal back if the process continues in the foreground. Continued in the
    /// background (`bg`), the session stays suspended until SIGCONT finds it in the foreground.
    static func suspend(_ session: TerminalSession, stoppingWith signal: Int32) {
        if session.isForeground { session.suspend() }
        SignalWatcher.stopProcess(with: signal)
        if session.isSuspended, session.isForeground { session.resume() }
    }

    func apply(_ effects: [Effect], to app: inout OnboardingApp) -> TourEnding? {
        for effect in effects {
            switch effect {
            case .quit(let outcome): return outcome
            default:
                for message in perform(effect) {
                    if let outcome = apply(app.update(message), to: &app) { return outcome }
                }
            }
        }
        return nil
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
