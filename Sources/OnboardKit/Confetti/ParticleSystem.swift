// Pure functions of the C math library, named one by one: the core imports nothing else of it.
import func Glibc.cos
import func Glibc.pow
import func Glibc.sin

/// The confetti in flight and the bursts still to come, advanced in fixed steps of simulated
/// time. Everything random is drawn when a burst is fired or spawned, never per step, so the
/// same seed gives the same pieces at 30 Hz and at 60 Hz, and the exact motion puts them in
/// the same places.
public struct ParticleSystem: Sendable {
    /// A burst waiting for its time: the first one fires on the next step, repetitions later.
    struct Emission: Sendable {
        var time: Double
        var serial: UInt64
        var seed: UInt64
        var cannonIndex: Int
        var width: Int
        var height: Int
    }

    /// A cannon fired since the system was last idle, with its colours and pieces resolved to
    /// table indices.
    struct Entry: Sendable {
        var cannon: ConfettiCannon
        var colorIndices: [UInt16]
        var glyphIndices: [UInt16]
    }

    /// Simulated seconds since the system was made.
    public private(set) var time: Double = 0
    public private(set) var particles: [Particle] = []
    private(set) var pending: [Emission] = []
    /// Distinct colours and glyph sets of the pieces, so a particle holds small indices.
    private(set) var palette: [Color] = []
    private(set) var glyphs: [ConfettiGlyphs] = []
    private var entries: [Entry] = []
    private var nextSerial: UInt64 = 0
    /// The screen size in cells of the latest burst; pieces that leave it for good are dropped.
    private var fieldWidth = 80
    private var fieldHeight = 24
    private var bells = 0

    /// The most pieces alive at once; bursts beyond it fire fewer pieces.
    public static let maximumParticles = 6000

    public init() {}

    /// True while pieces fly or bursts wait: the app runs its frame timer only then.
    public var isAlive: Bool { !particles.isEmpty || !pending.isEmpty }

    /// How many pieces are in flight.
    public var liveCount: Int { particles.count }

    /// Queues `cannon.repetitions` bursts (at most `ConfettiCannon.maximumRepetitions`)
    /// `repetitionInterval` seconds apart, the first on the next step. `size` is the screen in
    /// cells; each burst draws its own seed from `rng` now.
    public mutating func fire(_ cannon: ConfettiCannon, in size: (width: Int, height: Int), rng: inout SeededGenerator)
    {
        if !isAlive { forgetTables() }
        fieldWidth = max(1, size.width)
        fieldHeight = max(1, size.height)
        let cannonIndex = register(cannon)
        for repetition in 0..<min(max(1, cannon.repetitions), ConfettiCannon.maximumRepetitions) {
            let emission = Emission(
                time: time + Double(repetition) * max(0, cannon.repetitionInterval), serial: nextSerial,
                seed: rng.next(), cannonIndex: cannonIndex, width: fieldWidth, height: fieldHeight)
            nextSerial += 1
            let slot = pending.firstIndex { $0.time > emission.time } ?? pending.endIndex
            pending.insert(emission, at: slot)
        }
    }

    /// Tells the system the screen's new size, so pieces are dropped at the right edges.
    public mutating func resize(width: Int, height: Int) {
        fieldWidth = max(1, width)
        fieldHeight = max(1, height)
    }

    /// Removes every piece and pending burst.
    public mutating func removeAll() {
        particles.removeAll()
        pending.removeAll()
        forgetTables()
    }

    /// The number of bursts since the last call whose cannon asks for the terminal bell.
    public mutating func takeBells() -> Int {
        defer { bells = 0 }
        return bells
    }

