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
        var clock = FrameClock(frameRate: frameRate)
        var canvas = Canvas(width: 0, height: 0)
        var size = session.size
        _ = app.update(.resize(width: size.width, height: size.height))
        var lastWake = Self.now()
        var wasAnimating = false
        // A stop that came while a purchase was settling: it happens once the purchase has.
        var pendingStop: Int32?
        // At most one animation frame on its way to the terminal (see FramePacer); a frame
        // that could not be drawn yet is owed.
        var pacer = FramePacer()
        var owesFrame = false
        // Ticks held back while a frame is on its way to a slow terminal: a key that comes
        // meanwhile is drawn first, over the confetti as the terminal last got it, so its frame
        // holds only what the key changed (see `holdsTicks`).
        var heldSteps = 0
        // Whether a key, click or paste has changed the app since the last frame was drawn.
        var inputSinceFrame = false
        // What the terminal can do is asked once, behind the first frame, never before it.
        var hasAskedTerminal = false
        frames: while true {
            // 0. Signals: one that ends the run ends it; a stop suspends; SIGCONT may resume.
            let arrivals = signals.take()
            if let ending = arrivals.termination {
                _ = app.update(.interrupt(ending.outcome))
                return ending.outcome
            }
            if let stop = arrivals.stop, app.isSettlingPurchase {
                pendingStop = stop.number
            } else if let stop = arrivals.stop {
                Self.suspend(session, stoppingWith: stop.number)
                // Time spent stopped is not animation time.
                wasAnimating = false
            } else if arrivals.continued, session.isSuspended, session.isForeground {
                // Continued in the background earlier, and now brought to the foreground.
                session.resume()
            }
            if session.isSuspended {
                // The terminal is not ours: no input, no frames, until a signal comes.
                wasAnimating = false
                var wake = pollfd(fd: signals.wakeReadDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&wake, 1, -1)
                signals.drain()
                continue
            }
            _ = app.update(.clock(Date()))
            for message in onWake() {
                if let outcome = apply(app.update(message), to: &app) { return outcome }
            }
            // 1. Everything that is waiting: keys, mouse, resizes, pastes. The whole batch is
            // drawn once, below; a signal cuts it short and is answered first.
            var ended: TourEnding?
            let signalled = Self.forEachWaitingInput(
                read: { session.isSuspended ? nil : session.readInput() }, signals: signals
            ) { input in
                let message: Message
                switch input {
                case .key(let key) where KeyBindings.action(for: key, in: .anywhere) == .suspend:
                    // In raw mode Ctrl-Z is a key, not SIGTSTP: the same suspend.
                    if app.isSettlingPurchase {
                        pendingStop = SIGTSTP
                    } else {
                        Self.suspend(session, stoppingWith: SIGTSTP)
                        wasAnimating = false
                    }
                    return true
                case .key(let key):
                    message = .key(key)
                    inputSinceFrame = true
                case .mouse(let event):
                    message = .mouse(event)
                    inputSinceFrame = true
                case .deviceAttributes:
                    let wasSlow = pacer.isSlow
                    pacer.answered(now: Self.now())
                    session.limitFrames(toBytes: pacer.frameBytes)
                    guard pacer.isSlow != wasSlow else { return true }
                    message = .terminalPace(isSlow: pacer.isSlow)
                case .backgroundColor(let color): message = .terminalBackground(color)
                case .synchronizedOutput(let isSupported):
                    if isSupported { session.synchronizeOutput() }
                    return true
                case .paste(let text):
                    message = .paste(text)
                    inputSinceFrame = true
                case .partialPaste: return true
                case .resize:
                    size = session.size
                    session.invalidate()
                    message = .resize(width: size.width, height: size.height)
                }
                ended = apply(app.update(message), to: &app)
                return ended == nil
            }
            if let ended { return ended }
            if signalled || session.isSuspended { continue frames }
            // 2. Fixed-step ticks for the time that passed; a late loop drops frames rather
            // than racing to catch up (FrameClock). Time spent idle is never owed.
            let current = Self.now()
            var steps = 0
            if app.isAnimating {
                if !wasAnimating { clock.reset() }
                steps = wasAnimating ? clock.stepsDue(elapsed: current - lastWake) : 0
            }
            if Self.holdsTicks(pacer: pacer, inputSinceFrame: inputSinceFrame, heldSteps: heldSteps) {
                heldSteps += steps
            } else {
                for _ in 0..<(heldSteps + steps) where app.isAnimating {
                    if let outcome = apply(app.update(.tick(seconds: clock.timeStep)), to: &app) { return outcome }
                }
                heldSteps = 0
            }
            lastWake = current
            wasAnimating = app.isAnimating
            // 3. Draw, unless the last animation frame has not reached the terminal yet: then
            // this state is skipped, and the frame drawn once it has shows the state of that
            // moment. The presenter writes nothing when no cell changed.
            let wasKnown = pacer.answersQueries != nil
            let pacerAllows = pacer.mayDraw(now: current)
            if !wasKnown, pacer.answersQueries == false { session.giveUpOnAnswers() }
            // A terminal that answers is paced by its answers; one that does not (or has not
            // yet) by whether its output has gone out.
            let outputAllows = pacer.answersQueries == true || session.outputHasRoom()
            if pacerAllows, outputAllows {
                app.render(into: &canvas)
                let written = session.present(canvas, answersInput: inputSinceFrame)
                // Only now may a box in this frame take keys: those read before it was drawn
                // were meant for the screen as it was. A frame held to a slow terminal's budget
                // is not all drawn yet: the one that finishes it counts.
                if !session.lastFrameHeldBack { _ = app.update(.presented) }
                owesFrame = false
                inputSinceFrame = false
                if written > 0, !hasAskedTerminal {
                    hasAskedTerminal = true
                    session.askTerminalSettings(background: app.settings.followsTerminalBackground)
                    session.prepareKeys()
                    // Its device attributes answer says whether the terminal answers; no frame
                    // waits for it.
                    pacer.probed(now: current)
                } else if written > 0,
                    pacer.shouldAsk(isAnimating: app.isAnimating || session.lastFrameHeldBack)
                {
                    // A frame with changes held back is followed by the rest once the terminal
                    // has read it, moving or not.
                    session.askDeviceAttributes()
                    pacer.asked(now: current, bytes: session.lastFrameBytes, whole: !session.lastFrameHeldBack)
                }
            } else {
                owesFrame = true
            }
            // A stop that waited for a purchase goes ahead once it has settled (the screen
            // above already says how it ended).
            if let stop = pendingStop, !app.isSettlingPurchase {
                pendingStop = nil
                Self.suspend(session, stoppingWith: stop)
                wasAnimating = false
                continue
            }
            // 4. Sleep until input, a signal, or the next frame.
            var timeout: Int32 = -1
            if app.isAnimating {
                timeout = Int32(max(1, (clock.delayUntilNextStep() * 1000).rounded(.up)))
            } else if let change = app.nextChange {
                // Sleep until a subscription renews or runs out, so its status changes on time.
                let seconds = min(max(0, change.timeIntervalSinceNow), 86_400)
                timeout = Int32((seconds * 1000).rounded(.up)) + 1
            }
            if let deadline = session.pasteDeadline {
                // A paste whose end never comes is given up then (`unendedPasteLimit`).
                let wait = Int32(max(1, ((deadline - current) * 1000).rounded(.up)))
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            if owesFrame {
                // The answer wakes the loop through the terminal; a lost answer, by this. Output
                // that has not gone out yet is looked at again a frame later (a serial line
                // reports its queue whether or not it has room, so polling for room would spin).
                let wait =
                    outputAllows
                    ? Int32(max(1, (pacer.delayUntilMayDraw(now: current) * 1000).rounded(.up)))
                    : Int32((1000 / frameRate).rounded(.up))
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if let wakeSource {
                descriptors.append(pollfd(fd: wakeSource.descriptor, events: Int16(POLLIN), revents: 0))
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if descriptors[1].revents != 0 { signals.drain() }
            if descriptors.count > 2, descriptors[2].revents != 0 { wakeSource?.drain() }
            // The terminal went away without a SIGHUP (its session was killed): polling it
            // again would return at once forever.
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
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

    private func apply(_ effects: [Effect], to app: inout OnboardingApp) -> TourEnding? {
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
