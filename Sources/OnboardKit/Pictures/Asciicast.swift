import OnboardBase

/// A terminal recording as asciicast files hold it (https://docs.asciinema.org/manual/asciicast/v2/):
/// the terminal's size, then what was written to it and when. `--record` writes version 2;
/// asciinema writes version 2 and, before 2.0, version 1. Input and markers are not kept: a
/// picture of the screen has no use for them.
public struct Asciicast: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// Text written to the terminal, `time` seconds after the start.
        case output(time: Double, text: String)
        /// The terminal took a new size.
        case resize(time: Double, width: Int, height: Int)

        public var time: Double {
            switch self {
            case .output(let time, _), .resize(let time, _, _): return time
            }
        }
    }

    public var version: Int
    public var width: Int
    public var height: Int
    /// The header's `title`, when it has one.
    public var title: String?
    /// The header's `idle_time_limit`: the recorder's wish that no pause play longer.
    public var idleTimeLimit: Double?
    public var events: [Event]

    public init(
        version: Int = 2, width: Int, height: Int, title: String? = nil, idleTimeLimit: Double? = nil,
        events: [Event]
    ) {
        self.version = version
        self.width = width
        self.height = height
        self.title = title
        self.idleTimeLimit = idleTimeLimit
        self.events = events
    }

    /// The largest file read: two minutes of a busy 80x24 tour take about 2 MB, and the whole
    /// file is held in memory while it is read.
    public static let maximumBytes = 8 * 1024 * 1024
    /// The largest terminal replayed, as `dump --size` allows: far beyond any real window, and
    /// it keeps a typo from filling the memory with cells.
    public static let maximumWidth = 500
    public static let maximumHeight = 200
}

/// Why a recording cannot be read: what is wrong, and where (line and column) when a place
/// in the file says it.
public struct AsciicastError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    /// "3:14: the message", or the message alone.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
}
