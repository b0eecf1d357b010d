/// One sprung value on its way to a target: a spring, its current state and where it heads.
///
/// Once settled the value sits exactly on the target with zero velocity and `advance` does
/// nothing, so the shell can stop its frame timer as soon as every animation `isSettled`.
public struct SpringAnimation: Hashable, Sendable {
    /// The spring driving the value. Replacing it mid-flight keeps position and velocity.
    public var spring: Spring
    public private(set) var state: SpringState
    public private(set) var target: Double

    /// An animation at `position` moving with `velocity`, heading for `target`.
    public init(spring: Spring, position: Double, velocity: Double = 0, target: Double) {
        self.spring = spring
        self.state = SpringState(position: position, velocity: velocity)
        self.target = target
    }

    /// An animation resting at `position`.
    public init(spring: Spring, restingAt position: Double) {
        self.init(spring: spring, position: position, target: position)
    }

    public var position: Double { state.position }
    public var velocity: Double { state.velocity }

    /// True when the value rests exactly on the target.
    public var isSettled: Bool { state.position == target && state.velocity == 0 }

    /// Heads for a new target from wherever the value is, at its current speed: no jump.
    public mutating func retarget(to newTarget: Double) {
        target = newTarget
    }

    /// Cuts straight to `newTarget` and rests there (no motion, e.g. for reduced motion).
    public mutating func jump(to newTarget: Double) {
        target = newTarget
        state = SpringState(position: newTarget, velocity: 0)
    }

    /// Simulates one time step of the spring; snaps onto the target once within its
    /// thresholds. A spring that cannot move (zero frequency or time step) cuts to the target,
    /// so every animation ends.
    public mutating func advance() {
        guard !isSettled else { return }
        state = spring.step(state, target: target)
        if spring.isIdentity || spring.isSettled(state, target: target) {
            state = SpringState(position: target, velocity: 0)
        }
    }

    /// Simulates `steps` time steps, as handed out by `FrameClock.stepsDue(elapsed:)`.
    public mutating func advance(steps: Int) {
        for _ in 0..<max(0, steps) {
            if isSettled { return }
            advance()
        }
    }
}
