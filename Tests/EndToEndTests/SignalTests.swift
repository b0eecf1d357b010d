import Foundation
import Testing

/// Every signal whose default action ends or stops the process, sent to the running app: the
/// terminal ends up as it was (every mode tmux tracks, and the termios settings), and the
/// shell sees the conventional status. Each case has a tmux server of its own, so they run
/// side by side.
@Suite("Signals restore the terminal")
struct SignalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var number: Int32
        /// What the shell's `$?` shows: the documented exit code, or 128 + the signal.
        var status: Int32
        var testDescription: String { "SIG\(name) -> \(status)" }
    }

    /// The signals that end the app: SIGINT, SIGTERM and SIGHUP with their documented exit
    /// codes, every other one by dying of it once the terminal is restored.
    static let endingSignals: [Case] = [
        Case(name: "HUP", number: SIGHUP, status: 129),
        Case(name: "INT", number: SIGINT, status: 130),
        Case(name: "QUIT", number: SIGQUIT, status: 131),
        Case(name: "ILL", number: SIGILL, status: 132),
        Case(name: "TRAP", number: SIGTRAP, status: 133),
        Case(name: "ABRT", number: SIGABRT, status: 134),
        Case(name: "BUS", number: SIGBUS, status: 135),
        Case(name: "FPE", number: SIGFPE, status: 136),
        Case(name: "USR1", number: SIGUSR1, status: 138),
        Case(name: "SEGV", number: SIGSEGV, status: 139),
        Case(name: "USR2", number: SIGUSR2, status: 140),
        Case(name: "PIPE", number: SIGPIPE, status: 141),
        Case(name: "ALRM", number: SIGALRM, status: 142),
        Case(name: "TERM", number: SIGTERM, status: 143),
        Case(name: "STKFLT", number: SIGSTKFLT, status: 144),
        Case(name: "XCPU", number: SIGXCPU, status: 152),
        Case(name: "XFSZ", number: SIGXFSZ, status: 153),
        Case(name: "VTALRM", number: SIGVTALRM, status: 154),
        Case(name: "PROF", number: SIGPROF, status: 155),
        Case(name: "IO", number: SIGIO, status: 157),
        Case(name: "PWR", number: SIGPWR, status: 158),
        Case(name: "SYS", number: SIGSYS, status: 159),
    ]

    /// Starts the app on the three-page deck and waits for its first page.
    /// Every mode back as the shell had it, the same termios settings, no carousel on screen.
    private func expectRestored(
        _ terminal: TmuxTerminal, afterResume: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let modes = terminal.modes()
        #expect(modes == .restored, "left behind: \(modes)", sourceLocation: sourceLocation)
        let settings = terminal.terminalSettings(afterResume: afterResume)
        #expect(settings.before != nil, "stty -g was not recorded", sourceLocation: sourceLocation)
        #expect(
            settings.before == settings.after,
            "the terminal's settings changed: \(settings.before ?? "") -> \(settings.after ?? "")",
            sourceLocation: sourceLocation)
        let screen = terminal.screen()
        #expect(
            !screen.contains(DeckFixtures.headings[0]) && !screen.contains(DeckFixtures.appName),
            "the carousel is still on screen:\n\(screen)", sourceLocation: sourceLocation)
    }

    @Test("a signal that ends the app restores every terminal mode", arguments: endingSignals)
    func endingSignal(_ signal: Case) throws {
        let terminal = try TmuxTerminal.onThreePages()
        defer { terminal.close() }
        let running = terminal.modes()
        #expect(running.alternateScreen && !running.cursorVisible && running.keypad && running.mouseButton)
        let pid = try #require(terminal.appProcessID(), "the app's process was not found")
        #expect(kill(pid, signal.number) == 0)
        #expect(terminal.waitForExit() == signal.status)
        expectRestored(terminal)
    }

    struct Stop: CustomTestStringConvertible, Sendable {
        var name: String
        /// The signal sent with kill(2); nil for Ctrl-Z typed into the app.
        var number: Int32?
        var status: Int32
        var testDescription: String { number == nil ? "Ctrl-Z -> \(status)" : "SIG\(name) -> \(status)" }
    }

    @Test(
        "a stop restores the terminal, and fg takes it back and redraws the whole screen",
        arguments: [
            Stop(name: "TSTP", number: SIGTSTP, status: 148),
            Stop(name: "TTIN", number: SIGTTIN, status: 149),
            Stop(name: "TTOU", number: SIGTTOU, status: 150),
            Stop(name: "Ctrl-Z", number: nil, status: 148),
        ])
    func stopAndContinue(_ stop: Stop) throws {
        let terminal = try TmuxTerminal.onThreePages(jobControl: true)
        defer { terminal.close() }
        let running = terminal.modes()
        let screen = terminal.screen()
        if let number = stop.number {
            let pid = try #require(terminal.appProcessID(), "the app's process was not found")
            #expect(kill(pid, number) == 0)
        } else {
            try terminal.sendKeys("C-z")
        }
        #expect(terminal.waitForExit() == stop.status, "the app did not stop")
        expectRestored(terminal)

        try terminal.resumeInForeground()
        let redrawn = terminal.waitForScreen { $0.lines == screen.lines }
        #expect(redrawn != nil, "after fg the screen was:\n\(terminal.screen())\nbefore the stop:\n\(screen)")
        let modesBack = Polling.until { terminal.modes() == running }
        #expect(modesBack, "after fg: \(terminal.modes()), before the stop: \(running)")

        try terminal.sendKeys("q")
        #expect(terminal.waitForExit(afterResume: true) == 0)
        expectRestored(terminal, afterResume: true)
    }

    @Test("started in the background it stops at the terminal untouched, and fg starts it properly")
    func startedInTheBackground() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages, inBackground: true)
        defer { terminal.close() }
        try terminal.start()
        let pid = try #require(terminal.appProcessID(), "the app's process was not found")
        // The kernel refuses a background job the terminal with SIGTTOU: stopped, not spinning.
        let stopped = Polling.until { ProcessInspector.state(pid) == "T" }
        #expect(stopped, "the app is in state \(ProcessInspector.state(pid).map(String.init) ?? "?")")
        #expect(terminal.modes() == .restored, "changed from the background: \(terminal.modes())")

        try terminal.resumeInForeground()
        #expect(terminal.waitForText(DeckFixtures.headings[0]) != nil, "page 1 never appeared:\n\(terminal.screen())")
        let running = Polling.until {
            let modes = terminal.modes()
            return modes.alternateScreen && !modes.cursorVisible && modes.keypad && modes.mouseButton
        }
        #expect(running, "after fg: \(terminal.modes())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit(afterResume: true) == 0)
        let modes = terminal.modes()
        #expect(modes == .restored, "left behind: \(modes)")
        let settings = terminal.terminalSettings(afterResume: true)
        #expect(settings.before != nil && settings.before == settings.after)
    }
}

