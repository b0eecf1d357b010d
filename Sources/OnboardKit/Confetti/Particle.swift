import Foundation

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

    /// Moves the piece `dt` seconds along the exact solution of `dv/dt = a - drag·v`, so any
    /// split of the same time gives the same place.
    mutating func move(by dt: Double) {
        let k = drag
        let decay: Double
        let glide: Double  // ∫ exp(-k s) ds over dt
        let push: Double  // ∫∫ over dt, for the constant acceleration
        let kdt = k * dt
        if kdt < 1e-4 {
            decay = 1 - kdt
            glide = dt - k * dt * dt / 2
            push = dt * dt / 2 - k * dt * dt * dt / 6
        } else {
            decay = exp(-kdt)
            glide = -expm1(-kdt) / k
            push = (dt - glide) / k
        }
        x += vx * glide + ax * push
        y += vy * glide + ay * push
        vx = vx * decay + ax * glide
        vy = vy * decay + ay * glide
        age += dt
    }
}
