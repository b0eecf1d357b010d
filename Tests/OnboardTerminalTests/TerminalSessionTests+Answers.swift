import CNcurses
import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// The terminal's answers about itself (background colour, synchronized output) read through
/// ncurses' real input path, and the synchronized output brackets on the real output path.
extension TerminalSessionTests {
    @Test("the background colour and synchronized output answers are told apart, under every TERM")
    func settingsAnswers() throws {
        for terminal in Self.terminals {
            try Self.withPipedSession(terminal: terminal) { session, writer in
                session.askTerminalSettings(background: true)
                #expect(session.unansweredQueries == 1)
                // xterm's answers (OSC ended by BEL), DECRQM's, DA's, then a key: nothing of the
                // answers may be taken as a key.
                let bytes = Array(
                    ("\u{1B}]11;rgb:ffff/ffff/dddd\u{07}"
                        + "\u{1B}[?2026;2$y\u{1B}[?62;22cx").utf8)
                #expect(write(writer, bytes, bytes.count) == bytes.count)
                // A console is asked only for its device attributes: the other two are no answers.
                if !terminal.hasPrefix("linux") {
                    #expect(session.readInput() == .backgroundColor(.rgb(255, 255, 221)), "\(terminal)")
                    #expect(session.readInput() == .synchronizedOutput(isSupported: true), "\(terminal)")
                }
                #expect(session.readInput() == .deviceAttributes, "\(terminal)")
                #expect(session.unansweredQueries == 0)
                #expect(session.readInput() == .key(.character("x")), "\(terminal)")
            }
        }
    }

    /// The answers' spellings, as a user could type or paste them.
    static let lookalikeAnswers = [
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}[?2026;1$y",
        "\u{1B}[?62;22c",
    ]

    @Test("an answer is taken once for each question, and only while it is unanswered")
    func answersOnlyWhileAsked() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            // Before any question: typing, swallowed as an unknown sequence.
            Self.send(Self.lookalikeAnswers.joined() + "a", to: writer)
            #expect(session.readInput() == .key(.character("a")))
            session.askTerminalSettings(background: true)
            // Two background colours for one question: the second is not the terminal's.
            Self.send(
                "\u{1B}]11;rgb:1e1e/1e1e/1e1e\u{1B}\\\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[?2026;2$y"
                    + "\u{1B}[?2026;2$yb", to: writer)
            #expect(session.readInput() == .backgroundColor(.rgb(30, 30, 30)))
            #expect(session.readInput() == .synchronizedOutput(isSupported: true))
            #expect(session.readInput() == .key(.character("b")))
            #expect(session.unansweredQueries == 1)
            Self.send("\u{1B}[?62;22c", to: writer)
            #expect(session.readInput() == .deviceAttributes)
            // Every question answered: all of it is typing again.
            Self.send(Self.lookalikeAnswers.joined() + "c", to: writer)
            #expect(session.readInput() == .key(.character("c")))
            #expect(session.unansweredQueries == 0)
        }
    }

    @Test("the device attributes answer ends the wait for the answers asked before it")
    func deviceAttributesEndTheWait() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            session.askTerminalSettings(background: true)
            // A terminal that knows neither OSC 11 nor DECRQM answers only the last question.
            Self.send("\u{1B}[?62;22c" + Self.lookalikeAnswers.joined() + "d", to: writer)
            #expect(session.readInput() == .deviceAttributes)
            #expect(session.readInput() == .key(.character("d")))
        }
    }

    @Test("an answer in the middle of a paste is the paste's text")
    func answerInsideAPaste() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            session.askTerminalSettings(background: true)
            let answer = "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}"
            Self.send("\u{1B}[200~" + answer + "\u{1B}[201~", to: writer)
            #expect(Self.nextInput(session) == .paste(answer))
            #expect(session.awaitsBackgroundColor)
        }
    }

    @Test("answers still owed when the session stops are read there, not left for the shell")
    func stopReadsTheSettingsAnswers() throws {
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
            terminalName: "xterm-256color", output: output, input: input, environment: [:], enableMouse: false)
        session.askTerminalSettings(background: true)
        let bytes = Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?2026;0$y\u{1B}[?62;22c".utf8)
        #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
        session.stop()
        #expect(session.unansweredQueries == 0)
        var ready = pollfd(fd: descriptors[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 0, "answers were left unread")
    }

    @Test("a stop waits the full time only for a terminal that has answered something")
    func aTerminalThatHasSaidNothingIsNotWaitedForLong() {
        let asked = 10.0
        let full = asked + 0.5 + TerminalSession.answerWait
        // Quit half a second in: silent so far, so no wait is left at all.
        let silent = TerminalSession.answerDeadline(full, hasAnswered: false, firstAskedAt: asked)
        #expect(silent == asked + TerminalSession.firstAnswerWait)
        #expect(silent < asked + 0.5)
        // Any answer (the background colour before the rest, say) and the rest is waited for.
        #expect(TerminalSession.answerDeadline(full, hasAnswered: true, firstAskedAt: asked) == full)
        // Nothing asked, nothing shortened.
        #expect(TerminalSession.answerDeadline(full, hasAnswered: false, firstAskedAt: nil) == full)
    }

    /// A session whose output goes to a file the test reads back.
    static func withRecordedSession(_ body: (TerminalSession, () -> String) throws -> Void) throws {
        TerminalSession.prepareLocale()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(getpid()).out").path
        let output = try #require(fopen(path, "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
            unlink(path)
        }
        let session = try TerminalSession(
            terminalName: "xterm-256color", output: output, input: input, environment: [:], enableMouse: false)
        defer { session.stop() }
        try body(session) {
            fflush(output)
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
    }

    @Test("once the terminal says it knows mode 2026 each frame is written inside its brackets")
    func synchronizedFrames() throws {
        try Self.withRecordedSession { session, written in
            var canvas = Canvas(width: session.size.width, height: session.size.height)
            canvas.draw("before", x: 0, y: 0)
            session.present(canvas)
            #expect(!written().contains("2026h"), "brackets before the terminal said it knows them")
            session.synchronizeOutput()
            canvas.draw("inside", x: 0, y: 1, style: Style(foreground: .rgb(200, 10, 10)))
            session.present(canvas)
            let all = written()
            let begin = try #require(all.range(of: CanvasPresenter.beginSynchronizedUpdate))
            let frame = try #require(all.range(of: "inside"))
            let end = try #require(all.range(of: CanvasPresenter.endSynchronizedUpdate, options: .backwards))
            #expect(begin.upperBound <= frame.lowerBound && frame.upperBound <= end.lowerBound)
            #expect(all.hasSuffix(CanvasPresenter.endSynchronizedUpdate), "something was written after the bracket")
            // An unchanged frame writes nothing, brackets included: idle stays silent.
            let before = written().utf8.count
            #expect(session.present(canvas) == 0)
            #expect(written().utf8.count == before)
        }
    }
}
