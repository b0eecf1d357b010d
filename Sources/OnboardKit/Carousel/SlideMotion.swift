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

    /// The time the ticks have counted: when an event comes without its own, its time.
    private var tickedTime = 0.0

    /// A press on the page that may become a swipe.
    struct Drag: Sendable {
        var startX: Int
        var startOffset: Double
        /// Where the pointer is, as reported.
        var pointerX: Int
        /// Where the row of pages is drawn: the pointer's position, stretched past the ends.
        var offset: Double
        /// Where the pointer was and when: the speed at release is measured from this.
        var track: PointerTrack
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

    /// Advances the spring by one fixed step of `seconds` (the row stays under a finger).
    public mutating func tick(seconds: Double) {
        if animation.spring.timeStep != seconds {
            animation.spring = preset.spring(timeStep: seconds)
        }
        tickedTime += seconds
        if drag == nil { animation.advance() }
    }

    // MARK: Dragging

    /// A press at `x`, at `time` (the shell's clock, in seconds; nil: the ticks' count).
    public mutating func beginDrag(x: Int, time: Double? = nil) {
        let position = animation.position
        drag = Drag(
            startX: x, startOffset: position, pointerX: x, offset: position,
            track: PointerTrack(x: x, time: time ?? tickedTime))
    }

    /// Follows the pointer, at `x` at `time`; past the first or last page the row stretches
    /// only a little.
    public mutating func drag(to x: Int, pageCount: Int, time: Double? = nil) {
        guard var current = drag else { return }
        current.pointerX = x
        current.track.move(to: x, time: time ?? tickedTime)
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

    /// Ends a drag let go at `time` and returns the page to settle on: the next or previous
    /// page when the drag went far enough or was a flick, otherwise the page it started from.
    /// Both are judged on the pointer's positions and their times, never on the ticks between.
    public mutating func endDrag(currentIndex: Int, pageCount: Int, time: Double? = nil) -> Int {
        guard let ended = drag else { return currentIndex }
        drag = nil
        let moved = Double(ended.pointerX - ended.startX)
        // A pause before letting go is not a flick (the track says zero).
        let cap = SlideMotion.maximumReleaseSpeed * Double(pageWidth)
        let speed = min(max(ended.track.speed(releasedAt: time ?? tickedTime), -cap), cap)
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
