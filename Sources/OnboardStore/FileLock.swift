import Glibc

/// An exclusive `flock` on a lock file, shared by every process using the same state directory.
///
/// A separate lock file (rather than locking the data file) keeps working when the data file
/// is renamed away, and the kernel drops the lock when its holder dies, even by SIGKILL.
struct FileLock {
    let path: String
    private let descriptor: Int32

    /// Blocks until this process holds the lock.
    init(exclusive path: String) throws(SystemCallError) {
        self.path = path
        descriptor = try POSIXFile.open(path, flags: O_RDWR | O_CREAT)
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let failure = SystemCallError.current("lock", path)
            POSIXFile.close(descriptor)
            throw failure
        }
    }

    /// Releases the lock by closing its descriptor.
    func unlock() { POSIXFile.close(descriptor) }
}
