/// A mouse event in cell coordinates.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press
        case drag
        case release
        case click
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int
    /// When the shell read it, in seconds on its monotonic clock: a swipe is judged on the
    /// times of its events, not on how they fell among frames. Nil: the app's ticks tell.
    public var time: Double?

    public init(_ kind: Kind, x: Int, y: Int, time: Double? = nil) {
        self.kind = kind
        self.x = x
        self.y = y
        self.time = time
    }
}
