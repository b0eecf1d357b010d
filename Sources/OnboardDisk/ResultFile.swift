import FoundationEssentials
import Glibc

/// Writes a document (the run's result) where the caller asked for it, as a shell's `>` does.
///
/// The path is opened for writing (a symbolic link followed), created when missing with mode
/// 0666 less the umask, and truncated when it is a regular file. The file the user named keeps
/// its inode: its mode, owner and hard links stay, and a device, FIFO or terminal
/// (`/dev/null`, `/dev/stdout`, a `mkfifo` pipe) stays what it is. A write that fails leaves a
/// regular file empty rather than holding half a document. `--record` follows the same rule
/// (DECISIONS.md, "Output files are the user's").
public enum ResultFile {
    public static func write(_ data: Data, to path: String) throws(SystemCallError) {
        let (descriptor, isRegular) = try open(path)
        defer { POSIXFile.close(descriptor) }
        do {
            try POSIXFile.writeAll(descriptor, data, path: path)
            if isRegular { try POSIXFile.sync(descriptor, path: path) }
        } catch {
            if isRegular { _ = ftruncate(descriptor, 0) }
            throw error
        }
    }

    /// Opens `path` for writing by this rule and says whether it is a regular file (then
    /// truncated). The caller closes the descriptor.
    public static func open(_ path: String) throws(SystemCallError) -> (descriptor: Int32, isRegular: Bool) {
        // O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) rather than hanging; the
        // writing itself then blocks as usual.
        let descriptor = try POSIXFile.open(path, flags: O_WRONLY | O_CREAT | O_NONBLOCK, mode: 0o666)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        // Truncated once open, and only a regular file: a device has nothing to cut.
        do {
            if isRegular { try POSIXFile.truncate(descriptor, to: 0, path: path) }
        } catch {
            POSIXFile.close(descriptor)
            throw error
        }
        return (descriptor, isRegular)
    }
}