    /// Advances the simulation by `dt` seconds: moves every piece, bursts rockets whose fuse
    /// ran out, fires bursts that came due (moving their pieces for the rest of the step) and
    /// drops pieces that lived out their life or fell off the screen.
    public mutating func step(dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        let end = time + dt
        let existing = particles.count
        for index in 0..<existing {
            if let leftover = Self.advance(&particles[index], by: dt) {
                burst(particles[index], advancingBy: leftover)
            }
        }
        // A small tolerance keeps a burst due at 1.0 s from slipping a frame when sixty steps
        // of 1/60 add up to 0.9999999.
        while let next = pending.first, next.time <= end + 1e-9 {
            pending.removeFirst()
            spawn(next, advancingBy: max(0, end - next.time))
        }
        time = end
        let width = Double(fieldWidth)
        let height = Double(fieldHeight * 2)
        particles.removeAll { particle in
            if particle.age >= particle.lifetime { return true }
            let margin = abs(particle.flutterAmplitude) + Double(particle.side) + 3
            if particle.y > height + margin && particle.vy >= 0 && particle.ay >= 0 { return true }
            if particle.x < -margin && particle.vx <= 0 && particle.ax <= 0 { return true }
            return particle.x > width + margin && particle.vx >= 0 && particle.ax >= 0
        }
        if !isAlive { forgetTables() }
    }

    /// Moves one piece; for a rocket whose fuse runs out within `dt`, moves it to the moment of
    /// the burst, marks it spent and returns the seconds left in the step.
    private static func advance(_ particle: inout Particle, by dt: Double) -> Double? {
        guard particle.isRocket, particle.age + dt >= particle.lifetime else {
            particle.move(by: dt)
            return nil
        }
        let untilBurst = max(0, particle.lifetime - particle.age)
        particle.move(by: untilBurst)
        particle.age = particle.lifetime
        particle.isRocket = false
        return dt - untilBurst
    }

    // MARK: Spawning

    private mutating func spawn(_ emission: Emission, advancingBy leftover: Double) {
        let cannon = entries[emission.cannonIndex].cannon
        if cannon.bell { bells += 1 }
        var rng = SeededGenerator(seed: emission.seed)
        let width = Double(emission.width)
        let height = Double(emission.height * 2)
        let maximumSpeed = cannon.maximumLaunchSpeed
        let (lowAngle, highAngle) = Self.arc(cannon)
        for index in 0..<min(max(0, cannon.num), Self.maximumParticles) {
            let (x, y): (Double, Double)
            switch cannon.origin {
            case .point(let fx, let fy):
                (x, y) = (fx * width, fy * height)
            case .rect(let rect):
                x = Double(rect.x) + rng.unit() * Double(rect.width)
                y = Double(rect.y * 2) + rng.unit() * Double(rect.height * 2)
            case .topEdge:
                (x, y) = (rng.unit() * width, -1)
            }
            let angle = rng.value(in: lowAngle...highAngle) * .pi / 180
            let speed = maximumSpeed * Self.outwardShare(rng.value(in: 0.01...1))
            var particle = makeParticle(
                emission.cannonIndex, x: x, y: y, vx: speed * cos(angle), vy: -speed * sin(angle), colorIndex: nil,
                rng: &rng)
            particle.id = emission.serial << 32 | UInt64(index) << 16
            if let rocket = cannon.rocket {
                particle.isRocket = true
                particle.fadesOut = false
                particle.lifetime = max(0.05, rocket.fuse * (1 + ConfettiRocket.fuseVariation * rng.value(in: -1...1)))
                particle.burstSeed = rng.next()
            }
            guard particles.count < Self.maximumParticles else { continue }
            if let rest = Self.advance(&particle, by: leftover) { burst(particle, advancingBy: rest) }
            particles.append(particle)
        }
    }

    /// Throws a rocket's sparks all around from where it burst, each carrying on with the
    /// rocket's velocity, in the rocket's colour.
    private mutating func burst(_ rocket: Particle, advancingBy leftover: Double) {
        let entry = entries[Int(rocket.cannonIndex)]
        guard let spec = entry.cannon.rocket else { return }
        var rng = SeededGenerator(seed: rocket.burstSeed)
        let radiusInPixels = spec.sparkRadius / ConfettiCannon.pointsPerColumn
        let drag = entry.cannon.drag
        let maximumSpeed = drag > 0 ? radiusInPixels * drag : radiusInPixels / 0.3
        for index in 0..<min(max(0, spec.sparks), Self.maximumParticles) {
            let angle = rng.value(in: 0...(2 * .pi))
            let speed = maximumSpeed * Self.outwardShare(rng.value(in: 0.01...1))
            var spark = makeParticle(
                Int(rocket.cannonIndex), x: rocket.x, y: rocket.y, vx: rocket.vx + speed * cos(angle),
                vy: rocket.vy - speed * sin(angle),
                colorIndex: rocket.colorIndex, rng: &rng)
            spark.id = rocket.id | UInt64(index + 1)
            guard particles.count < Self.maximumParticles else { continue }
            spark.move(by: leftover)
            particles.append(spark)
        }
    }

