/// Turns a burst of wheel events (one trackpad flick sends five or more) into one step.
///
/// A wheel event that pages opens a gesture in its direction; until the slide it started has
/// come to rest, and for at least `minimumDuration` (so that it holds under reduced motion,
/// where the slide is a cut), further events in that direction do nothing at all. A wheel
/// event that scrolls a page's text opens a gesture too, but one that only stops paging:
/// scrolling to the end of a text and on to the next page takes a second flick. An event in
/// the other direction always counts, and starts its own gesture.
public struct WheelGesture: Hashable, Sendable {
    /// What the gesture did.
    public enum Kind: Hashable, Sendable {
        case paged
        case scrolled
    }

    /// What a wheel event may do.
    public enum Allowance: Hashable, Sendable {
        /// Scroll or page, whichever applies.
        case any
        /// Scroll the text, but not page.
        case scrollOnly
        /// Nothing: the event belongs to a page step already taken.
        case none
    }

    /// The shortest time a gesture lasts, in seconds of ticks.
    public static let minimumDuration = 0.3

    public private(set) var direction = 0
    public private(set) var kind = Kind.paged
    private var elapsed = 0.0

    public init() {}

    /// True while a gesture is open: the shell must keep ticking so that it can end.
    public var isOpen: Bool { direction != 0 }

    /// What an event in `direction` (+1 down, -1 up) may do now.
    public func allowance(direction newDirection: Int) -> Allowance {
        guard isOpen, newDirection == direction else { return .any }
        return kind == .paged ? .none : .scrollOnly
    }

    /// Records that an event in `direction` paged or scrolled: a new gesture starts.
    public mutating func record(_ kind: Kind, direction newDirection: Int) {
        self.kind = kind
        direction = newDirection
        elapsed = 0
    }

    /// Time passes; the gesture ends once it is old enough and the slide is at rest.
    public mutating func tick(seconds: Double, slideIsMoving: Bool) {
        guard isOpen else { return }
        elapsed += seconds
        if elapsed >= WheelGesture.minimumDuration - 1e-9 && !slideIsMoving { direction = 0 }
    }
}
