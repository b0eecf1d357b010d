import FoundationEssentials

/// How one confetti cannon fires: the terminal twin of the mobile `confettiCannon` modifier,
/// with the same parameters, meanings and defaults, plus the physics a terminal can tune.
///
/// ## Points and cells
/// Sizes and distances keep the mobile unit, points, and map onto cells as a typical terminal
/// font does pixels: a cell is about twice as tall as wide, 8 × 16 points. The simulation runs in
/// square 8 × 8-point "pixels": one column wide and half a row tall, the two halves of a
/// half-block cell. Both axes share that unit, so a 360° burst stays round on screen (twice as
/// many columns across as rows down). So `radius` 300 is 37.5 columns or about 19 rows, and
/// `rainHeight` 600 is 37.5 rows. `confettiSize` 10 makes a piece one pixel; every further
/// 8 points adds a pixel to its side (up to 4) in half-block drawing.
///
/// ## Motion
/// Each piece leaves the origin at a random angle between `openingAngle` and `closingAngle`
/// (degrees counter-clockwise from the right, 90° is up; an opening angle above the closing
/// one wraps through 0°) with a speed that, against the air's `drag`, carries it a random share
/// of `radius` (biased outward like the mobile cannon). Gravity eases in over the first
/// `gravityEaseIn` seconds, as the mobile rain starts slowly, and then pulls the piece down so
/// that it passes `rainHeight` in the mobile rain time, while it flutters sideways, spins, and
/// fades out over its lifetime. The motion is solved exactly, so it does not depend on the
/// frame rate.
public struct ConfettiCannon: Hashable, Sendable {
    // MARK: The mobile cannon's parameters

    /// How many pieces each burst fires.
    public var num: Int
    /// The pieces to pick from at random.
    public var confettis: [ConfettiPiece]
    /// The colours to pick from at random (emoji keep their own).
    public var colors: [Color]
    /// The size of a piece in points (8 points per pixel side; see the type's notes).
    public var confettiSize: Double
    /// The vertical distance in points the pieces fall during the rain.
    public var rainHeight: Double
    /// Whether pieces fade out towards the end of their life.
    public var fadesOut: Bool
    /// The strongest opacity a piece reaches, 0 to 1 (lower blends it into the background).
    public var opacity: Double
    /// One boundary of the firing arc, in degrees (0 right, 90 up).
    public var openingAngle: Double
    /// The other boundary of the firing arc, in degrees.
    public var closingAngle: Double
    /// How far the burst throws pieces, in points.
    public var radius: Double
    /// How many bursts fire in total, `repetitionInterval` seconds apart.
    public var repetitions: Int
    /// Seconds between bursts.
    public var repetitionInterval: Double
    /// Rings the terminal bell with each burst, as the mobile cannon plays haptic feedback.
    public var bell: Bool

    // MARK: Beyond the mobile cannon

    /// The fastest launch speed in columns per second; nil derives it from `radius` and `drag`.
    public var startVelocity: Double?
    /// Downward acceleration in rows per second²; nil derives it from `rainHeight`.
    public var gravity: Double?
    /// How fast the air slows a piece, per second: velocity shrinks by `exp(-drag × seconds)`.
    public var drag: Double
    /// Wind, in columns per second (positive blows right): the sideways speed drag settles at.
    public var drift: Double
    /// How far pieces sway sideways as they fall, in columns.
    public var flutter: Double
    /// Seconds a piece lives; nil takes the mobile animation's length for `radius` and `rainHeight`.
    public var lifetime: Double?
    /// The fraction by which each piece's lifetime varies either way, 0 to 1.
    public var lifetimeVariation: Double
    /// Where the pieces start.
    public var origin: ConfettiOrigin
    /// When set, every piece is a rocket that bursts into sparks (fireworks).
    public var rocket: ConfettiRocket?

