import Foundation
import OnboardKit
import Testing

@testable import OnboardTerminal

/// The runner's loop on a pseudo-terminal, in process: what is typed on the terminal reaches
/// the app, the frames it draws come back, and the run ends as the keys say.
extension TerminalSessionTests {
    /// A terminal the test types on: the loop's session runs on its other end.
    final class Typist: @unchecked Sendable {
        private let master: Int32
        private let lock = NSLock()
        private var received: [UInt8] = []
        private var isClosed = false

        init(master: Int32) { self.master = master }

        /// Hangs the terminal up, once: a descriptor closed twice could be another test's by then.
        func hangUp() {
            lock.withLock {
                guard !isClosed else { return }
                isClosed = true
                close(master)
            }
        }

        /// Reads what the app writes until `text` has come, then types `keys`. After `timeout`
        /// seconds it hangs up instead, so the loop ends (as a hangup, which the test then
        /// reports) rather than wait for a key that never comes.
        func when(_ text: String, type keys: String, timeout: Double = 30) {
            let deadline = Date().addingTimeInterval(timeout)
            defer { if Date() >= deadline { hangUp() } }
            while Date() < deadline {
                if lock.withLock({ String(decoding: received, as: UTF8.self).contains(text) }) {
                    _ = keys.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
                    return
                }
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { return }
                lock.withLock { received += buffer[0..<count] }
            }
        }

        /// Keeps reading until the app has been quiet a while, so that its last writes never wait
        /// on a full terminal.
        func drain() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !lock.withLock({ isClosed }) {
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 200) > 0, read(master, &buffer, buffer.count) > 0 else { return }
            }
        }
    }

    /// Runs `deck` through `TerminalRunner` on a pseudo-terminal of 80x24 while `script` types
    /// on it from another thread; returns how the run ended and the app as it ended.
    static func runLoop(
        _ deck: Deck, script: @escaping @Sendable (Typist) -> Void
    ) throws -> (ending: TourEnding, app: OnboardingApp) {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        // The terminal's end is read, written and closed by the typing thread alone, which the
        // run waits for: a descriptor closed under another thread could be another test's.
        let typist = Typist(master: master)
        let typed = DispatchSemaphore(value: 0)
        let output = try #require(fdopen(dup(slave), "w"))
        let input = try #require(fdopen(slave, "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        TerminalSession.prepareLocale()
        let signals = SignalWatcher()
        defer { signals.uninstall() }
        let session = try TerminalSession(
            terminalName: "xterm-256color", output: output, input: input, environment: [:])
        let typing = Thread {
            script(typist)
            typist.drain()
            typist.hangUp()
            typed.signal()
        }
        typing.start()
        var app = OnboardingApp(
            deck: deck, colorMode: session.colorMode, width: 0, height: 0,
            settings: AppSettings(reducesMotion: true, seed: 1))
        let ending = TerminalRunner().run(&app, session: session, signals: signals)
        session.stop()
        typed.wait()
        return (ending, app)
    }

    static let twoPages = Deck(
        app: AppInfo(id: "loop.test", name: "Loop", version: "1"),
        pages: [.step(StepPage(heading: "Alpha", text: "first")), .step(StepPage(heading: "Bravo", text: "second"))])

    @Test func keysTypedOnTheTerminalTurnPagesAndQEndsTheRun() throws {
        let (ending, app) = try Self.runLoop(Self.twoPages) { typist in
            typist.when("Alpha", type: "\u{1B}[C")
            typist.when("Bravo", type: "q")
        }
        #expect(ending == .dismissed)
        #expect(app.lastPage == 1)
        #expect(app.pagesSeen == [0, 1])
    }

    @Test func theDoneButtonOnTheLastPageCompletesTheRun() throws {
        let (ending, app) = try Self.runLoop(Self.twoPages) { typist in
            typist.when("Alpha", type: "\u{1B}[F")
            typist.when("Bravo", type: "\r")
        }
        #expect(ending == .completed)
        #expect(app.lastPage == 1)
    }

    /// The terminal going away (its other end closed) ends the run as a hangup, with no
    /// signal: polling it again would return at once forever.
    @Test func aTerminalThatGoesAwayEndsTheRunAsAHangup() throws {
        let (ending, _) = try Self.runLoop(Self.twoPages) { typist in
            typist.when("Alpha", type: "")
            typist.hangUp()
        }
        #expect(ending == .hangup)
    }
}
