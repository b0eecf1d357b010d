import FoundationEssentials
import Glibc

/// Writes a document (the run's result) where the caller asked for it.
///
/// A regular file, or a new one, is replaced atomically, so a reader never sees half of it. A
/// device, FIFO or terminal (`/dev/null`, `/dev/stdout`, a `mkfifo` pipe) is written to in place:
/// renaming a file over it would destroy it. A symbolic link is followed, and its target
/// replaced, rather than the link.
public enum ResultFile {
    public static func write(_ data: Data, to path: String) throws(SystemCallError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return try AtomicFile(path: path).write(data) }
        guard info.st_mode & S_IFMT == S_IFREG else { return try writeInPlace(data, to: path) }
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realpath(path, nil) {
            defer { free(target) }
            return try AtomicFile(path: String(cString: target)).write(data)
        }
        try AtomicFile(path: path).write(data)
    }

    /// Opens without waiting (a FIFO nobody reads fails at once rather than hanging), then
    /// writes everything in blocking mode.
    private static func writeInPlace(_ data: Data, to path: String) throws(SystemCallError) {
        let descriptor = try POSIXFile.open(path, flags: O_WRONLY | O_NONBLOCK)
        defer { POSIXFile.close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        try POSIXFile.writeAll(descriptor, data, path: path)
    }
}
