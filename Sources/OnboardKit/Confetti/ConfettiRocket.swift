/// Turns each piece of a cannon into a rocket that rises and then bursts into sparks, for
/// fireworks. The sparks take the rocket's colour and the cannon's shapes, physics and lifetime.
public struct ConfettiRocket: Hashable, Sendable {
    /// How many sparks each rocket bursts into.
    public var sparks: Int
    /// Seconds from launch to the burst; each rocket varies it by up to ±20 %.
    public var fuse: Double
    /// How far the sparks fly, in points like the cannon's `radius`.
    public var sparkRadius: Double

    public init(sparks: Int = 40, fuse: Double = 0.8, sparkRadius: Double = 150) {
        self.sparks = sparks
        self.fuse = fuse
        self.sparkRadius = sparkRadius
    }

    /// The fraction by which each rocket's fuse varies either way.
    static let fuseVariation = 0.2
}
