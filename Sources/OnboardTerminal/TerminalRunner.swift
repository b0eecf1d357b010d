import CNcurses
import Foundation
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

    /// Runs until the app asks to quit or a signal arrives, and returns how it ended. The
    /// caller stops the session afterwards.
    public func run(_ app: inout OnboardingApp, session: TerminalSession) -> Outcome {
        let signals = SignalWatcher()
        var clock = FrameClock(frameRate: frameRate)
        var canvas = Canvas(width: 0, height: 0)
        var size = session.size
        _ = app.update(.resize(width: size.width, height: size.height))
        var lastWake = Self.now()
        var wasAnimating = false
        while true {
            _ = app.update(.clock(Date()))
            for message in onWake() {
                if let outcome = apply(app.update(message), to: &app) { return outcome }
            }
            // 1. Everything that is waiting: keys, mouse, resizes.
            while let input = session.readInput() {
                let message: Message
                switch input {
                case .key(let key): message = .key(key)
                case .mouse(let event): message = .mouse(event)
                case .resize:
                    size = session.size
                    session.invalidate()
                    message = .resize(width: size.width, height: size.height)
                }
                if let outcome = apply(app.update(message), to: &app) { return outcome }
            }
            if let outcome = signals.pendingOutcome {
                _ = app.update(.interrupt(outcome))
                return outcome
            }
            // 2. Fixed-step ticks for the time that passed; a late loop drops frames rather
            // than racing to catch up (FrameClock). Time spent idle is never owed.
            let current = Self.now()
            if app.isAnimating {
                if !wasAnimating { clock.reset() }
                let steps = wasAnimating ? clock.stepsDue(elapsed: current - lastWake) : 0
                for _ in 0..<steps where app.isAnimating {
                    if let outcome = apply(app.update(.tick(seconds: clock.timeStep)), to: &app) { return outcome }
                }
            }
            lastWake = current
            wasAnimating = app.isAnimating
            // 3. Draw; the presenter writes nothing when no cell changed.
            app.render(into: &canvas)
            session.present(canvas)
            // 4. Sleep until input, a signal, or the next frame.
            var timeout: Int32 = -1
            if app.isAnimating {
                timeout = Int32(max(1, (clock.delayUntilNextStep() * 1000).rounded(.up)))
            } else if let change = app.nextChange {
                // Sleep until a subscription renews or runs out, so its status changes on time.
                let seconds = min(max(0, change.timeIntervalSinceNow), 86_400)
                timeout = Int32((seconds * 1000).rounded(.up)) + 1
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

    private func apply(_ effects: [Effect], to app: inout OnboardingApp) -> Outcome? {
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
