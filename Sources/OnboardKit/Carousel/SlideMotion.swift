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
        /// Where the pointer is, as reported: the speed is measured from this.
        var pointerX: Int
        /// Where the row of pages is drawn: the pointer's position, stretched past the ends.
        var offset: Double
        /// Where the pointer was at the last tick, and the speed measured over the ticks.
        var pointerXAtTick: Int
        var velocity: Double = 0
        /// Time since the pointer last moved, from ticks: a pause before release is no flick.
        var sinceLastMove: Double = 0
    }

    /// A release beyond this share of the width changes page (the mobile 50 points of ~400).
    public static let swipeFraction = 1.0 / 8.0
    /// A release faster than this (columns per second) changes page whatever the distance.
    public static let flickSpeed = 60.0
    /// The fastest a release may send the row, in page widths per second: a faster flick is
    /// no more of a page change, and the spring must not fly past the neighbouring page.
    public static let maximumReleaseSpeed = 4.0
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
        drag?.offset ?? animation.position
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

    /// Ends the slide where it is heading, at once (not while a finger holds the row).
    public mutating func settle() {
        guard drag == nil else { return }
        animation.jump(to: animation.target)
    }

    /// A new width: the row re-lays out at once on the current page (no slide across a resize).
    public mutating func resize(pageWidth newWidth: Int, index: Int) {
        pageWidth = max(1, newWidth)
        drag = nil
        animation.jump(to: Double(index * pageWidth))
    }

    /// Advances the spring by one fixed step of `seconds`; while dragging, measures the
    /// pointer's speed over the step (events in one batch are not each a step apart).
    public mutating func tick(seconds: Double) {
        if animation.spring.timeStep != seconds {
            animation.spring = preset.spring(timeStep: seconds)
        }
        if var current = drag {
            let moved = Double(current.pointerX - current.pointerXAtTick)
            current.velocity = 0.5 * current.velocity + 0.5 * moved / seconds
            current.sinceLastMove = moved == 0 ? current.sinceLastMove + seconds : 0
            current.pointerXAtTick = current.pointerX
            drag = current
            return
        }
        animation.advance()
    }

    // MARK: Dragging

    public mutating func beginDrag(x: Int) {
        let position = animation.position
        drag = Drag(startX: x, startOffset: position, pointerX: x, offset: position, pointerXAtTick: x)
    }

    /// Follows the pointer; past the first or last page the row stretches only a little.
    public mutating func drag(to x: Int, pageCount: Int) {
        guard var current = drag else { return }
        current.pointerX = x
        let raw = current.startOffset - Double(x - current.startX)
        let last = Double((max(1, pageCount) - 1) * pageWidth)
        let limit = Double(pageWidth) / 4
        if raw < 0 {
            current.offset = -SlideMotion.rubberBand(-raw, limit: limit)
        } else if raw > last {
            current.offset = last + SlideMotion.rubberBand(raw - last, limit: limit)
        } else {
            current.offset = raw
        }
        drag = current
    }

    /// Ends a drag and returns the page to settle on: the next or previous page when the drag
    /// went far enough or was a flick, otherwise the page it started from.
    public mutating func endDrag(currentIndex: Int, pageCount: Int) -> Int {
        guard let ended = drag else { return currentIndex }
        drag = nil
        let moved = Double(ended.pointerX - ended.startX)
        // A pause before letting go is not a flick.
        let cap = SlideMotion.maximumReleaseSpeed * Double(pageWidth)
        let speed = ended.sinceLastMove > 0.1 ? 0 : min(max(ended.velocity, -cap), cap)
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
            animation = SpringAnimation(
                spring: animation.spring, position: ended.offset, velocity: -speed, target: target)
        }
        return index
    }

    /// Abandons a drag (help opened, a key pressed): the row springs back to `index`.
    public mutating func cancelDrag(index: Int) {
        guard let ended = drag else { return }
        drag = nil
        let target = Double(index * pageWidth)
        if reducesMotion {
            animation.jump(to: target)
        } else {
            animation = SpringAnimation(spring: animation.spring, position: ended.offset, velocity: 0, target: target)
        }
    }

    /// Stretches a distance that approaches `limit` but never reaches it.
    static func rubberBand(_ distance: Double, limit: Double) -> Double {
        guard limit > 0 else { return 0 }
        let stretched = distance * rubberBandFactor
        return limit * stretched / (limit + stretched)
    }
}
