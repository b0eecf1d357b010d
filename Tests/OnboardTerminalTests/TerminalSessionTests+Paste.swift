import CNcurses
import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// Bracketed pastes read through ncurses' real input path: a paste is one input, text, under
/// every `TERM`, however its bytes are split, and one whose end never comes is given up.
extension TerminalSessionTests {
    static func send(_ text: String, to writer: Int32) {
        let bytes = Array(text.utf8)
        #expect(write(writer, bytes, bytes.count) == bytes.count)
    }

    /// Reads until an input that is not part of a paste under way, or until nothing waits.
    static func nextInput(_ session: TerminalSession) -> InputDecoder.Input? {
        while true {
            let input = session.readInput()
            if input != .partialPaste { return input }
        }
    }

    /// The next input, waiting for the pipe when none is there yet (up to 10 s).
    static func awaitInput(_ session: TerminalSession) -> InputDecoder.Input? {
        for _ in 0..<1000 {
            if let input = session.readInput() { return input }
            var ready = pollfd(fd: session.inputDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 10)
        }
        return nil
    }

    @Test("a paste reads as one paste, never as keys, under every TERM", arguments: terminals)
    func pasteIsText(terminal: String) throws {
        try Self.withPipedSession(terminal: terminal) { session, writer in
            // Enter, digits, q, Esc, arrows: each would do something as a key. The paste is
            // read around ncurses, so it is the bytes as they came, the arrow's too.
            Self.send("\u{1B}[200~wow\r7q\u{1B}\u{1B}[C\u{1B}[201~x", to: writer)
            #expect(Self.nextInput(session) == .paste("wow\r7q\u{1B}\u{1B}[C"))
            #expect(Self.nextInput(session) == .key(.character("x")))
            #expect(Self.nextInput(session) == nil)
        }
    }

    @Test(
        "a paste split across reads is still one paste",
        arguments: [
            ["\u{1B}[200~wo", "w\r\u{1B}[201~q"],
            ["\u{1B}[200~wow\r\u{1B}[20", "1~q"],
            ["\u{1B}[200~wow\r\u{1B}", "[201~q"],
        ])
    func splitPaste(parts: [String]) throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            Self.send(parts[0], to: writer)
            #expect(Self.nextInput(session) == nil)
            Self.send(parts[1], to: writer)
            #expect(Self.nextInput(session) == .paste("wow\r"))
            #expect(Self.nextInput(session) == .key(.character("q")))
        }
    }

    /// What followed a paste in the same read goes back to ncurses as typed; a paste in it
    /// is then read through ncurses, behind what was given back, so the order holds.
    @Test("two pastes and keys in one read come out in the order they were sent", arguments: terminals)
    func pastesAndKeysInOneRead(terminal: String) throws {
        try Self.withPipedSession(terminal: terminal) { session, writer in
            Self.send("\u{1B}[200~añ\u{1B}[201~b\u{1B}[200~c日\u{1B}[201~d", to: writer)
            #expect(Self.nextInput(session) == .paste("añ"))
            #expect(Self.nextInput(session) == .key(.character("b")))
            #expect(Self.nextInput(session) == .paste("c日"))
            #expect(Self.nextInput(session) == .key(.character("d")))
            #expect(Self.nextInput(session) == nil)
            // Once ncurses has handed everything out, a paste is read around it again.
            Self.send("\u{1B}[200~e\u{1B}[201~", to: writer)
            #expect(Self.nextInput(session) == .paste("e"))
            #expect(!session.ncursesMayHoldInput)
        }
    }

    @Test("a character split between two reads of a paste is read whole")
    func characterSplitBetweenReads() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            let bytes = Array("\u{1B}[200~x🙂y".utf8)
            // The emoji's first two bytes in one write, the rest in the next.
            #expect(write(writer, bytes, bytes.count - 3) == bytes.count - 3)
            #expect(Self.nextInput(session) == nil)
            #expect(write(writer, Array(bytes.suffix(3)), 3) == 3)
            Self.send("\u{1B}[201~", to: writer)
            #expect(Self.nextInput(session) == .paste("x🙂y"))
        }
    }

    @Test("a paste whose end never comes is given up after a quiet second, and keys work again")
    func unendedPaste() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            var clock = 100.0
            session.now = { clock }
            Self.send("\u{1B}[200~wow\r", to: writer)
            #expect(Self.nextInput(session) == nil)
            #expect(session.pasteDeadline == 100 + TerminalSession.unendedPasteLimit)
            clock += TerminalSession.unendedPasteLimit / 2
            Self.send("q", to: writer)
            // Still the paste's: its end may yet come.
            #expect(Self.nextInput(session) == nil)
            clock += TerminalSession.unendedPasteLimit
            #expect(Self.nextInput(session) == .paste("wow\rq"))
            #expect(session.pasteDeadline == nil)
            Self.send("q", to: writer)
            #expect(Self.nextInput(session) == .key(.character("q")))
        }
    }

    @Test("a megabyte pasted is one bounded paste, read in parts, and the key after it is a key")
    func hugePaste() throws {
        try Self.withPipedSession(terminal: "xterm-256color") { session, writer in
            let line = String(repeating: "1234567 ", count: 15) + "\r"
            let body = String(repeating: line, count: (1 << 20) / line.utf8.count)
            // The pipe holds 64 KiB: the rest is written while the session reads.
            let sender = Thread { Self.send("\u{1B}[200~" + body + "\u{1B}[201~x", to: writer) }
            sender.start()
            var parts = 0
            var paste: String?
            while paste == nil {
                switch Self.awaitInput(session) {
                case .partialPaste: parts += 1
                case .paste(let text): paste = text
                case let other:
                    Issue.record("read \(String(describing: other)) in the middle of a paste")
                    return
                }
            }
            #expect(paste?.unicodeScalars.count == Message.pasteLimit)
            #expect(parts >= body.utf8.count / TerminalSession.pastePartSize - 1)
            #expect(Self.awaitInput(session) == .key(.character("x")))
        }
    }
}
