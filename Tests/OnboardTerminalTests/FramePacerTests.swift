import Testing

@testable import OnboardTerminal

/// At most one animation frame on its way: once the terminal has answered, the next waits for
/// its answer (or a timeout); a terminal that has not answered yet holds no frame.
@Suite struct FramePacerTests {
    /// What a whole screen costs, estimated: 80x24 with a few changes of colour.
    static let screenBytes = 4_000
    static let screenCells = 80 * 24
    var screenBytes: Int { Self.screenBytes }
    var screen: (bytes: Int, cells: Int) { (Self.screenBytes, Self.screenCells) }

    @Test func aFrameWaitsForTheAnswerToTheOneBeforeIt() {
        var pacer = FramePacer()
        pacer.probed(now: 0)
        pacer.answered(now: 0.01, screen: screen)
        let draws1 = pacer.mayDraw(now: 0.1)
        #expect(draws1)
        #expect(pacer.shouldAsk(isAnimating: true))
        pacer.asked(now: 0.1)
        let draws2 = pacer.mayDraw(now: 0.5)
        #expect(!draws2)
        #expect(abs(pacer.delayUntilMayDraw(now: 0.5) - (FramePacer.answerTimeout - 0.4)) < 1e-9)
        pacer.answered(now: 0.6, screen: screen)
        #expect(pacer.answersQueries == true)
        let draws3 = pacer.mayDraw(now: 0.6)
        #expect(draws3)
        #expect(pacer.delayUntilMayDraw(now: 0.6) == 0)
    }

    @Test func anAnswerLaterThanThreeFramesMarksTheTerminalSlowUntilWholeScreensComeQuickly() {
        var pacer = FramePacer()
        pacer.asked(now: 0)
        pacer.answered(now: 0.01, screen: screen)
        #expect(!pacer.isSlow)
        pacer.asked(now: 1)
        pacer.answered(now: 1 + FramePacer.slowAnswer + 0.01, screen: screen)
        #expect(pacer.isSlow)
        // Between half the limit and the limit nothing changes, either way.
        pacer.asked(now: 2, bytes: screenBytes, cells: Self.screenCells)
        pacer.answered(now: 2 + FramePacer.slowAnswer * 0.75, screen: screen)
        #expect(pacer.isSlow)
        // Small frames read quickly prove nothing.
        for frame in 0..<20 {
            pacer.asked(now: 3 + Double(frame), bytes: 200)
            pacer.answered(now: 3 + Double(frame) + FramePacer.slowAnswer * 0.2, screen: screen)
        }
        #expect(pacer.isSlow)
        // Nor do frames of scattered confetti, however big their estimate (a move and a colour
        // a cell, far above what they cost): they rewrote a third of the screen.
        for frame in 0..<20 {
            pacer.asked(now: 25 + Double(frame) / 10, bytes: 3 * screenBytes, cells: Self.screenCells / 3)
            pacer.answered(now: 25 + Double(frame) / 10 + 0.001, screen: screen)
        }
        #expect(pacer.isSlow)
        // A whole screen read quickly: the link carries the motion again.
        pacer.asked(now: 30, bytes: screenBytes, cells: Self.screenCells)
        pacer.answered(now: 30 + FramePacer.slowAnswer * 0.2, screen: screen)
        #expect(!pacer.isSlow)
    }

    @Test func aStillScreenAsksNothing() {
        let pacer = FramePacer()
        #expect(!pacer.shouldAsk(isAnimating: false))
    }

    @Test func untilTheFirstAnswerNoFrameWaitsAndNothingMoreIsAsked() {
        var pacer = FramePacer()
        pacer.probed(now: 0)
        for now in [0.0, 0.1, FramePacer.firstAnswerTimeout - 0.01] {
            let draws = pacer.mayDraw(now: now)
            #expect(draws, "a frame at \(now) s")
        }
        #expect(pacer.answersQueries == nil)
        #expect(!pacer.shouldAsk(isAnimating: true))
    }

    @Test func aTerminalThatNeverAnswersIsAskedNothingMoreAndGetsEveryFrame() {
        var pacer = FramePacer()
        pacer.probed(now: 0)
        let draws5 = pacer.mayDraw(now: FramePacer.firstAnswerTimeout)
        #expect(draws5)
        #expect(pacer.answersQueries == false)
        #expect(!pacer.shouldAsk(isAnimating: true))
        let draws6 = pacer.mayDraw(now: FramePacer.firstAnswerTimeout + 0.01)
        #expect(draws6)
        #expect(pacer.delayUntilMayDraw(now: FramePacer.firstAnswerTimeout + 0.01) == 0)
    }

    @Test func aTerminalThatAnsweredBeforeIsGivenLongerThenDrawnAnyway() {
        var pacer = FramePacer()
        pacer.asked(now: 0)
        pacer.answered(now: 0.1, screen: screen)
        pacer.asked(now: 1)
        let draws7 = pacer.mayDraw(now: 1 + FramePacer.firstAnswerTimeout)
        #expect(!draws7)
        let draws8 = pacer.mayDraw(now: 1 + FramePacer.answerTimeout)
        #expect(draws8)
        #expect(pacer.answersQueries == true, "one lost answer does not stop the questions")
        #expect(pacer.shouldAsk(isAnimating: true))
    }

    @Test func aLateAnswerToAnAbandonedQuestionChangesNothingOwed() {
        var pacer = FramePacer()
        pacer.probed(now: 0)
        _ = pacer.mayDraw(now: FramePacer.firstAnswerTimeout)
        pacer.answered(now: 2, screen: screen)
        #expect(pacer.unanswered == 0)
        #expect(pacer.answersQueries == true)
        let draws9 = pacer.mayDraw(now: 2)
        #expect(draws9)
    }
}