extension SignalTests {
    @Test("Ctrl-Z during a purchase waits until it is recorded, then stops; fg shows how it ended")
    func stopDuringAPurchase() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let terminal = try TmuxTerminal(
            arguments: [
                "--state-dir", state.path("state"), "--latency", "1.5", "--now", "2026-01-01", "--seed", "7",
                "--reduce-motion",
            ], jobControl: true)
        defer { terminal.close() }
        try terminal.start()
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        _ = try #require(terminal.waitForText("Not purchased"), "no paywall:\n\(terminal.screen())")
        try terminal.sendKeys("Enter")
        _ = try #require(terminal.waitForText("Purchasing"), "no purchase began:\n\(terminal.screen())")
        try terminal.sendKeys("C-z")
        #expect(terminal.waitForExit() == 148, "the app did not stop:\n\(terminal.screen())")
        // A stopped process does nothing more: the purchase must be on disk already.
        let ledger = (try? String(contentsOfFile: state.path("state/sandbox/ledger.jsonl"), encoding: .utf8)) ?? ""
        #expect(ledger.split(separator: "\n").count == 1, "the stop did not wait for the purchase:\n\(ledger)")
        #expect(terminal.modes() == .restored, "left behind: \(terminal.modes())")

        try terminal.resumeInForeground()
        #expect(terminal.waitForText("You're all set") != nil, "after fg:\n\(terminal.screen())")
        #expect(try terminal.dismiss("You're all set"), "Esc did not close it:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit(afterResume: true) == 0)
    }
}
