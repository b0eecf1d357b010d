// Pure functions of the C math library, named one by one: the core imports nothing else of it.
import func Glibc.exp
import func Glibc.expm1
import func Glibc.sin

/// One piece of confetti in flight. Positions are in simulation pixels: `x` in columns, `y` in
/// half rows (two pixels per cell row), so both axes share one square unit.
public struct Particle: Equatable, Sendable {
    /// Stable across frame rates: the burst's serial number, the piece's index in it, and for
    /// a rocket's sparks the spark's index.
    public var id: UInt64
    public var x: Double
    public var y: Double
    /// Pixels per second.
    public var vx: Double
    public var vy: Double
    /// Constant acceleration in pixels per second² (gravity, and wind as drag times drift).
    var ax: Double
    var ay: Double
    /// Velocity shrinks by `exp(-drag × seconds)`.
    var drag: Double
    /// Seconds since the piece was fired.
    public var age: Double
    /// Seconds the piece lives (a rocket's fuse).
    public var lifetime: Double
    var opacity: Double
    var fadesOut: Bool
    /// Sideways sway in columns, its angular frequency (radians per second) and phase.
    var flutterAmplitude: Double
    var flutterFrequency: Double
    var flutterPhase: Double
    /// Spin steps per second (negative spins the other way) and the starting step.
    var spinRate: Double
    var spinPhase: Double
    /// Indices into the system's colour, glyph and cannon tables.
    var colorIndex: UInt16
    var glyphIndex: UInt16
    var cannonIndex: UInt16
    /// The side of the piece in pixels for half-block drawing.
    var side: UInt8
    var isRocket: Bool
    /// Seeds the sparks of a rocket's burst, drawn at launch so the burst never depends on
    /// the frame rate.
    var burstSeed: UInt64

    /// The column the piece is drawn at: its position plus the flutter, which grows in over the
    /// first half second so bursts leave the cannon crisply.
    public var drawnX: Double {
        guard flutterAmplitude != 0 else { return x }
        let envelope = min(1, age * 2)
        return x + flutterAmplitude * envelope * sin(flutterFrequency * age + flutterPhase)
    }

    /// How visible the piece is now, 0 to its `opacity`: it fades with the square of its age
    /// over its life, close to the mobile cannon's ease-in fade.
    public var alpha: Double {
        guard fadesOut, lifetime > 0 else { return opacity }
        let progress = min(1, age / lifetime)
        return opacity * (1 - progress * progress)
    }

    /// Which of the four spin steps the piece shows.
    public var spinStep: Int { Int((spinPhase + spinRate * age).rounded(.down)) & 3 }

    /// Moves the piece `dt` seconds along the exact solution of `dv/dt = a(t) - drag·v`, where
    /// gravity eases in over `ConfettiCannon.gravityEaseIn` seconds of the piece's life, so any
    /// split of the same time gives the same place.
    mutating func move(by dt: Double) {
        var remaining = dt
        let ease = ConfettiCannon.gravityEaseIn
        if age < ease && remaining > 0 {
            let part = min(remaining, ease - age)
            advance(part, gravity: ay * age / ease, jerk: ay / ease)
            remaining -= part
        }
        if remaining > 0 { advance(remaining, gravity: ay, jerk: 0) }
    }

    /// One stretch of motion under constant wind and a gravity of `gravity + jerk·t`.
    private mutating func advance(_ dt: Double, gravity: Double, jerk: Double) {
        let motion = Self.motion(drag: drag, over: dt)
        x += vx * motion.first + ax * motion.second
        y += vy * motion.first + gravity * motion.second + jerk * motion.third
        vx = vx * motion.decay + ax * motion.first
        vy = vy * motion.decay + gravity * motion.first + jerk * motion.second
        age += dt
    }

    /// The exact response to drag `k` over `t` seconds: `decay` = exp(-k·t) scales the velocity,
    /// and `first`, `second`, `third` are its repeated integrals, which turn a velocity, a
    /// constant acceleration and a steadily growing one into distance.
    static func motion(drag k: Double, over t: Double) -> (decay: Double, first: Double, second: Double, third: Double)
    {
        let kt = k * t
        if kt < 1e-3 {
            // Series: the closed forms below cancel badly when there is almost no drag.
            let squared = kt * kt
            return (
                1 - kt + squared / 2, t * (1 - kt / 2 + squared / 6), t * t * (0.5 - kt / 6 + squared / 24),
                t * t * t * (1.0 / 6 - kt / 24 + squared / 120)
            )
        }
        let first = -expm1(-kt) / k
        let second = (t - first) / k
        return (exp(-kt), first, second, (t * t / 2 - second) / k)
    }
}