    /// A new piece with everything random about it drawn now.
    private func makeParticle(
        _ cannonIndex: Int, x: Double, y: Double, vx: Double, vy: Double, colorIndex: UInt16?,
        rng: inout SeededGenerator
    ) -> Particle {
        let entry = entries[cannonIndex]
        let cannon = entry.cannon
        let glyphIndex = Self.pick(entry.glyphIndices, &rng) ?? 0
        let pickedColor = Self.pick(entry.colorIndices, &rng) ?? 0
        let lifetime = cannon.baseLifetime * (1 + cannon.lifetimeVariation * rng.value(in: -1...1))
        // The mobile pieces turn once every 0.5 to 2.2 seconds; four steps make one turn.
        let turnsPerSecond = 1 / rng.value(in: 0.5...2.2)
        let direction: Double = rng.next() & 1 == 0 ? 1 : -1
        let flutterFrequency = 2 * .pi * rng.value(in: 0.6...1.4)
        let flutterPhase = rng.value(in: 0...(2 * .pi))
        let spinPhase = rng.unit() * 4
        return Particle(
            id: 0, x: x, y: y, vx: vx, vy: vy, ax: cannon.drag * cannon.drift, ay: cannon.gravityInPixels,
            drag: max(0, cannon.drag), age: 0, lifetime: max(0.01, lifetime), opacity: min(1, max(0, cannon.opacity)),
            fadesOut: cannon.fadesOut, flutterAmplitude: cannon.flutter, flutterFrequency: flutterFrequency,
            flutterPhase: flutterPhase, spinRate: 4 * turnsPerSecond * direction, spinPhase: spinPhase,
            colorIndex: colorIndex ?? pickedColor, glyphIndex: glyphIndex, cannonIndex: UInt16(clamping: cannonIndex),
            side: UInt8(cannon.pixelSide), isRocket: false, burstSeed: 0)
    }

    /// One of `choices` at random; nil when there are none. The draw happens either way, so
    /// the pieces after it do not shift.
    private static func pick(_ choices: [UInt16], _ rng: inout SeededGenerator) -> UInt16? {
        let draw = rng.next()
        return choices.isEmpty ? nil : choices[Int(draw % UInt64(choices.count))]
    }

    /// The firing arc in degrees, low to high; an opening angle above the closing one wraps
    /// through 0° as on mobile.
    private static func arc(_ cannon: ConfettiCannon) -> (Double, Double) {
        let opening = cannon.openingAngle
        let closing = cannon.closingAngle
        return opening <= closing ? (opening, closing) : (opening, closing + 360)
    }

    /// The mobile cannon's share of the radius, `u^(2/7)`: most pieces fly far, few stay close.
    private static func outwardShare(_ unit: Double) -> Double { pow(unit, 2.0 / 7.0) }

    // MARK: Tables

    private mutating func register(_ cannon: ConfettiCannon) -> Int {
        if let existing = entries.firstIndex(where: { $0.cannon == cannon }) { return existing }
        let colorIndices = cannon.colors.map { color -> UInt16 in
            if let index = palette.firstIndex(of: color) { return UInt16(clamping: index) }
            palette.append(color)
            return UInt16(clamping: palette.count - 1)
        }
        let glyphIndices = cannon.confettis.map { piece -> UInt16 in
            let set = ConfettiGlyphs(piece)
            if let index = glyphs.firstIndex(of: set) { return UInt16(clamping: index) }
            glyphs.append(set)
            return UInt16(clamping: glyphs.count - 1)
        }
        entries.append(Entry(cannon: cannon, colorIndices: colorIndices, glyphIndices: glyphIndices))
        return entries.count - 1
    }

    private mutating func forgetTables() {
        palette.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }
}
