import Foundation
import Testing

@testable import OnboardKit

/// A swipe is judged on its distance and the times of its events: the same movement of the
/// hand gives the same page whether the terminal reports it every 5 ms or every 40 ms, and
/// whether the app reads each event as it comes or several at once, late (a loaded machine).
@Suite struct DragGestureTests {
    /// A movement of the hand: where the pointer is at each millisecond until it is let go.
    struct Swipe: CustomStringConvertible, Sendable {
        var name: String
        var from: Int
        var to: Int
        /// Milliseconds from the press until the pointer stops.
        var moving: Int
        /// Milliseconds it then stays still before the release.
        var holding: Int = 0
        /// The page it starts on, and the page it must end on.
        var startPage = 0
        var endPage: Int

        var description: String { name }

        func x(atMillisecond ms: Int) -> Int {
            guard ms < moving else { return to }
            return from + Int((Double(to - from) * Double(ms) / Double(moving)).rounded(.towardZero))
        }
    }

    static let swipes = [
        // 8 columns of 80 (under the eighth that a slow drag needs) in 50 ms: 160 a second.
        Swipe(name: "a quick short flick", from: 50, to: 42, moving: 50, endPage: 1),
        Swipe(name: "a quick short flick back", from: 30, to: 38, moving: 50, startPage: 1, endPage: 0),
        Swipe(name: "a slow short drag", from: 50, to: 44, moving: 600, endPage: 0),
        Swipe(name: "a slow long drag", from: 60, to: 40, moving: 1_000, endPage: 1),
        Swipe(name: "a flick held still before the release", from: 50, to: 42, moving: 50, holding: 250, endPage: 0),
    ]

    /// Milliseconds between two reports of the pointer's position.
    static let spacings = [5, 10, 16, 20, 40]
    /// Milliseconds between two reads of the input; nil: each event is read as it comes.
    static let reads: [Int?] = [nil, 50, 100]

    /// Plays `swipe` with the pointer reported every `spacing` ms and read every `readEvery`
    /// ms (each event stamped with the time it was read, as the shell does), the app ticking
    /// at 60 Hz between reads as its loop does; returns the page the carousel settles on.
    static func play(_ swipe: Swipe, spacing: Int, readEvery: Int?) -> Int {
        var app = SlideTests.app()
        if swipe.startPage > 0 {
            _ = app.update(.key(.character(Character("\(swipe.startPage + 1)"))))
            TestDecks.settle(&app)
        }
        let start = 5_000.0
        let release = swipe.moving + swipe.holding
        var events = [(MouseEvent.Kind.press, swipe.from, 0)]
        events += stride(from: spacing, through: swipe.moving, by: spacing).map {
            (MouseEvent.Kind.drag, swipe.x(atMillisecond: $0), $0)
        }
        events.append((.release, swipe.to, release))
        var ticked = 0.0
        var index = 0
        while index < events.count {
            // The next read: every event that came by then, each stamped with its time.
            let readAt = readEvery.map { every in (events[index].2 + every - 1) / every * every } ?? events[index].2
            while index < events.count, events[index].2 <= readAt {
                let (kind, x, _) = events[index]
                _ = app.update(.mouse(MouseEvent(kind, x: x, y: 10, time: start + Double(readAt) / 1_000)))
                index += 1
            }
            while ticked + SlideTests.step <= Double(readAt) / 1_000 {
                _ = app.update(.tick(seconds: SlideTests.step))
                ticked += SlideTests.step
            }
        }
        TestDecks.settle(&app)
        return app.carousel.currentIndex
    }

    @Test(arguments: swipes, spacings)
    func theSameSwipeGivesTheSamePageWhateverTheEventsSpacingAndReading(swipe: Swipe, spacing: Int) {
        for readEvery in Self.reads {
            #expect(
                Self.play(swipe, spacing: spacing, readEvery: readEvery) == swipe.endPage,
                "\(swipe) reported every \(spacing) ms, read every \(readEvery.map { "\($0) ms" } ?? "event")")
        }
    }

    /// Moves 20 ms apart, read two at a time by a loop that wakes every 50 ms (a loaded
    /// machine): measured per tick, the first tick of a batch took the whole distance and the
    /// next ones none, which halved the speed twice, and this flick sprang back.
    @Test func aFlickReadInBatchesOnALoadedMachineChangesPage() {
        let flick = Swipe(name: "flick", from: 50, to: 42, moving: 60, endPage: 1)
        #expect(Self.play(flick, spacing: 20, readEvery: 50) == 1)
    }
}
