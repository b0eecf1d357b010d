import Testing

@testable import OnboardTerminal

/// Behind a slow terminal the ticks that come due while a frame is on its way wait, and a key
/// that comes meanwhile is drawn before them: its frame holds only what the key changed.
@Suite struct TickHoldingTests {
    static let screenBytes = 4_000
    /// A terminal that answered once, slowly (so it is marked slow), with `inFlight` frames
    /// on their way.
    static func slowPacer(inFlight: Int) -> FramePacer {
        var pacer = FramePacer()
        pacer.probed(now: 0)
        pacer.answered(now: FramePacer.slowAnswer * 2, screen: (Self.screenBytes, 80 * 24))
        for _ in 0..<inFlight { pacer.asked(now: 1) }
        return pacer
    }

    @Test func whileAFrameIsOnItsWayToASlowTerminalTicksWait() {
        let pacer = Self.slowPacer(inFlight: 1)
        #expect(pacer.isSlow)
        #expect(TerminalRunner.holdsTicks(pacer: pacer, inputSinceFrame: false, heldSteps: 0))
    }

    @Test func onceItHasArrivedTheHeldTicksGoAheadUnlessAKeyCameMeanwhile() {
        let pacer = Self.slowPacer(inFlight: 0)
        #expect(!TerminalRunner.holdsTicks(pacer: pacer, inputSinceFrame: false, heldSteps: 5))
        // The key's frame goes first, over the confetti as the terminal last got it.
        #expect(TerminalRunner.holdsTicks(pacer: pacer, inputSinceFrame: true, heldSteps: 5))
        // Nothing held: the key's frame and the ticks due now are one frame, as on any terminal.
        #expect(!TerminalRunner.holdsTicks(pacer: pacer, inputSinceFrame: true, heldSteps: 0))
    }

    @Test func aTerminalThatIsNotSlowOrHasNotAnsweredNeverHoldsTicks() {
        var quick = FramePacer()
        quick.probed(now: 0)
        quick.answered(now: 0.001, screen: (Self.screenBytes, 80 * 24))
        quick.asked(now: 1)
        #expect(!quick.isSlow)
        #expect(!TerminalRunner.holdsTicks(pacer: quick, inputSinceFrame: true, heldSteps: 3))
        var silent = FramePacer()
        silent.probed(now: 0)
        _ = silent.mayDraw(now: FramePacer.firstAnswerTimeout)
        #expect(!TerminalRunner.holdsTicks(pacer: silent, inputSinceFrame: true, heldSteps: 3))
    }
}
