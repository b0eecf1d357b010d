import Glibc
import Testing

@testable import OnboardTerminal

/// The loop's reading of waiting input: a signal that arrives while keys are queued is
/// answered before the next key, however many wait behind it. What signals arrived is
/// process-wide: the suite runs inside `TerminalSessionTests`, one test at a time with the
/// loop's own tests there.
extension TerminalSessionTests {
    @Suite struct TerminalRunnerInputTests {
        @Test("a SIGTERM raised in the middle of a queue of keys stops the batch at the next key")
        func signalCutsTheBatchShort() {
            let signals = SignalWatcher()
            defer { signals.uninstall() }
            let queued = 100_000
            var read = 0
            var handled = 0
            let signalled = TerminalRunner.forEachWaitingInput(
                read: {
                    guard read < queued else { return nil }
                    read += 1
                    return .key(.character("7"))
                }, signals: signals
            ) { _ in
                handled += 1
                // What SIGTERM's handler does, in the middle of the batch.
                if handled == 10 { signals.recordArrival(SIGTERM) }
                return true
            }
            #expect(signalled)
            #expect(handled == 10, "\(handled) of \(queued) keys were handled after the signal")
            #expect(signals.take().termination?.number == SIGTERM)
        }

        @Test("without a signal every waiting input is handled, and the batch ends when none is left")
        func wholeBatch() {
            let signals = SignalWatcher()
            defer { signals.uninstall() }
            var remaining = 500
            var handled = 0
            let signalled = TerminalRunner.forEachWaitingInput(
                read: {
                    guard remaining > 0 else { return nil }
                    remaining -= 1
                    return .key(.down)
                }, signals: signals
            ) { _ in
                handled += 1
                return true
            }
            #expect(!signalled)
            #expect(handled == 500)
        }
    }
}
