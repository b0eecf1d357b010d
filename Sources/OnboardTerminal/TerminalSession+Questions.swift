import CNcurses
import FoundationEssentials
import Glibc
import OnboardKit

/// The questions the session asks the terminal (its background, synchronized output, device
/// attributes), and how long a stop waits for their answers.
extension TerminalSession {
    /// Asks, behind the first frame, what the terminal can do: its background colour (OSC 11)
    /// when `background`, whether it knows synchronized output (DECRQM for mode 2026), then
    /// its device attributes, which every terminal answers and answers last. The answers come
    /// as input; one not given before the device attributes will not come at all.
    func askTerminalSettings(background: Bool) {
        // Consoles (Linux, BSD) know neither question, and older ones print what they do not
        // know: they get the device attributes question alone.
        let questions =
            isConsole
            ? "" : (background ? TerminalSession.backgroundColorQuery : "") + TerminalSession.synchronizedOutputQuery
        fputs(questions + TerminalSession.deviceAttributesQuery, output)
        fflush(output)
        if firstAskedAt == nil { firstAskedAt = TerminalRunner.now() }
        unansweredQueries += 1
        awaitsBackgroundColor = background && !isConsole
        awaitsSynchronizedOutput = !isConsole
    }

    /// Milliseconds to wait for each further byte of a sequence already begun.
    static let sequenceTailWait: Int32 = 50

    /// Ended by ST rather than BEL: a BEL would ring on a terminal that does not know OSC 11.
    static let backgroundColorQuery = "\u{1B}]11;?\u{1B}\\"
    static let synchronizedOutputQuery = "\u{1B}[?2026$p"

    /// Wraps each frame from now on in synchronized output (DEC mode 2026), so the terminal
    /// shows it whole: the terminal said it knows the mode.
    func synchronizeOutput() { presenter.isSynchronized = true }

    /// Asks the terminal for its device attributes (`ESC [ c`, which every VT100 descendant
    /// answers); the answer arrives as `.deviceAttributes` input once the terminal has read
    /// everything written before it.
    func askDeviceAttributes() {
        fputs(TerminalSession.deviceAttributesQuery, output)
        fflush(output)
        unansweredQueries += 1
    }

    static let deviceAttributesQuery = "\u{1B}[c"

    /// Whether what was written has left for the terminal, as far as the output descriptor
    /// can tell, for a terminal that does not answer questions: a serial line or console says
    /// how much it still holds (`TIOCOUTQ`), a pseudo-terminal only when it is full (`POLLOUT`
    /// off; it reports no queue at all). True when it cannot be told.
    func outputHasRoom() -> Bool {
        let descriptor = fileno(output)
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        if poll(&ready, 1, 0) == 0 { return false }
        var queued: Int32 = 0
        return ioctl(descriptor, UInt(TIOCOUTQ), &queued) != 0 || queued == 0
    }

    /// The terminal has not answered the start-up question in time and is taken not to
    /// answer at all: stopping or suspending waits for no answer (flushing input is enough).
    func giveUpOnAnswers() {
        unansweredQueries = 0
        awaitsBackgroundColor = false
        awaitsSynchronizedOutput = false
    }

    /// Until when a stop waits for answers, input already waiting aside (it is always read):
    /// `fullDeadline`, except that a terminal that has said nothing so far is waited for only
    /// until its first question is `firstAnswerWait` old. One answer, even part of the set,
    /// earns the full wait.
    static func answerDeadline(_ fullDeadline: Double, hasAnswered: Bool, firstAskedAt: Double?) -> Double {
        guard !hasAnswered, let firstAskedAt else { return fullDeadline }
        return min(fullDeadline, firstAskedAt + firstAnswerWait)
    }

    /// Waits up to `timeout` seconds for the answers still owed, reading (and dropping) input
    /// meanwhile, so that none arrives after the terminal is handed back, where the shell
    /// would take it for typing.
    func awaitAnswers(timeout: Double) {
        let fullDeadline = TerminalRunner.now() + timeout
        while unansweredQueries > 0 {
            // ncurses may hold an answer it has read already: look there before waiting.
            while unansweredQueries > 0, readInput() != nil {}
            let deadline = Self.answerDeadline(
                fullDeadline, hasAnswered: hasAnswered, firstAskedAt: firstAskedAt)
            let remaining = Int32(((deadline - TerminalRunner.now()) * 1000).rounded(.up))
            guard unansweredQueries > 0, remaining > 0 else { break }
            var ready = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, remaining) > 0 else { break }
        }
        // An answer later than that is not typed into the shell.
        if unansweredQueries > 0 { tcflush(fileno(input), TCIFLUSH) }
        unansweredQueries = 0
    }
}
