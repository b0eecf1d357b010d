import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// A run's event stream (`--events`): each event the app queued, stamped with the wall time
/// it was handed over at and written as one line, to a file as it happens or, for standard
/// output (the terminal during the run), held until the terminal is restored.
public final class TourEventLog {
    public enum Destination {
        /// Written as it happens; `path` is for messages.
        case file(EventFile, path: String)
        /// Held in memory (`heldLines`) for the caller to write once the terminal is back.
        case memory
    }

    public let context: TourEventContext
    private let destination: Destination
    private let clock: () -> Date
    /// The lines not written yet, for `.memory`.
    public private(set) var heldLines: [String] = []

    public init(destination: Destination, context: TourEventContext, clock: @escaping () -> Date = { Date() }) {
        self.destination = destination
        self.context = context
        self.clock = clock
    }

    /// Stamps `events` with the time now and writes or holds them, in order.
    public func record(_ events: [TourEvent]) {
        guard !events.isEmpty else { return }
        let time = clock()
        for event in events {
            let line = event.jsonLine(at: time, in: context)
            switch destination {
            case .file(let file, _): file.append(line)
            case .memory: heldLines.append(line)
            }
        }
    }

    /// Writes the held lines to `file`, each with one write, and forgets them.
    public func writeHeldLines(to file: EventFile) {
        for line in heldLines { file.append(line) }
        heldLines = []
    }

    /// What went wrong writing to the file, for stderr once the terminal is restored; nil when
    /// every line was written.
    public var problem: String? {
        guard case .file(let file, let path) = destination else { return nil }
        return Self.problem(of: file, path: path)
    }

    /// "3 of 12 events were not written to FILE: Broken pipe (the reader went away)".
    public static func problem(of file: EventFile, path: String) -> String? {
        guard file.lost > 0 else { return nil }
        let reason = file.lastError.map { String(cString: strerror($0)) } ?? "unknown error"
        let why: String
        switch file.lastError {
        case EPIPE?: why = " (the reader went away)"
        case EAGAIN?: why = " (the reader did not keep up; lines that did not fit in the pipe were dropped)"
        case EMSGSIZE?: why = " (a line longer than a pipe takes at once was left out)"
        default: why = ""
        }
        return "\(file.lost) of \(file.offered) events were not written to \(path): \(reason)\(why)"
    }
}
