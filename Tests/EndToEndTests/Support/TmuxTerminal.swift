import Foundation
import Glibc

/// A terminal of a given size that a person would type into: a tmux server of its own (its
/// own socket, so tests never share state) with one detached window running the app.
///
/// The window's shell first waits on a tmux channel, so that output recording is in place
/// before the app writes its first byte; after the app ends it writes `EXIT=<code>` to a file
/// and sleeps, keeping the pane (and its modes: alternate screen, cursor) open for inspection.
/// The terminal's settings (`stty -g`) are kept from before the app started and after it ended.
///
/// With `jobControl` the shell runs the app as a job (`set -m`): when the app stops, the shell
/// records its status (128 + the stop signal), waits for `resumeInForeground()`, and brings
/// it back with `fg`. `inBackground` starts it with `&` instead and waits for
/// `resumeInForeground()` straight away.
final class TmuxTerminal {
    let socketName: String
    let directory: TemporaryDirectory
    private let tmuxPath: String
    private var isClosed = false
    /// The server's socket file, which tmux leaves behind after `kill-server`.
    private var socketPath: String?

    private var exitFile: String { directory.path("exit-status") }
    private var resumedExitFile: String { directory.path("exit-status-resumed") }
    private var outputFile: String { directory.path("terminal-output") }
    var standardErrorFile: String { directory.path("stderr") }

    /// Starts a server and a `width` x `height` window that will run `tui-onboard arguments`
    /// once `start()` is called. A `deck` (JSON text) is written beside the captured files and
    /// passed with `--deck`. With `capturingStandardError` stderr goes to a file instead of
    /// the screen. `terminalType` is the pane's `TERM` (tmux's default, `screen`, when nil);
    /// `environment` adds variables for the app (`COLORTERM`, say). `program` runs something
    /// else than the built app (a host script, the example executable). `shellSetup` lines run
    /// in the pane's shell just before the app (`umask 077`, `ulimit -f 8`).
    init(
        width: Int = 80, height: Int = 24, deck: String? = nil, arguments: [String] = [],
        capturingStandardError: Bool = false, jobControl: Bool = false, inBackground: Bool = false,
        terminalType: String? = nil, environment: [String: String] = [:], program: String? = nil,
        shellSetup: [String] = []
    ) throws {
        tmuxPath = try TmuxTerminal.locateTmux()
        let binary = try program ?? BuiltBinary.path()
        directory = try TemporaryDirectory()
        socketName = "tui-onboard-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        var arguments = arguments
        if let deck {
            arguments = ["--deck", try directory.write(deck, to: "deck.json")] + arguments
        }
        let command = ([binary] + arguments).map(TmuxTerminal.shellQuoted).joined(separator: " ")
        let redirect = capturingStandardError ? " 2> \(TmuxTerminal.shellQuoted(standardErrorFile))" : ""
        let tmuxCommand = "\(TmuxTerminal.shellQuoted(tmuxPath)) -L \(socketName)"
        // No core files from the signals the tests send.
        var script = """
            \(tmuxCommand) wait-for start
            ulimit -c 0
            stty -g > \(TmuxTerminal.shellQuoted(directory.path("stty-before")))
            \(jobControl || inBackground ? "set -m" : "")

            """
        var exports = environment
        if let terminalType { exports["TERM"] = terminalType }
        for (name, value) in exports.sorted(by: { $0.key < $1.key }) {
            script += "export \(name)=\(TmuxTerminal.shellQuoted(value))\n"
        }
        for line in shellSetup { script += line + "\n" }
        if inBackground {
            script += "\(command)\(redirect) &\n"
        } else {
            script += """
                \(command)\(redirect)
                status=$?
                stty -g > \(TmuxTerminal.shellQuoted(directory.path("stty-after")))
                echo "EXIT=$status" > \(TmuxTerminal.shellQuoted(exitFile))

                """
        }
        if jobControl || inBackground {
            script += """
                \(tmuxCommand) wait-for resume
                fg
                status=$?
                stty -g > \(TmuxTerminal.shellQuoted(directory.path("stty-after-resumed")))
                echo "EXIT=$status" > \(TmuxTerminal.shellQuoted(resumedExitFile))

                """
        }
        script += "exec sleep 600\n"
        do {
            _ = try tmux([
                "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "sh", "-c", script,
            ])
        } catch {
            directory.remove()
            throw error
        }
        socketPath = display("#{socket_path}")
    }

    deinit { close() }

