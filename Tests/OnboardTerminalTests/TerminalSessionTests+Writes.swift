import CNcurses
import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// How a frame reaches the terminal: a terminal (tmux, a terminal across ssh) may show what it
/// has read so far, so a frame sent in many writes is seen half drawn.
extension TerminalSessionTests {
    /// Runs `body` with a session whose output is a packet socket, where every write() stays a
    /// message of its own, and returns the messages written since the last call.
    static func withSessionCountingWrites(_ body: (TerminalSession, () -> [String]) throws -> Void) throws {
        TerminalSession.prepareLocale()
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        let output = try #require(fdopen(ends[0], "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let session = try TerminalSession(
            terminalName: "xterm-256color", output: output, input: input, environment: [:], enableMouse: false)
        defer { session.stop() }
        let messages = {
            fflush(output)
            var received: [String] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = recv(ends[1], &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { break }
                received.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            return received
        }
        try body(session, messages)
    }

    @Test func aFrameOfManyRowsGoesOutInOneWrite() throws {
        try Self.withSessionCountingWrites { session, messages in
            _ = messages()
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            for row in 1...8 { canvas.draw("Row \(row) of the page", x: 5, y: row * 2) }
            session.present(canvas)
            let frame = messages().filter { $0.contains("Row ") }
            #expect(frame.count == 1, "the rows went out in \(frame.count) writes: \(frame)")
            #expect(frame.first.map { message in (1...8).allSatisfy { message.contains("Row \($0) of") } } == true)
            // A change of a few rows later on is one write as well.
            canvas.draw("Row 3 changed", x: 5, y: 6)
            canvas.draw("Row 7 changed", x: 5, y: 14)
            session.present(canvas)
            let change = messages().filter { $0.contains("changed") }
            #expect(change.count == 1, "\(change)")
        }
    }
}
