import Glibc

/// A file written one line at a time that never ends inside a line. When a write fails (a full
/// disk, a quota), whatever part of the line reached the disk is cut off again, and nothing more
/// is written: a reader (`asciinema cat`) then sees whole lines only, however the file stopped.
struct WholeLineFile {
    /// Writes some bytes, as write(2) does: the count written, or -1 with errno set.
    typealias Write = (Int32, UnsafeRawPointer, Int) -> Int

    let descriptor: Int32
    /// The bytes up to the end of the last line written whole.
    private(set) var length = 0
    /// The errno of the write that failed; nothing is written after it.
    private(set) var failure: Int32?
    private let write: Write

    init(descriptor: Int32, write: @escaping Write = { Glibc.write($0, $1, $2) }) {
        self.descriptor = descriptor
        self.write = write
    }

    /// Appends `line` (which ends in a newline) whole, or not at all; false once a write failed.
    @discardableResult
    mutating func append(_ line: String) -> Bool {
        guard failure == nil else { return false }
        var line = line
        let code: Int32? = line.withUTF8 { buffer in
            var done = 0
            while done < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // A write that takes nothing makes no progress: a full disk by another name.
                if written == 0 { return ENOSPC }
                done += written
            }
            return nil
        }
        guard let code else {
            length += line.utf8.count
            return true
        }
        failure = code
        // Best effort: a file that cannot even be cut keeps the partial line, and the failure
        // is reported all the same.
        while ftruncate(descriptor, off_t(length)) != 0 && errno == EINTR {}
        return false
    }
}
