import Glibc

/// Reads a descriptor a line at a time while `SignalWatcher` watches the signals: the next
/// line, the end of input, or the signal that ends the run, whichever comes first. A stop
/// (Ctrl-Z) stops the process as it would without the watcher, and reading goes on after `fg`.
/// For the accessible conversation, which reads whole lines and never takes the terminal.
public final class WatchedLineReader {
    /// What came first.
    public enum Arrival: Hashable, Sendable {
        case line(String)
        case end
        case signal(TerminalSignal)
    }

    private let descriptor: Int32
    private let signals: SignalWatcher
    private var buffer: [UInt8] = []
    private var isAtEnd = false

    public init(descriptor: Int32, signals: SignalWatcher) {
        self.descriptor = descriptor
        self.signals = signals
    }

    /// The next line without its line end (a carriage return before it too), the last line
    /// even without one, then `.end`; or a signal that ends the run.
    public func next() -> Arrival {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .line(String(decoding: line, as: UTF8.self))
            }
            if isAtEnd {
                guard !buffer.isEmpty else { return .end }
                defer { buffer = [] }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            if let signal = takeSignal() { return .signal(signal) }
            waitAndRead()
        }
    }

    /// A signal that ends the run, once one arrived; a stop signal stops the process here.
    private func takeSignal() -> TerminalSignal? {
        let arrivals = signals.take()
        if let stop = arrivals.stop { SignalWatcher.stopProcess(with: stop.number) }
        return arrivals.termination
    }

    /// Waits for input or a signal, and reads what came.
    private func waitAndRead() {
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&watched, 2, -1) > 0 else { return }  // EINTR: a signal, taken next time round
        if watched[1].revents != 0 { signals.drain() }
        guard watched[0].revents != 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &chunk, chunk.count)
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isAtEnd = true
        }
    }
}