    /// Kills the server and everything in it, and removes the captured files.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        if let socketPath, socketPath.contains(socketName) { unlink(socketPath) }
        directory.remove()
    }

    /// Lets the app start; with `recordingOutput` every byte it writes to the terminal is kept.
    func start(recordingOutput: Bool = false) throws {
        if recordingOutput {
            _ = try tmux(["pipe-pane", "-O", "cat > \(TmuxTerminal.shellQuoted(outputFile))"])
        }
        _ = try tmux(["wait-for", "-S", "start"])
    }

    // MARK: - Looking

    func screen() -> ScreenCapture {
        ScreenCapture((try? tmux(["capture-pane", "-p"])) ?? "")
    }

    /// The screen with its colours and attributes as SGR sequences (`capture-pane -e`).
    func styledScreen() -> String {
        (try? tmux(["capture-pane", "-p", "-e"])) ?? ""
    }

    /// Polls the screen until `predicate` holds; returns that screen, or nil on timeout.
    func waitForScreen(timeout: Duration = Polling.defaultTimeout, where predicate: (ScreenCapture) -> Bool)
        -> ScreenCapture?
    {
        Polling.value(timeout: timeout) {
            let capture = screen()
            return predicate(capture) ? capture : nil
        }
    }

    /// Polls until `text` is on screen; returns that screen, or nil on timeout.
    func waitForText(_ text: String, timeout: Duration = Polling.defaultTimeout) -> ScreenCapture? {
        waitForScreen(timeout: timeout) { $0.contains(text) }
    }

    /// A tmux format such as `#{alternate_on}` expanded for the pane.
    func display(_ format: String) -> String {
        ((try? tmux(["display-message", "-p", format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The terminal modes an app can leave behind, as tmux keeps them for the pane.
    struct Modes: Equatable, CustomStringConvertible {
        var alternateScreen: Bool
        var cursorVisible: Bool
        /// Keypad transmit mode (smkx, `ESC =`).
        var keypad: Bool
        /// Cursor-key application mode (DECCKM, `ESC[?1h`).
        var cursorKeys: Bool
        /// Any mouse reporting (1000, 1002 or 1003).
        var mouseAny: Bool
        /// Button-event tracking (1002), for swipes.
        var mouseButton: Bool
        /// SGR mouse encoding (1006).
        var mouseSGR: Bool
        /// Press-and-release reporting (1000).
        var mouseStandard: Bool

        /// A shell's terminal: the normal screen, the cursor shown, nothing else on.
        static let restored = Modes(
            alternateScreen: false, cursorVisible: true, keypad: false, cursorKeys: false, mouseAny: false,
            mouseButton: false, mouseSGR: false, mouseStandard: false)

        var description: String {
            "alternate=\(alternateScreen) cursor=\(cursorVisible) keypad=\(keypad) cursorKeys=\(cursorKeys) "
                + "mouseAny=\(mouseAny) mouseButton=\(mouseButton) mouseSGR=\(mouseSGR) mouseStandard=\(mouseStandard)"
        }
    }

    /// The pane's modes now, read in one call.
    func modes() -> Modes {
        let flags = display(
            "#{alternate_on}#{cursor_flag}#{keypad_flag}#{keypad_cursor_flag}"
                + "#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}#{mouse_standard_flag}"
        ).map { $0 == "1" }
        guard flags.count == 8 else {
            return Modes(
                alternateScreen: true, cursorVisible: false, keypad: true, cursorKeys: true, mouseAny: true,
                mouseButton: true, mouseSGR: true, mouseStandard: true)
        }
        return Modes(
            alternateScreen: flags[0], cursorVisible: flags[1], keypad: flags[2], cursorKeys: flags[3],
            mouseAny: flags[4], mouseButton: flags[5], mouseSGR: flags[6], mouseStandard: flags[7])
    }

    /// The terminal's settings (`stty -g`) before the app started, and after it ended (or
    /// stopped); with `afterResume`, after it ended once brought back with `fg`.
    func terminalSettings(afterResume: Bool = false) -> (before: String?, after: String?) {
        let read = { (name: String) in try? String(contentsOfFile: self.directory.path(name), encoding: .utf8) }
        return (read("stty-before"), read(afterResume ? "stty-after-resumed" : "stty-after"))
    }

    var isAlternateScreenOn: Bool { display("#{alternate_on}") == "1" }
    var isCursorVisible: Bool { display("#{cursor_flag}") == "1" }
    var paneTitle: String { display("#{pane_title}") }

    /// Every byte the app wrote to the terminal so far (needs `start(recordingOutput: true)`).
    func recordedOutput() -> [UInt8] {
        (FileManager.default.contents(atPath: outputFile)).map { [UInt8]($0) } ?? []
    }

    /// Writes `label` into the pane's terminal as a window-title sequence, beside the app's own
    /// output, and waits until the recording has it. Everything the app wrote before has then
    /// been recorded too: returns where the mark lies in `recordedOutput()`, or nil on timeout.
    func markOutput(_ label: String) throws -> Range<Int>? {
        let mark = Array("\u{1B}]2;\(label)\u{07}".utf8)
        let tty = display("#{pane_tty}")
        let descriptor = open(tty, O_WRONLY | O_NOCTTY)
        guard descriptor >= 0 else { throw EndToEndError("cannot open the pane's terminal \(tty)") }
        defer { Glibc.close(descriptor) }
        guard write(descriptor, mark, mark.count) == mark.count else {
            throw EndToEndError("cannot write to the pane's terminal \(tty)")
        }
        return Polling.value { recordedOutput().firstRange(of: mark) }
    }

    func standardError() -> String {
        (try? String(contentsOfFile: standardErrorFile, encoding: .utf8)) ?? ""
    }

    // MARK: - Acting

    /// Sets the pane's colours (`bg=#fdf6e3`), before `start()`: tmux then answers a
    /// program's OSC 11 question with that background.
    func setPaneStyle(_ style: String) throws {
        _ = try tmux(["set-option", "-g", "window-style", style])
        _ = try tmux(["set-option", "-g", "window-active-style", style])
    }

    /// Sends keys by tmux name (`Right`, `End`, `C-c`, `Escape`) or as literal characters.
    func sendKeys(_ keys: String...) throws {
        _ = try tmux(["send-keys"] + keys)
    }

    /// Sends Esc and waits until `text` has left the screen: the app has then read the Esc on
    /// its own, so a key sent next cannot arrive with it and read as an Alt chord. False when
    /// `text` stayed.
    func dismiss(_ text: String) throws -> Bool {
        try sendKeys("Escape")
        return waitForScreen { !$0.contains(text) } != nil
    }

    /// Pastes `text` as a terminal does when the user pastes: bracketed (`ESC[200~` …
    /// `ESC[201~`) when the app asked for bracketed paste, else as bare keys.
    func paste(_ text: String) throws {
        // Through a file: an argument holds at most 128 KiB, and a test pastes megabytes.
        let file = try directory.write(text, to: "paste-buffer")
        _ = try tmux(["load-buffer", file])
        _ = try tmux(["paste-buffer", "-p", "-d"])
    }

    func resize(width: Int, height: Int) throws {
        _ = try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: - The app's process

    /// The running app's pid: the child of the pane's shell.
    func appProcessID(timeout: Duration = Polling.defaultTimeout) -> pid_t? {
        Polling.value(timeout: timeout) {
            guard let shell = pid_t(display("#{pane_pid}")) else { return nil }
            return ProcessInspector.children(of: shell, named: "tui-onboard").first
        }
    }

    /// With `jobControl`: lets the shell bring the stopped app back with `fg`.
    func resumeInForeground() throws {
        _ = try tmux(["wait-for", "-S", "resume"])
    }

    /// The app's exit code once it has ended (or stopped, with `jobControl`), or nil if it did
    /// not within `timeout`. With `afterResume`, the code once it ended after `fg`.
    func waitForExit(timeout: Duration = Polling.defaultTimeout, afterResume: Bool = false) -> Int32? {
        let file = afterResume ? resumedExitFile : exitFile
        return Polling.value(timeout: timeout) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                text.hasPrefix("EXIT="), text.hasSuffix("\n")
            else { return nil }
            return Int32(text.dropFirst(5).dropLast())
        }
    }

    // MARK: - tmux

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        // Calls on one terminal come one at a time, so one output file serves them all.
        let outputPath = directory.path("tmux-output")
        let status = try ChildProcess.run(
            tmuxPath, ["-L", socketName] + arguments, standardOutput: outputPath, standardError: outputPath)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw EndToEndError("tmux \(arguments.joined(separator: " ")) failed (\(status)): \(output)")
        }
        return output
    }

    private static func locateTmux() throws -> String {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw EndToEndError(
            "tmux is not installed; install it with `sudo apt-get install -y tmux` (or run `make deps`)")
    }

    /// Wraps `text` in single quotes for sh.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