extension FramePacerTests {
    /// The rate comes from the frames the link held up (less the round trip), and a slow
    /// terminal's frames are held to what it reads in `frameSeconds`.
    @Test func aSlowTerminalsRateBoundsItsFrames() {
        var pacer = FramePacer()
        // An answer to a small frame: the round trip, here nothing.
        pacer.asked(now: 0, bytes: 100)
        pacer.answered(now: 0, screen: screen)
        #expect(pacer.frameBytes == nil, "a quick terminal's frames are not bounded")
        #expect(pacer.bytesPerSecond == nil, "a quick answer says nothing of the link's speed")
        // 8,000 bytes read in half a second: 16,000 a second.
        pacer.asked(now: 1, bytes: 8_000)
        pacer.answered(now: 1.5, screen: screen)
        #expect(pacer.isSlow)
        #expect(pacer.bytesPerSecond == 16_000)
        #expect(pacer.frameBytes == Int(16_000 * FramePacer.frameSeconds))
        // The next measurement weighs as much as all before it.
        pacer.asked(now: 2, bytes: 4_000)
        pacer.answered(now: 3, screen: screen)
        #expect(pacer.bytesPerSecond == 10_000)
        // However slow, a frame may carry a little.
        for second in stride(from: 4.0, to: 100, by: 10) {
            pacer.asked(now: second, bytes: 10)
            pacer.answered(now: second + 9, screen: screen)
        }
        #expect(pacer.frameBytes == FramePacer.minimumFrameBytes)
        // Frames held to the budget read quickly however slow the link: they do not make it
        // fast again.
        for frame in 0..<20 {
            pacer.asked(now: 15 + Double(frame) / 10, bytes: 100, whole: false)
            pacer.answered(now: 15 + Double(frame) / 10 + 0.001, screen: screen)
        }
        #expect(pacer.isSlow)
        // Nor do small whole frames (the last pieces of a burst of confetti): they read quickly
        // on any link, and the next page change would slide at a few frames a second.
        for frame in 0..<20 {
            pacer.asked(now: 20 + Double(frame), bytes: 100)
            pacer.answered(now: 20 + Double(frame) + 0.001, screen: screen)
        }
        #expect(pacer.isSlow)
        #expect(pacer.frameBytes == FramePacer.minimumFrameBytes)
        // Whole screens read quickly do: no bound.
        for frame in 0..<8 where pacer.isSlow {
            pacer.asked(now: 50 + Double(frame), bytes: screenBytes, cells: Self.screenCells)
            pacer.answered(now: 50 + Double(frame) + 0.001, screen: screen)
        }
        #expect(!pacer.isSlow)
        #expect(pacer.frameBytes == nil)
    }
}

extension FramePacerTests {
    /// A link far away but wide answers late, but reads a big frame as fast as a small one:
    /// its frames are not held to a budget worked out from its round trip.
    @Test func aLongRoundTripIsNotTakenForSlowReading() {
        var pacer = FramePacer()
        pacer.asked(now: 0, bytes: 50)
        pacer.answered(now: 0.2, screen: screen)
        pacer.asked(now: 1, bytes: 8_000)
        pacer.answered(now: 1.201, screen: screen)
        #expect(pacer.isSlow, "its answers are late: pages jump")
        #expect(pacer.frameBytes == nil, "but nothing says it reads slowly")
    }
}

extension FramePacerTests {
    /// The link measured at `rate` bytes a second, from one frame it held up.
    static func measured(rate: Double) -> FramePacer {
        var pacer = FramePacer()
        pacer.asked(now: 0, bytes: 50)
        pacer.answered(now: 0, screen: (screenBytes, screenCells))
        pacer.asked(now: 1, bytes: Int(rate / 2))
        pacer.answered(now: 1.5, screen: (screenBytes, screenCells))
        return pacer
    }

    /// Whether the link carries the motion is a matter of its measured rate against what a
    /// whole screen costs, not of how quickly the last small frames were read.
    @Test(arguments: [
        // (rate, screen bytes, slow): a screen read within 50 ms carries a slide.
        (8_000.0, 4_000, true), (32_000, 4_000, true), (64_000, 4_000, true), (32_000, 1_000, true),
        // Between 25 and 50 ms a screen: it stays as it was, so a link near the line does not flip.
        (100_000, 4_000, true),
        (32_000, 500, false), (200_000, 4_000, false), (200_000, 1_000, false),
    ])
    func aLinkThatCannotReadAScreenInThreeFramesStaysSlow(rate: Double, screenSize: Int, slow: Bool) {
        var pacer = Self.measured(rate: rate)
        #expect(pacer.isSlow, "its frame took half a second")
        for frame in 0..<20 {
            pacer.asked(now: 2 + Double(frame), bytes: 100)
            pacer.answered(now: 2 + Double(frame) + 0.001, screen: (screenSize, Self.screenCells))
        }
        #expect(pacer.isSlow == slow)
    }

    @Test func aScreenTheMeasuredRateCannotCarryMakesTheLinkSlowEvenWhenAnswersComeQuickly() {
        // Small screens at 40 KB/s read within 25 ms: the motion is carried.
        var pacer = Self.measured(rate: 40_000)
        for frame in 0..<8 {
            pacer.asked(now: 2 + Double(frame), bytes: 1_000, cells: Self.screenCells)
            pacer.answered(now: 2 + Double(frame) + 0.001, screen: (1_000, Self.screenCells))
        }
        #expect(!pacer.isSlow)
        // The window grows: a screen the rate measured cannot carry is slow at once, however
        // quickly the small frame before was read.
        pacer.asked(now: 20, bytes: 100)
        pacer.answered(now: 20.001, screen: (20_000, 10 * Self.screenCells))
        #expect(pacer.isSlow)
    }
}
