import CNcurses
import FoundationEssentials
import Glibc
import OnboardKit

/// Reading the terminal: keys, the mouse, pastes, and the answers to the session's questions.
extension TerminalSession {
    /// Reads one pending input without waiting; nil when there is none.
    func readInput() -> InputDecoder.Input? {
        if !keysPrepared {
            // ncurses has read nothing yet, so the descriptor tells whether input waits.
            var ready = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { return nil }
            prepareKeys()
        }
        wtimeout(window, 0)
        if paste != nil { return readPaste() }
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == tui_err() {
                ncursesMayHoldInput = false
                return nil
            }
            if status == tui_key_code_yes(), Int32(bitPattern: value) == TerminalSession.pasteStartCode {
                beginPaste()
                return readPaste()
            }
            let input = InputDecoder.decode(status: status, value: UInt32(value))
            if input == .key(.escape) {
                // Esc with more input right behind it is a sequence ncurses did not know (or
                // Alt plus a key): swallow it rather than quit on it. The terminal's answer to
                // a question is one of those.
                switch skipUnknownSequence() {
                case .none: break
                case .some(.answer(let answer)):
                    guard takeAnswer(answer) else { continue }
                    return answer
                case .some(.pasteStart):
                    beginPaste()
                    return readPaste()
                case .some(.other): continue
                }
            }
            if let input { return input }
            // An input with no meaning here (an unknown key): read on.
        }
    }

    /// Whether `answer` answers a question still waiting for it; if so, that question is
    /// answered now. The device attributes answer comes last: any question asked before it
    /// that has no answer yet will get none.
    func takeAnswer(_ answer: InputDecoder.Input) -> Bool {
        switch answer {
        case .backgroundColor:
            guard awaitsBackgroundColor else { return false }
            awaitsBackgroundColor = false
        case .synchronizedOutput:
            guard awaitsSynchronizedOutput else { return false }
            awaitsSynchronizedOutput = false
        case .deviceAttributes:
            guard unansweredQueries > 0 else { return false }
            unansweredQueries -= 1
            awaitsBackgroundColor = false
            awaitsSynchronizedOutput = false
        default:
            return false
        }
        hasAnswered = true
        return true
    }

    /// A paste's start marker was read: what follows is its text. ncurses has matched the
    /// marker to its last byte and holds nothing after it, unless input was given back to it.
    func beginPaste() {
        paste = PasteCollector()
        pasteBytes = ncursesMayHoldInput ? nil : PasteBytes()
        lastPasteInput = now()
    }

    /// Reads on in the paste under way straight from the descriptor, up to `pastePartSize`
    /// bytes a call; what followed the end marker in the same read is given back to ncurses.
    func readPasteBytes() -> InputDecoder.Input? {
        let descriptor = fileno(input)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var bytes = [UInt8](repeating: 0, count: TerminalSession.pastePartSize)
        let count = poll(&ready, 1, 0) > 0 ? read(descriptor, &bytes, bytes.count) : -1
        guard count > 0 else {
            // Nothing yet (or the terminal is gone: the run's end is noticed elsewhere).
            guard count == 0 || now() - lastPasteInput >= TerminalSession.unendedPasteLimit else { return nil }
            return endPaste()
        }
        lastPasteInput = now()
        guard var collector = paste, var decoder = pasteBytes else { return nil }
        // Let go of the session's copies, so the text grows in place rather than copied.
        (paste, pasteBytes) = (nil, nil)
        let rest = decoder.feed(bytes[..<count], to: &collector)
        paste = collector
        pasteBytes = decoder
        guard let rest else { return .partialPaste }
        giveBack(rest.prefix(TerminalSession.inputGivenBackLimit))
        return endPaste()
    }

    /// Puts `bytes` back in front of ncurses' input, so that they are read as typed.
    func giveBack(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        // ungetch puts each byte in front of the last: the last byte goes back first.
        for byte in bytes.reversed() { _ = ungetch(Int32(byte)) }
        ncursesMayHoldInput = true
    }

    /// Reads on in the paste under way: `.paste` once its end marker came (or its end is
    /// taken as lost, `unendedPasteLimit`), `.partialPaste` after `pastePartSize` characters,
    /// nil when nothing more waits yet. A resize in the middle is passed on at once.
    func readPaste() -> InputDecoder.Input? {
        if pasteBytes != nil { return readPasteBytes() }
        // The clock is read once a call, not once a character: only a call that read nothing
        // compares it.
        var hasRead = false
        defer { if hasRead { lastPasteInput = now() } }
        for _ in 0..<TerminalSession.pastePartSize {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == tui_err() {
                ncursesMayHoldInput = false
                guard !hasRead, now() - lastPasteInput >= TerminalSession.unendedPasteLimit else { return nil }
                return endPaste()
            }
            hasRead = true
            if status == tui_key_code_yes() {
                let code = Int32(bitPattern: value)
                if code == TerminalSession.pasteEndCode { return endPaste() }
                if code == tui_key_resize() { return .resize }
                // A key ncurses decoded from the pasted bytes: it has no text of its own.
                continue
            }
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            if paste?.accept(scalar) == true { return endPaste() }
        }
        return .partialPaste
    }

    func endPaste() -> InputDecoder.Input? {
        if var decoder = pasteBytes, var collector = paste {
            paste = nil
            decoder.finish(into: &collector)
            paste = collector
        }
        pasteBytes = nil
        guard let text = paste?.finish() else { return nil }
        paste = nil
        return .paste(text)
    }

    /// When a paste under way is given up if nothing more comes: the loop wakes then.
    var pasteDeadline: Double? { paste == nil ? nil : lastPasteInput + TerminalSession.unendedPasteLimit }

    /// What followed an Esc.
    enum SkippedSequence {
        /// The answer to a question the app asked (`InputDecoder.decodeAnswer`).
        case answer(InputDecoder.Input)
        /// A paste's start marker that ncurses did not match as one (its bytes came apart).
        case pasteStart
        case other
    }

    /// After an Esc, consumes the rest of an escape sequence that is already waiting.
    /// Returns nil when nothing follows: a real Esc key press.
    func skipUnknownSequence() -> SkippedSequence? {
        var value: wint_t = 0
        let status = wget_wch(window, &value)
        guard status != tui_err() else { return nil }
        if status != tui_key_code_yes(), value == 0x1B {
            // Esc, then another sequence (a terminal's answer, say): the first was the key.
            unget_wch(wchar_t(0x1B))
            ncursesMayHoldInput = true
            return nil
        }
        guard status != tui_key_code_yes(), value == 0x5B || value == 0x4F || value == 0x5D else { return .other }
        var body = String(UnicodeScalar(UInt8(value)))
        // The rest of a sequence may be a moment behind its start (a slow link): wait a little
        // for it, so that its tail is not taken for keys.
        wtimeout(window, TerminalSession.sequenceTailWait)
        defer { wtimeout(window, 0) }
        if value == 0x5D {
            // OSC ("Esc ]") runs to BEL or ST (Esc then a backslash): an answer such as the background colour.
            for _ in 0..<128 {
                guard wget_wch(window, &value) != tui_err() else { return .other }
                if value == 0x07 { break }
                if value == 0x1B {
                    _ = wget_wch(window, &value)
                    break
                }
                guard let scalar = Unicode.Scalar(UInt32(value)) else { return .other }
                body.unicodeScalars.append(scalar)
            }
            return InputDecoder.decodeAnswer(body).map { .answer($0) } ?? .other
        }
        // CSI ("Esc [") and SS3 ("Esc O") end with a byte from '@' to '~'. The answers to the
        // app's questions are CSI: "Esc [ ?", digits and semicolons, then "c" or "$ y".
        for _ in 0..<64 {
            guard wget_wch(window, &value) != tui_err(), let scalar = Unicode.Scalar(UInt32(value)) else {
                return .other
            }
            body.unicodeScalars.append(scalar)
            if (0x40...0x7E).contains(value) {
                if body == "[200~" { return .pasteStart }
                return InputDecoder.decodeAnswer(body).map { .answer($0) } ?? .other
            }
        }
        return .other
    }
}
