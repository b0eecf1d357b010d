import FoundationEssentials
import Glibc
import OnboardKit

/// What the frame loop of `TerminalRunner.run` keeps from one turn to the next, and its steps:
/// signals, input, time, drawing and sleep, each a method, so that each says what it does.
struct FrameLoop {
    let runner: TerminalRunner
    let session: TerminalSession
    let signals: SignalWatcher
    var clock: FrameClock
    var canvas = Canvas(width: 0, height: 0)
    var size: (width: Int, height: Int)
    var lastWake = TerminalRunner.now()
    var wasAnimating = false
    /// A stop that came while a purchase was settling: it happens once the purchase has.
    var pendingStop: Int32?
    /// At most one animation frame on its way to the terminal (see FramePacer); a frame that
    /// could not be drawn yet is owed.
    var pacer = FramePacer()
    var owesFrame = false
    /// Ticks held back while a frame is on its way to a slow terminal: a key that comes
    /// meanwhile is drawn first, over the confetti as the terminal last got it, so its frame
    /// holds only what the key changed (see `TerminalRunner.holdsTicks`).
    var heldSteps = 0
    /// Whether a key, click or paste has changed the app since the last frame was drawn.
    var inputSinceFrame = false
    /// What the terminal can do is asked once, behind the first frame, never before it.
    var hasAskedTerminal = false
    /// Whether a frame may be drawn by the terminal's output (set by `drawIfAllowed`).
    private var outputAllows = true

    init(runner: TerminalRunner, session: TerminalSession, signals: SignalWatcher) {
        self.runner = runner
        self.session = session
        self.signals = signals
        clock = FrameClock(frameRate: runner.frameRate)
        size = session.size
    }

    /// Where a step leaves the loop.
    enum Step {
        case running
        /// The terminal is not the app's now (stopped, or a signal cut the input short): the
        /// loop starts its next turn.
        case suspended
        case ended(TourEnding)
    }

    /// Answers the signals that came: one that ends the run ends it, a stop suspends (once a
    /// purchase has settled), SIGCONT in the foreground takes the terminal back.
    mutating func answerSignals(_ app: inout OnboardingApp) -> Step {
        let arrivals = signals.take()
        if let ending = arrivals.termination {
            _ = app.update(.interrupt(ending.outcome))
            return .ended(ending.outcome)
        }
        if let stop = arrivals.stop, app.isSettlingPurchase {
            pendingStop = stop.number
        } else if let stop = arrivals.stop {
            TerminalRunner.suspend(session, stoppingWith: stop.number)
            // Time spent stopped is not animation time.
            wasAnimating = false
        } else if arrivals.continued, session.isSuspended, session.isForeground {
            // Continued in the background earlier, and now brought to the foreground.
            session.resume()
        }
        guard session.isSuspended else { return .running }
        // The terminal is not ours: no input, no frames, until a signal comes.
        wasAnimating = false
        var wake = pollfd(fd: signals.wakeReadDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&wake, 1, -1)
        signals.drain()
        return .suspended
    }

    /// Hands every input waiting to the app; a signal cuts the batch short.
    mutating func readWaitingInput(_ app: inout OnboardingApp) -> Step {
        var ended: TourEnding?
        let session = session
        let signalled = TerminalRunner.forEachWaitingInput(
            read: { session.isSuspended ? nil : session.readInput() }, signals: signals
        ) { input in
            guard let message = message(for: input, app: app) else { return true }
            ended = runner.apply(app.update(message), to: &app)
            return ended == nil
        }
        if let ended { return .ended(ended) }
        return signalled || session.isSuspended ? .suspended : .running
    }

    /// The message an input becomes, or nil for one the loop answers itself (Ctrl-Z, the
    /// terminal's answers to its questions, part of a paste).
    private mutating func message(for input: InputDecoder.Input, app: OnboardingApp) -> Message? {
        switch input {
        case .key(let key) where KeyBindings.action(for: key, in: .anywhere) == .suspend:
            // In raw mode Ctrl-Z is a key, not SIGTSTP: the same suspend.
            if app.isSettlingPurchase {
                pendingStop = SIGTSTP
            } else {
                TerminalRunner.suspend(session, stoppingWith: SIGTSTP)
                wasAnimating = false
            }
            return nil
        case .key(let key):
            inputSinceFrame = true
            return .key(key)
        case .mouse(var event):
            inputSinceFrame = true
            // A swipe is judged on when its events were read, not on the frames between them.
            event.time = TerminalRunner.now()
            return .mouse(event)
        case .deviceAttributes:
            let wasSlow = pacer.isSlow
            pacer.answered(
                now: TerminalRunner.now(),
                screen: (session.estimatedBytes(ofWhole: canvas), canvas.width * canvas.height))
            session.limitFrames(toBytes: pacer.frameBytes)
            return pacer.isSlow != wasSlow ? .terminalPace(isSlow: pacer.isSlow) : nil
        case .backgroundColor(let color):
            return .terminalBackground(color)
        case .synchronizedOutput(let isSupported):
            if isSupported { session.synchronizeOutput() }
            return nil
        case .paste(let text):
            inputSinceFrame = true
            return .paste(text)
        case .partialPaste:
            return nil
        case .resize:
            size = session.size
            session.invalidate()
            return .resize(width: size.width, height: size.height)
        }
    }

