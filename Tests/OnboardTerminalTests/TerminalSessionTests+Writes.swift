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
    static func withSessionCountingWrites(
        environment: [String: String] = [:], _ body: (TerminalSession, () -> [String]) throws -> Void
    ) throws {
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
            terminalName: "xterm-256color", output: output, input: input, environment: environment,
            enableMouse: false)
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

    /// Under truecolor the 24-bit colours follow ncurses' update in one more write, not one per
    /// row: two writes a frame.
    @Test func aTruecolorFrameGoesOutInTwoWrites() throws {
        try Self.withSessionCountingWrites(environment: ["COLORTERM": "truecolor"]) { session, messages in
            try #require(session.colorMode == .truecolor)
            _ = messages()
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            for row in 1...8 {
                canvas.draw(
                    "Row \(row) in colour", x: 5, y: row * 2, style: Style(foreground: .rgb(250, 100, UInt8(row))))
            }
            session.present(canvas)
            let frame = messages()
            let colours = frame.filter { $0.contains("38;2;250;100;") }
            #expect(colours.count == 1, "the 24-bit colours went out in \(colours.count) writes: \(frame)")
            #expect(colours.first.map { message in (1...8).allSatisfy { message.contains("250;100;\($0)m") } } == true)
            #expect(frame.count <= 2, "\(frame)")
        }
    }
}

extension TerminalSessionTests {
    /// Italic art goes out in the terminal's own italic (`sitm`, `ESC [3m` for xterm).
    @Test func italicCellsGoOutInTheTerminalsItalic() throws {
        try Self.withSessionWritingToAFile { session, written in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("slanted", x: 2, y: 1, style: Style(isItalic: true))
            session.present(canvas)
            let bytes = written()
            let italic = try #require(bytes.range(of: "\u{1B}[3m"), "\(bytes.debugDescription)")
            #expect(bytes[italic.upperBound...].hasPrefix("slanted"))
        }
    }
}
