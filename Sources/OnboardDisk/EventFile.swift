import Glibc
import OnboardKit

/// Where a run's event stream goes (`--events FILE`): every line is appended with one write(2),
/// so a reader never sees half of one, and nothing that goes wrong here ends the run.
///
/// - The file is opened once, before the terminal is touched, with `O_APPEND` (created 0666
///   less the umask, never truncated: runs add to it) and `O_NONBLOCK`, so a FIFO nobody reads
///   is refused at once (ENXIO) instead of hanging before the first page.
/// - A FIFO or socket stays non-blocking: a reader that falls behind loses lines (EAGAIN)
///   rather than freezing the tour, and a line of at most `PIPE_BUF` bytes goes into a pipe
///   whole or not at all, so a longer one is never sent there. Other files block as usual.
/// - SIGPIPE is blocked around each write and a SIGPIPE the write raised is taken back, so a
///   reader that went away (EPIPE) ends the stream, not the process.
/// - After a write that fails for good (EPIPE, ENOSPC, EIO) nothing more is written; a partial
///   write is completed, or cut off again when nothing was appended after it.
public final class EventFile {
    public let descriptor: Int32
    /// A FIFO or a socket: lines over `PIPE_BUF` are not sent, and a full pipe drops lines.
    public let isPipe: Bool
    private let ownsDescriptor: Bool
    /// Lines offered, and lines that never reached the file.
    public private(set) var offered = 0
    public private(set) var lost = 0
    /// The errno of the write that ended the stream, or of the last line dropped.
    public private(set) var lastError: Int32?
    /// True once a write failed for good: nothing more is written.
    public private(set) var isClosed = false

    /// Why an events file cannot be used.
    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens `path` for appending by the rules above. A terminal is refused: the events are
    /// data, and the terminal is the tour's (`-` writes them to stdout after the run instead).
    public static func open(_ path: String) throws(OpenError) -> EventFile {
        let shown = SafeText.sanitize(path)
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.open(path, flags: O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK, mode: 0o666)
        } catch {
            let advice = error.code == ENXIO ? " (a FIFO with no reader: start the reader first)" : ""
            throw OpenError(description: "cannot write events to \(shown): \(error.reason)\(advice)")
        }
        if isatty(descriptor) != 0 {
            POSIXFile.close(descriptor)
            throw OpenError(
                description: "cannot write events to \(shown): it is a terminal; pass --events - to have them on "
                    + "standard output once the terminal is restored")
        }
        var info = stat()
        let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
        let isPipe = kind == S_IFIFO || kind == S_IFSOCK
        if !isPipe { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        return EventFile(descriptor: descriptor, isPipe: isPipe, ownsDescriptor: true)
    }

    /// A descriptor opened elsewhere (standard output), left as it is and never closed here.
    /// Its flags are shared with whoever gave it, so they stay: writes block, nothing is dropped.
    public convenience init(borrowing descriptor: Int32) {
        self.init(descriptor: descriptor, isPipe: false, ownsDescriptor: false)
    }

    private init(descriptor: Int32, isPipe: Bool, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.isPipe = isPipe
        self.ownsDescriptor = ownsDescriptor
    }

    deinit { if ownsDescriptor { POSIXFile.close(descriptor) } }

    /// Appends `line` (ending in a newline) with one write; false when it was not written.
    @discardableResult
    public func append(_ line: String) -> Bool {
        offered += 1
        guard !isClosed else {
            lost += 1
            return false
        }
        var bytes = Array(line.utf8)
        if isPipe, bytes.count > Int(PIPE_BUF) {
            // Longer than a pipe takes in one piece: a reader could see it cut in two.
            drop(EMSGSIZE)
            return false
        }
        let result = bytes.withUnsafeMutableBytes { buffer in Self.writeIgnoringSIGPIPE(descriptor, buffer) }
        switch result {
        case .success(let written) where written == bytes.count:
            return true
        case .success(let written):
            // Only a regular file takes part of a line (a disk filling up): the rest follows.
            bytes.removeFirst(written)
            switch bytes.withUnsafeMutableBytes({ buffer in Self.writeIgnoringSIGPIPE(descriptor, buffer) }) {
            case .success(let more) where more == bytes.count:
                return true
            case .success(let more):
                cutPartialLine(written: written + more)
                close(ENOSPC)
            case .failure(let code):
                cutPartialLine(written: written)
                close(code)
            }
            return false
        case .failure(let code) where code == EAGAIN || code == EWOULDBLOCK:
            // The pipe is full: the reader is behind. This line is lost, later ones may fit.
            drop(code)
            return false
        case .failure(let code):
            close(code)
            return false
        }
    }

    private func drop(_ code: Int32) {
        lost += 1
        lastError = code
    }

    private func close(_ code: Int32) {
        lost += 1
        lastError = code
        isClosed = true
    }

    /// Takes back the start of a line that was cut off, when the file still ends with it.
    private func cutPartialLine(written: Int) {
        guard written > 0 else { return }
        let end = lseek(descriptor, 0, SEEK_CUR)
        var info = stat()
        guard end >= written, fstat(descriptor, &info) == 0, info.st_size == end else { return }
        _ = ftruncate(descriptor, end - off_t(written))
    }

    /// What one write did: the bytes written, or the errno.
    enum WriteResult {
        case success(Int)
        case failure(Int32)
    }

    /// One write(2) with SIGPIPE blocked; a SIGPIPE it raised is taken back before the mask is
    /// restored (one that was already waiting is left for its owner).
    static func writeIgnoringSIGPIPE(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> WriteResult {
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        while true {
            let written = write(descriptor, buffer.baseAddress, buffer.count)
            if written >= 0 { return .success(written) }
            let code = errno
            if code == EINTR { continue }
            if code == EPIPE, !wasPending {
                var now = timespec()
                _ = sigtimedwait(&pipeOnly, nil, &now)
            }
            return .failure(code)
        }
    }
}
