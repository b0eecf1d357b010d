import Foundation
import Glibc

/// A tmpfs of a few kilobytes mounted on a fresh directory, to show what a full disk does to
/// the real program. Mounting needs root (CAP_SYS_ADMIN); tests that use it are enabled only
/// when `isAvailable`, and skip cleanly elsewhere.
final class FullFileSystem {
    let directory: TemporaryDirectory
    private var isMounted = false

    /// Whether a tmpfs can be mounted here: tried once, on a probe that is unmounted at once.
    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? FullFileSystem(kilobytes: 64) else { return false }
        probe.remove()
        return true
    }()

    init(kilobytes: Int) throws {
        directory = try TemporaryDirectory()
        guard mount("tmpfs", directory.url.path, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
            let reason = String(cString: strerror(errno))
            directory.remove()
            throw EndToEndError("cannot mount a tmpfs on \(directory.url.path): \(reason)")
        }
        isMounted = true
    }

    func path(_ name: String) -> String { directory.path(name) }

    /// Writes a filler file until the file system refuses the next byte (ENOSPC). Files written
    /// before stay whole; anything that needs a new block afterwards fails.
    func fill() throws {
        let descriptor = open(path(".filler"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else {
            throw EndToEndError("cannot create the filler: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x2E, count: 512)
        while true {
            let written = write(descriptor, block, block.count)
            if written > 0 { continue }
            if written < 0 && errno == ENOSPC { return }
            throw EndToEndError("filling the tmpfs stopped with \(String(cString: strerror(errno)))")
        }
    }

    /// Makes room again: the filler goes.
    func drain() { unlink(path(".filler")) }

    /// Frees about `bytes` (whole pages, as tmpfs counts) from the end of the filler.
    func makeRoom(bytes: Int) throws {
        var info = stat()
        guard stat(path(".filler"), &info) == 0, truncate(path(".filler"), max(0, info.st_size - off_t(bytes))) == 0
        else { throw EndToEndError("cannot shorten the filler: \(String(cString: strerror(errno)))") }
    }

    func remove() {
        if isMounted { umount2(directory.url.path, Int32(MNT_DETACH)) }
        isMounted = false
        directory.remove()
    }
}
