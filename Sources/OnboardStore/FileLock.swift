import Glibc

/// An exclusive `flock` on a lock file, shared by every process using the same state directory.
///
/// A separate lock file (rather than locking the data file) keeps working when the data file
/// is renamed away, and the kernel drops the lock when its holder dies, even by SIGKILL.
/// Nobody waits on it without limit: a process that holds it for ever must not freeze another.
struct FileLock {
    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock, or returns nil when another process still holds it after `wait`.
    static func acquire(_ path: String, wait: LockWait) throws(SystemCallError) -> FileLock? {
        let descriptor = try POSIXFile.open(path, flags: O_RDWR | O_CREAT)
        var delay: useconds_t = 2_000
        var waited = 0.0
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(path: path, descriptor: descriptor) }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                POSIXFile.close(descriptor)
                throw SystemCallError(operation: "lock", path: path, code: code)
            }
            guard case .upTo(let limit) = wait, waited < limit else {
                POSIXFile.close(descriptor)
                return nil
            }
            // Short at first (the holder usually finishes within milliseconds), then a gentle poll.
            usleep(delay)
            waited += Double(delay) / 1_000_000
            delay = min(delay * 2, 50_000)
        }
    }

    /// Releases the lock by closing its descriptor.
    func unlock() { POSIXFile.close(descriptor) }
}
