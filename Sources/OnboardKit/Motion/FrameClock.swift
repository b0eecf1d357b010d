/// Fixed-step frame pacing as a value: the shell hands in the wall time that passed and gets
/// back how many fixed simulation steps to run; the core never reads a clock.
///
/// Late frames are dropped, never caught up. When the shell falls behind (a slow terminal
/// write, the process stopped with Ctrl-Z, a busy machine) more than `maxStepsPerFrame` steps
/// come due at once. Simulating them all would make the next picture jump ahead, skipping
/// motion the user never saw, and a slow frame that simulates more grows slower still. Instead
/// the backlog is discarded: the animation runs a little slower under load but stays
/// continuous and shows every part of its motion.
public struct FrameClock: Sendable {
    /// The most steps one frame may simulate; any further whole steps due are dropped.
    public static let maxStepsPerFrame = 2

    /// Tolerance, in steps, for elapsed times meant as exact multiples of the step (1/60 s
    /// added three times is a hair under 3/60 s in binary floating point).
    private static let stepTolerance = 1e-9

    /// Simulated frames per second.
    public let frameRate: Double
    /// Seconds per simulated step, 1 / frameRate.
    public let timeStep: Double
    /// Wall time received but not yet turned into a step, always in 0..<timeStep.
    public private(set) var pendingTime: Double = 0

    /// A clock stepping `frameRate` times per second; the rate must be positive and finite.
    public init(frameRate: Double = 60) {
        precondition(frameRate > 0 && frameRate.isFinite, "frame rate must be positive, got \(frameRate)")
        self.frameRate = frameRate
        self.timeStep = 1 / frameRate
    }

    /// Adds `elapsed` seconds of wall time and returns how many steps to simulate now, at most
    /// `maxStepsPerFrame`. Negative or non-finite elapsed time counts as none.
    public mutating func stepsDue(elapsed: Double) -> Int {
        if elapsed.isFinite && elapsed > 0 { pendingTime += elapsed }
        let wholeSteps = (pendingTime / timeStep + Self.stepTolerance).rounded(.down)
        // Clamped both ways: rounding may leave a hair below 0, or, after an absurd elapsed
        // time, a remainder that is no longer below one step.
        pendingTime = min(max(0, pendingTime - wholeSteps * timeStep), timeStep.nextDown)
        // Only whole steps are dropped: the fraction left keeps the cadence on its grid.
        return Int(min(wholeSteps, Double(Self.maxStepsPerFrame)))
    }

    /// Seconds until the next step comes due: the shell's input timeout while animating.
    public func delayUntilNextStep() -> Double {
        max(0, timeStep - pendingTime)
    }

    /// Forgets pending time. Call when animation stops, so idle time is never simulated later.
    public mutating func reset() {
        pendingTime = 0
    }
}
