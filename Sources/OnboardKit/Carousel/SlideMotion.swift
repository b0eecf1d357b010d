/// The horizontal motion of the carousel: where the row of pages stands, in columns, while a
/// spring carries it to the current page or a finger (the mouse) drags it.
///
/// Page `i` is drawn at `i * pageWidth - offset`, the terminal form of the mobile
/// `offset(x: i * width - current * width + drag)`. Keys only retarget the spring, so quick
/// presses head straight for the last page asked for, with no queue of animations.
public struct SlideMotion: Sendable {
    public private(set) var pageWidth: Int
    public let reducesMotion: Bool
    private var animation: SpringAnimation
    private let preset: SpringPreset
    private var drag: Drag?

    /// A press on the page that may become a swipe.
    struct Drag: Sendable {
        var startX: Int
        var startOffset: Double
        var lastX: Int
        /// Time since the last pointer movement, from ticks, for the flick speed.
        var sinceLastMove: Double = 0
        var velocity: Double = 0
    }

    /// A release beyond this share of the width changes page (the mobile 50 points of ~400).
    public static let swipeFraction = 1.0 / 8.0
    /// A release faster than this (columns per second) changes page whatever the distance.
    public static let flickSpeed = 60.0
    /// How much of a drag past the first or last page shows: it stretches, then stops.
    public static let rubberBandFactor = 0.3

    public init(pageWidth: Int, index: Int, preset: SpringPreset = .smooth, timeStep: Double, reducesMotion: Bool) {
        self.pageWidth = max(1, pageWidth)
        self.reducesMotion = reducesMotion
        self.preset = preset
        animation = SpringAnimation(
            spring: preset.spring(timeStep: timeStep), restingAt: Double(index * max(1, pageWidth)))
    }

    /// Where the row of pages stands, in columns (page `i` starts at `i * pageWidth - offset`).
    public var offset: Double {
        guard let drag else { return animation.position }
        return drag.startOffset - Double(drag.lastX - drag.startX)
    }

    public var velocity: Double { animation.velocity }
    public var isDragging: Bool { drag != nil }
    /// True while the spring still moves or a drag is in progress (its speed needs ticks).
    public var isMoving: Bool { drag != nil || !animation.isSettled }

    /// Heads for page `index`, keeping the current position and speed.
    public mutating func show(_ index: Int) {
        let target = Double(index * pageWidth)
        if reducesMotion { animation.jump(to: target) } else { animation.retarget(to: target) }
    }

    /// A new width: the row re-lays out at once on the current page (no slide across a resize).
    public mutating func resize(pageWidth newWidth: Int, index: Int) {
        pageWidth = max(1, newWidth)
        drag = nil
        animation.jump(to: Double(index * pageWidth))
    }

    /// Advances the spring by one fixed step of `seconds`.
    public mutating func tick(seconds: Double) {
        if animation.spring.timeStep != seconds {
            animation.spring = preset.spring(timeStep: seconds)
        }
        if drag != nil {
            drag!.sinceLastMove += seconds
            return
        }
        animation.advance()
    }

    // MARK: Dragging

    public mutating func beginDrag(x: Int) {
        drag = Drag(startX: x, startOffset: animation.position, lastX: x)
    }

    /// Follows the pointer; past the first or last page the row stretches only a little.
    public mutating func drag(to x: Int, pageCount: Int) {
        guard var current = drag else { return }
        // A report at the same column (the release, say) is no movement: keep the last speed.
        guard x != current.lastX else { return }
        let elapsed = max(current.sinceLastMove, 1.0 / 60)
        current.velocity = Double(x - current.lastX) / elapsed
        current.sinceLastMove = 0
        current.lastX = x
        let raw = current.startOffset - Double(x - current.startX)
        let last = Double((pageCount - 1) * pageWidth)
        var clamped = raw
        if raw < 0 {
            clamped = -SlideMotion.rubberBand(-raw, limit: Double(pageWidth) / 4)
        } else if raw > last {
            clamped = last + SlideMotion.rubberBand(raw - last, limit: Double(pageWidth) / 4)
        }
        // Store the drag so that `offset` reproduces the stretched position.
        current.lastX = current.startX + Int((current.startOffset - clamped).rounded())
        drag = current
    }

    /// Ends a drag and returns the page to settle on: the next or previous page when the drag
    /// went far enough or was a flick, otherwise the page it started from.
    public mutating func endDrag(currentIndex: Int, pageCount: Int) -> Int {
        guard let ended = drag else { return currentIndex }
        let position = offset
        drag = nil
        let moved = Double(ended.lastX - ended.startX)
        // A pause before letting go is not a flick.
        let speed = ended.sinceLastMove > 0.1 ? 0 : ended.velocity
        var index = currentIndex
        let threshold = Double(pageWidth) * SlideMotion.swipeFraction
        if moved <= -threshold || (speed <= -SlideMotion.flickSpeed && moved < 0) {
            index = min(pageCount - 1, currentIndex + 1)
        } else if moved >= threshold || (speed >= SlideMotion.flickSpeed && moved > 0) {
            index = max(0, currentIndex - 1)
        }
        let target = Double(index * pageWidth)
        if reducesMotion {
            animation.jump(to: target)
        } else {
            // The spring takes over from the finger: same place, same speed.
            animation = SpringAnimation(spring: animation.spring, position: position, velocity: -speed, target: target)
        }
        return index
    }

    /// Stretches a distance that approaches `limit` but never reaches it.
    static func rubberBand(_ distance: Double, limit: Double) -> Double {
        guard limit > 0 else { return 0 }
        let stretched = distance * rubberBandFactor
        return limit * stretched / (limit + stretched)
    }
}
