import CNcurses
import OnboardKit
import Testing

@testable import OnboardTerminal

/// A frame held to a slow terminal's budget, on the real ncurses screen: the cells held back go
/// out in the next frames, a key's cells at once, and the screen ends as the canvas says.
extension TerminalSessionTests {
    static func row(_ session: TerminalSession, _ y: Int, from x: Int = 0, count: Int) -> String {
        (x..<(x + count)).map { session.cellText(x: $0, y: y) }.joined()
    }

    @Test func cellsHeldBackGoOutInTheNextFramesAndTheKeysAtOnce() throws {
        try Self.withSession { session in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            for y in 0..<10 { canvas.draw("old row \(y)", x: 0, y: y) }
            session.present(canvas)
            session.limitFrames(toBytes: 30)
            for y in 0..<10 { canvas.draw("new row \(y)", x: 0, y: y) }
            session.present(canvas)
            #expect(session.lastFrameHeldBack)
            let sent = (0..<10).filter { Self.row(session, $0, count: 9) == "new row \($0)" }
            #expect(!sent.isEmpty && sent.count < 10, "rows sent at once: \(sent)")
            // A key that changes row 20 meanwhile: its row goes in the next frame whatever the
            // budget, and the rows held back still follow.
            canvas.draw("the key's answer", x: 0, y: 20)
            session.present(canvas, answersInput: true)
            #expect(Self.row(session, 20, count: 16) == "the key's answer")
            var frames = 0
            while session.lastFrameHeldBack, frames < 20 {
                session.present(canvas)
                frames += 1
            }
            #expect(!session.lastFrameHeldBack, "still holding back after \(frames) frames")
            for y in 0..<10 { #expect(Self.row(session, y, count: 9) == "new row \(y)") }
            // Once everything has gone out, nothing is written again.
            #expect(session.present(canvas) == 0)
            // Without a budget a frame goes whole.
            session.limitFrames(toBytes: nil)
            for y in 0..<10 { canvas.draw("end row \(y)", x: 0, y: y) }
            session.present(canvas)
            #expect(!session.lastFrameHeldBack)
            for y in 0..<10 { #expect(Self.row(session, y, count: 9) == "end row \(y)") }
        }
    }
}
