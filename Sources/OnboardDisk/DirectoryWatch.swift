import Glibc

/// Wakes a poll loop when a file in a directory is written, created, renamed or removed
/// (inotify), so that what another process does to the ledger shows at once rather than on
/// the next key. Nothing is read or counted while nothing changes.
public final class DirectoryWatch {
    /// Readable when something changed; poll it beside the terminal.
    public let descriptor: Int32

    /// Nil when the directory cannot be watched (it is missing, or inotify is unavailable):
    /// changes are then noticed on the next wake instead.
    public init?(directory: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(descriptor, directory, events) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Empties the queue of events after a wake; what changed is looked at by the caller.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