    /// Fixed-step ticks for the time that passed; a late loop drops frames rather than racing
    /// to catch up (FrameClock). Time spent idle is never owed.
    mutating func advanceTime(_ app: inout OnboardingApp, now current: Double) -> TourEnding? {
        var steps = 0
        if app.isAnimating {
            if !wasAnimating { clock.reset() }
            steps = wasAnimating ? clock.stepsDue(elapsed: current - lastWake) : 0
        }
        if TerminalRunner.holdsTicks(pacer: pacer, inputSinceFrame: inputSinceFrame, heldSteps: heldSteps) {
            heldSteps += steps
        } else {
            for _ in 0..<(heldSteps + steps) where app.isAnimating {
                if let ending = runner.apply(app.update(.tick(seconds: clock.timeStep)), to: &app) { return ending }
            }
            heldSteps = 0
        }
        lastWake = current
        wasAnimating = app.isAnimating
        return nil
    }

    /// Draws the app, unless the last animation frame has not reached the terminal yet: then
    /// this state is skipped, and the frame drawn once it has shows the state of that moment.
    /// The presenter writes nothing when no cell changed.
    mutating func drawIfAllowed(_ app: inout OnboardingApp, now current: Double) {
        let wasKnown = pacer.answersQueries != nil
        let pacerAllows = pacer.mayDraw(now: current)
        if !wasKnown, pacer.answersQueries == false { session.giveUpOnAnswers() }
        // A terminal that answers is paced by its answers; one that does not (or has not yet)
        // by whether its output has gone out.
        outputAllows = pacer.answersQueries == true || session.outputHasRoom()
        guard pacerAllows, outputAllows else {
            owesFrame = true
            return
        }
        app.render(into: &canvas)
        let written = session.present(canvas, answersInput: inputSinceFrame)
        // Only now may a box in this frame take keys: those read before it was drawn were meant
        // for the screen as it was. A frame held to a slow terminal's budget is not all drawn
        // yet: the one that finishes it counts.
        if !session.lastFrameHeldBack { _ = app.update(.presented) }
        owesFrame = false
        inputSinceFrame = false
        if written > 0, !hasAskedTerminal {
            hasAskedTerminal = true
            session.askTerminalSettings(background: app.settings.followsTerminalBackground)
            session.prepareKeys()
            // Its device attributes answer says whether the terminal answers; no frame waits
            // for it.
            pacer.probed(now: current)
        } else if written > 0, pacer.shouldAsk(isAnimating: app.isAnimating || session.lastFrameHeldBack) {
            // A frame with changes held back is followed by the rest once the terminal has read
            // it, moving or not.
            session.askDeviceAttributes()
            pacer.asked(
                now: current, bytes: session.lastFrameBytes, cells: written, whole: !session.lastFrameHeldBack)
        }
    }

    /// Sleeps until input, a signal, the next frame or the next change of a subscription.
    /// Returns true when the terminal went away without a SIGHUP (its session was killed):
    /// polling it again would return at once forever.
    mutating func sleep(_ app: OnboardingApp, now current: Double) -> Bool {
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
            // that has not gone out yet is looked at again a frame later (a serial line reports
            // its queue whether or not it has room, so polling for room would spin).
            let wait =
                outputAllows
                ? Int32(max(1, (pacer.delayUntilMayDraw(now: current) * 1000).rounded(.up)))
                : Int32((1000 / runner.frameRate).rounded(.up))
            timeout = timeout < 0 ? wait : min(timeout, wait)
        }
        var descriptors = [
            pollfd(fd: session.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if let wakeSource = runner.wakeSource {
            descriptors.append(pollfd(fd: wakeSource.descriptor, events: Int16(POLLIN), revents: 0))
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if descriptors[1].revents != 0 { signals.drain() }
        if descriptors.count > 2, descriptors[2].revents != 0 { runner.wakeSource?.drain() }
        return descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
