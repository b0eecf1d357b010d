import CNcurses
import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// Key spellings fed through ncurses' real input path (a pipe as the terminal's input), under
/// every `TERM` the end-to-end tests use: each usual spelling of Home, End, Page Up/Down and
/// the arrows reads as that key whatever the terminfo entry says.
extension TerminalSessionTests {
    static let terminals = ["xterm-256color", "tmux-256color", "screen", "linux", "vt100", "xterm"]

    struct Spelling: CustomTestStringConvertible, Sendable {
        var bytes: String
        var key: Key
        var testDescription: String {
            bytes.replacingOccurrences(of: "\u{1B}", with: "ESC") + " -> \(key)"
        }
    }

    static let spellings: [Spelling] = {
        var table = [
            Spelling(bytes: "\u{1B}[H", key: .home), Spelling(bytes: "\u{1B}OH", key: .home),
            Spelling(bytes: "\u{1B}[1~", key: .home), Spelling(bytes: "\u{1B}[7~", key: .home),
            Spelling(bytes: "\u{1B}[F", key: .end), Spelling(bytes: "\u{1B}OF", key: .end),
            Spelling(bytes: "\u{1B}[4~", key: .end), Spelling(bytes: "\u{1B}[8~", key: .end),
            Spelling(bytes: "\u{1B}[5~", key: .pageUp), Spelling(bytes: "\u{1B}[6~", key: .pageDown),
            Spelling(bytes: "\u{1B}[3~", key: .delete),
        ]
        let arrows: [(String, Key)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left)]
        for (final, key) in arrows {
            table += [Spelling(bytes: "\u{1B}[\(final)", key: key), Spelling(bytes: "\u{1B}O\(final)", key: key)]
            for modifier in 2...8 { table.append(Spelling(bytes: "\u{1B}[1;\(modifier)\(final)", key: key)) }
        }
        for modifier in [2, 5] {
            table += [
                Spelling(bytes: "\u{1B}[1;\(modifier)H", key: .home),
                Spelling(bytes: "\u{1B}[1;\(modifier)F", key: .end),
                Spelling(bytes: "\u{1B}[5;\(modifier)~", key: .pageUp),
                Spelling(bytes: "\u{1B}[6;\(modifier)~", key: .pageDown),
            ]
        }
        return table
    }()

    /// A session on `terminal` whose input is a pipe the body writes into.
    static func withPipedSession(terminal: String, _ body: (TerminalSession, Int32) throws -> Void) throws {
        TerminalSession.prepareLocale()
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fdopen(descriptors[0], "r"))
        defer {
            fclose(output)
            fclose(input)
            close(descriptors[1])
        }
        let session = try TerminalSession(
            terminalName: terminal, output: output, input: input, environment: [:], enableMouse: false)
        defer { session.stop() }
        try body(session, descriptors[1])
    }

    @Test("each spelling of a key reads as that key under every TERM", arguments: spellings)
    func keySpelling(_ spelling: Spelling) throws {
        for terminal in Self.terminals {
            try Self.withPipedSession(terminal: terminal) { session, writer in
                // The key, then a plain letter: nothing of the sequence may be left over.
                let bytes = Array((spelling.bytes + "x").utf8)
                #expect(write(writer, bytes, bytes.count) == bytes.count)
                #expect(session.readInput() == .key(spelling.key), "\(terminal)")
                #expect(session.readInput() == .key(.character("x")), "\(terminal): a piece of the sequence was left")
            }
        }
    }

    @Test func aLoneEscapeIsStillEscape() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            #expect(write(writer, "\u{1B}", 1) == 1)
            #expect(session.readInput() == .key(.escape))
        }
    }

    @Test("the terminal's answer to a device attributes question is told apart, under every TERM")
    func deviceAttributesAnswer() throws {
        for terminal in Self.terminals {
            try Self.withPipedSession(terminal: terminal) { session, writer in
                session.askDeviceAttributes()
                #expect(session.unansweredQueries == 1)
                // xterm's answer, then tmux's, then a key: nothing of the answers is left over.
                let bytes = Array("\u{1B}[?62;22c\u{1B}[?1;2cx".utf8)
                #expect(write(writer, bytes, bytes.count) == bytes.count)
                #expect(session.readInput() == .deviceAttributes, "\(terminal)")
                #expect(session.unansweredQueries == 0)
                // The second answers nothing: it is swallowed, neither an answer nor keys.
                #expect(session.readInput() == .key(.character("x")), "\(terminal)")
                #expect(session.unansweredQueries == 0)
            }
        }
    }

    @Test("Esc right before the terminal's answer is still Esc, and the answer still an answer")
    func escapeBeforeAnAnswer() throws {
        for terminal in Self.terminals {
            try Self.withPipedSession(terminal: terminal) { session, writer in
                session.askDeviceAttributes()
                let bytes = Array("\u{1B}\u{1B}[?62;22cx".utf8)
                #expect(write(writer, bytes, bytes.count) == bytes.count)
                #expect(session.readInput() == .key(.escape), "\(terminal)")
                #expect(session.readInput() == .deviceAttributes, "\(terminal)")
                #expect(session.readInput() == .key(.character("x")), "\(terminal)")
            }
        }
    }

    @Test("stopping waits for an answer still owed, and gives up after a second")
    func stopAwaitsAnswers() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            session.askDeviceAttributes()
            let bytes = Array("\u{1B}[?62;22c".utf8)
            #expect(write(writer, bytes, bytes.count) == bytes.count)
            let started = TerminalRunner.now()
            session.stop()
            #expect(session.unansweredQueries == 0)
            #expect(TerminalRunner.now() - started < TerminalSession.answerWait / 2)
        }
        try Self.withPipedSession(terminal: "xterm-256color") { session, _ in
            session.askDeviceAttributes()
            let started = TerminalRunner.now()
            session.stop()
            let waited = TerminalRunner.now() - started
            #expect(session.unansweredQueries == 0)
            #expect(waited >= TerminalSession.answerWait - 0.05 && waited < TerminalSession.answerWait + 1)
        }
    }
}
