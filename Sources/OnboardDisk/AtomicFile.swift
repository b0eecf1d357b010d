import FoundationEssentials
import Glibc
import OnboardKit

/// A file replaced all at once: readers see the old contents or the new, never a mixture, even
/// when the writer is killed or the machine loses power mid-write.
///
/// A write goes to a temporary file in the same directory (so the rename cannot cross file
/// systems), which is synced, renamed over the target, and then the directory is synced so the
/// rename itself is durable.
public struct AtomicFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The current contents, or nil when the file does not exist. Temporary files are never read.
    public func read(limit: Int = Int.max) throws(FileReadFailure) -> Data? {
        try POSIXFile.readFile(path, limit: limit).map { Data($0) }
    }

    /// Replaces the contents with `bytes`, durably. Temporaries left by writers that died are
    /// removed first.
    ///
    /// Only a regular file (or a link, or nothing) is replaced: renaming over a device or FIFO
    /// would destroy it, so that is refused.
    ///
    /// Any collection of bytes, not `Data`: `Data(text.utf8)` casts its argument at run time,
    /// which makes the runtime scan every conformance record in the binary.
    public func write(_ bytes: some Collection<UInt8>) throws(SystemCallError) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFLNK {
            throw SystemCallError(operation: "replace", path: path, code: EEXIST)
        }
        removeAbandonedTemporaries()
        let temporary = try writeTemporary(bytes)
        do {
            try POSIXFile.rename(temporary, to: path)
        } catch {
            _ = unlink(temporary)
            throw error
        }
        try POSIXFile.syncDirectory(PathText.directory(of: path))
    }

    /// The first half of a write: the new contents, synced, in a temporary file beside the
    /// target. Returns the temporary's path.
    func writeTemporary(_ bytes: some Collection<UInt8>) throws(SystemCallError) -> String {
        let temporary = temporaryPath(process: getpid(), nonce: UInt32.random(in: 0...UInt32.max))
        let descriptor = try POSIXFile.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL)
        do {
            try POSIXFile.writeAll(descriptor, bytes, path: temporary)
            try POSIXFile.sync(descriptor, path: temporary)
            POSIXFile.close(descriptor)
        } catch {
            POSIXFile.close(descriptor)
            _ = unlink(temporary)
            throw error
        }
        return temporary
    }

    /// `.<name>.tmp-<pid>-<nonce>`: hidden, and naming its writer so that a later write can tell
    /// an abandoned temporary from one still being written.
    func temporaryPath(process: Int32, nonce: UInt32) -> String {
        PathText.join(PathText.directory(of: path), "\(temporaryPrefix)\(process)-\(String(nonce, radix: 16))")
    }

    var temporaryPrefix: String { ".\(PathText.baseName(of: path)).tmp-" }

    /// Deletes temporaries of this file whose writing process no longer exists. Best effort:
    /// a leftover temporary wastes a little space but never changes what `read` returns.
    func removeAbandonedTemporaries() {
        let directory = PathText.directory(of: path)
        for name in POSIXFile.names(in: directory) where name.hasPrefix(temporaryPrefix) {
            let rest = name.dropFirst(temporaryPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let process = Int32(rest[..<dash]) else { continue }
            if kill(process, 0) != 0 && errno == ESRCH {
                _ = unlink(PathText.join(directory, name))
            }
        }
    }
}
