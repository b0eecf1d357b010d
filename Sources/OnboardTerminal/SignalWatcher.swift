import Dispatch
import Foundation
import OnboardKit
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the run loop checks, and wakes the loop
/// through a pipe it polls beside the terminal. The handlers never touch the terminal: the
/// loop ends normally and restores it.
final class SignalWatcher {
    /// The last signal received, shared with the handler queue.
    private final class Flag: Sendable {
        let signal = Atomic<Int32>(0)
    }

    private let received = Flag()
    private let sources: [any DispatchSourceSignal]
    /// The read end is polled by the run loop; the write end is poked by handlers.
    let wakeReadDescriptor: Int32
    private let wakeWriteDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeReadDescriptor = descriptors[0]
        wakeWriteDescriptor = descriptors[1]
        var made: [any DispatchSourceSignal] = []
        let queue = DispatchQueue(label: "tui-onboard.signals")
        let received = self.received
        let writeDescriptor = wakeWriteDescriptor
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            // Written @Sendable: a closure from a @MainActor context would trap on this queue.
            source.setEventHandler { @Sendable in
                received.signal.store(signalNumber, ordering: .sequentiallyConsistent)
                var byte: UInt8 = 1
                _ = write(writeDescriptor, &byte, 1)
            }
            source.resume()
            made.append(source)
        }
        sources = made
    }

    deinit {
        for source in sources { source.cancel() }
        close(wakeReadDescriptor)
        close(wakeWriteDescriptor)
    }

    /// The outcome a received signal asks for, if any arrived.
    var pendingOutcome: Outcome? {
        switch received.signal.load(ordering: .sequentiallyConsistent) {
        case SIGINT: return .interrupted
        case SIGTERM: return .terminated
        case SIGHUP: return .hangup
        default: return nil
        }
    }

    /// Empties the wake pipe after the loop woke.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadDescriptor, &buffer, buffer.count) > 0 {}
    }
}
