import CTerminalCapture
import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// `--record FILE.cast`: every byte written to the terminal, as an asciicast v2 file.
///
/// The file and its header are written before the terminal is touched, so a path that cannot
/// be written stops the run first. Each event is one write(2) as it happens, so a killed
/// session keeps everything up to its last write; there is no buffer to lose and none to wait for.
/// A write that fails (a full disk) is cut back to the last whole event and ends the recording,
/// not the tour (`WholeLineFile`), so the file always plays.
final class SessionRecording {
    /// The stream ncurses and the presenter write to (see `tui_capture_stream`).
    let output: UnsafeMutablePointer<FILE>
    /// The recording, one whole asciicast line after another.
    private var file: WholeLineFile
    private let terminal: Int32
    private let started: Double
    private var encoder = AsciicastEncoder()
    private var size: (width: Int, height: Int)
    /// The first write that failed (a full disk): the file is cut back to its last whole event,
    /// recording stops there and the tour goes on; the run says so once the terminal is restored.
    var failure: String? { file.failure.map { String(cString: strerror($0)) } }
    private var isFinished = false

    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens `path` as a shell's `>` does (created with 0666 less the umask, or an existing
    /// file truncated in place, keeping its mode and links), writes the header with the
    /// terminal's size, and opens the captured stream on a copy of standard output.
    init(path: String, environment: [String: String]) throws(OpenError) {
        terminal = STDOUT_FILENO
        size = SessionRecording.terminalSize(of: STDOUT_FILENO)
        let shownPath = SafeText.sanitize(path)
        // The rule of every output file (ResultFile): a FIFO nobody reads is refused at once.
        let descriptor: Int32
        do {
            descriptor = try ResultFile.open(path).descriptor
        } catch {
            throw OpenError(description: "cannot record to \(shownPath): \(error.reason)")
        }
        file = WholeLineFile(descriptor: descriptor)
        let header = AsciicastEncoder.header(
            width: size.width, height: size.height, timestamp: Int(Date().timeIntervalSince1970),
            environment: environment)
        guard file.append(header) else {
            close(descriptor)
            let reason = file.failure.map { String(cString: strerror($0)) } ?? ""
            throw OpenError(description: "cannot record to \(shownPath): \(reason)")
        }
        let terminalCopy = dup(STDOUT_FILENO)
        guard terminalCopy >= 0, let stream = tui_capture_stream(terminalCopy) else {
            close(descriptor)
            throw OpenError(description: "cannot record: the terminal's output cannot be opened")
        }
        output = stream
        started = SessionRecording.now()
        tui_capture_start(
            terminalCopy,
            { context, bytes, count in
                guard let context, let bytes else { return }
                let recording = Unmanaged<SessionRecording>.fromOpaque(context).takeUnretainedValue()
                recording.record(UnsafeRawBufferPointer(start: bytes, count: count))
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// One write to the terminal: a resize event first when the size changed since the last.
    private func record(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !isFinished else { return }
        let seconds = elapsed
        let current = SessionRecording.terminalSize(of: terminal)
        if current != size {
            size = current
            append(AsciicastEncoder.resize(width: current.width, height: current.height, at: seconds))
        }
        if let line = encoder.output(bytes, at: seconds) { append(line) }
    }

    /// Stops capturing and closes the file (the terminal stream is the caller's to close).
    func finish() {
        guard !isFinished else { return }
        tui_capture_stop()
        if failure == nil, let line = encoder.flush(at: elapsed) { append(line) }
        isFinished = true
        close(file.descriptor)
    }

    deinit { finish() }

    private func append(_ line: String) { file.append(line) }

    private var elapsed: Double { max(0, SessionRecording.now() - started) }

    static func terminalSize(of descriptor: Int32) -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
