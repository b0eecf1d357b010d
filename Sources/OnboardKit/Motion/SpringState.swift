/// Where a sprung value is and how fast it moves, in the animated unit (columns, rows, …)
/// and that unit per second.
public struct SpringState: Hashable, Sendable {
    public var position: Double
    public var velocity: Double

    public init(position: Double, velocity: Double = 0) {
        self.position = position
        self.velocity = velocity
    }
}
