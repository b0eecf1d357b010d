/// The named springs a deck can ask for, tuned for motion measured in terminal cells.
public enum SpringPreset: String, CaseIterable, Hashable, Sendable {
    /// Critically damped: the default page slide. No overshoot; a full 80-column slide
    /// settles in 0.45 s and a 200-column one in 0.5 s with the default thresholds.
    case smooth
    /// Stiffer and slightly under-damped: settles faster than `smooth`; its overshoot stays
    /// under half a column on wide slides, so the cell grid never shows it.
    case snappy
    /// Under-damped: overshoots an 80-column slide by about one cell and swings back, for a
    /// playful page change or a hero symbol that bounces as it appears.
    case bouncy
    /// Strongly under-damped: a visible wobble for a symbol dropping into place over a few rows.
    case drop

    /// The preset with this name (`"smooth"`, `"snappy"`, `"bouncy"`, `"drop"`), ignoring case.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The name used in decks.
    public var name: String { rawValue }

    /// Every preset name, for "did you mean" suggestions.
    public static var names: [String] { allCases.map(\.name) }

    /// ω in radians per second.
    public var angularFrequency: Double {
        switch self {
        case .smooth: 18
        case .snappy: 24
        case .bouncy: 18
        case .drop: 20
        }
    }

    /// ζ: 1 is critical damping, below 1 overshoots.
    public var dampingRatio: Double {
        switch self {
        case .smooth: 1.0
        case .snappy: 0.9
        case .bouncy: 0.8
        case .drop: 0.5
        }
    }

    /// The preset as a spring stepping `timeStep` seconds at a time.
    public func spring(
        timeStep: Double,
        positionThreshold: Double = Spring.defaultPositionThreshold,
        velocityThreshold: Double = Spring.defaultVelocityThreshold
    ) -> Spring {
        Spring(
            angularFrequency: angularFrequency, dampingRatio: dampingRatio, timeStep: timeStep,
            positionThreshold: positionThreshold, velocityThreshold: velocityThreshold)
    }
}