    public init(
        num: Int = 20, confettis: [ConfettiPiece] = ConfettiPiece.allShapes, colors: [Color] = ConfettiPalette.defaults,
        confettiSize: Double = 10, rainHeight: Double = 600, fadesOut: Bool = true, opacity: Double = 1,
        openingAngle: Double = 60, closingAngle: Double = 120, radius: Double = 300, repetitions: Int = 1,
        repetitionInterval: Double = 1, bell: Bool = false, startVelocity: Double? = nil, gravity: Double? = nil,
        drag: Double = 6, drift: Double = 0, flutter: Double = 1, lifetime: Double? = nil,
        lifetimeVariation: Double = 0.15, origin: ConfettiOrigin = .bottomCenter, rocket: ConfettiRocket? = nil
    ) {
        self.num = num
        self.confettis = confettis
        self.colors = colors
        self.confettiSize = confettiSize
        self.rainHeight = rainHeight
        self.fadesOut = fadesOut
        self.opacity = opacity
        self.openingAngle = openingAngle
        self.closingAngle = closingAngle
        self.radius = radius
        self.repetitions = repetitions
        self.repetitionInterval = repetitionInterval
        self.bell = bell
        self.startVelocity = startVelocity
        self.gravity = gravity
        self.drag = drag
        self.drift = drift
        self.flutter = flutter
        self.lifetime = lifetime
        self.lifetimeVariation = lifetimeVariation
        self.origin = origin
        self.rocket = rocket
    }

    // MARK: Units

    /// Points per column (and per simulation pixel, which is half a row tall).
    public static let pointsPerColumn = 8.0
    /// Points per row: a cell is about twice as tall as wide.
    public static let pointsPerRow = 16.0

    // MARK: Derived values

    /// The mobile explosion's length in seconds for this radius.
    var explosionDuration: Double { radius / 1300 }
    /// The mobile rain's length in seconds: the time it takes to fall `rainHeight`.
    var rainDuration: Double { (rainHeight + radius) / 200 }

    /// Seconds a piece lives before its variation: `lifetime`, or the mobile animation's length.
    public var baseLifetime: Double { lifetime ?? (explosionDuration + rainDuration) }

    /// Seconds over which gravity eases in after a piece is fired, as the mobile rain starts
    /// slowly: the explosion carries pieces close to `radius` before they fall.
    public static let gravityEaseIn = 0.6

    /// Downward acceleration in pixels per second² (two pixels per row). By default, the one
    /// under which a piece falling from rest against the drag passes `rainHeight` in the mobile
    /// rain time.
    var gravityInPixels: Double {
        if let gravity { return gravity * 2 }
        let duration = rainDuration
        guard duration > 0 else { return 0 }
        let height = rainHeight / ConfettiCannon.pointsPerColumn
        // Distance fallen from rest per unit of gravity: first while it eases in, then at full strength.
        let k = max(0, drag)
        let ease = ConfettiCannon.gravityEaseIn
        let easing = Particle.motion(drag: k, over: min(duration, ease))
        var reach = easing.third / ease
        if duration > ease {
            let rest = Particle.motion(drag: k, over: duration - ease)
            reach += easing.second / ease * rest.first + rest.second
        }
        return height / reach
    }

    /// The fastest launch speed in pixels per second: enough to coast `radius` against the drag.
    var maximumLaunchSpeed: Double {
        if let startVelocity { return startVelocity }
        let radiusInPixels = radius / ConfettiCannon.pointsPerColumn
        // Without drag nothing stops a piece; then it reaches `radius` in the explosion time.
        return drag > 0 ? radiusInPixels * drag : radiusInPixels / max(explosionDuration, 0.1)
    }

    /// The side of a piece in pixels for half-block drawing.
    var pixelSide: Int { min(4, max(1, Int(confettiSize / ConfettiCannon.pointsPerColumn))) }

    /// The longest a burst can take from the first shot until its last piece is gone, in seconds.
    public var maximumDuration: Double {
        let rise = rocket.map { $0.fuse * (1 + ConfettiRocket.fuseVariation) } ?? 0
        let life = baseLifetime * (1 + lifetimeVariation)
        return Double(max(0, repetitions - 1)) * repetitionInterval + rise + life
    }
}
