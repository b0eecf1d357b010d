import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// Reads the files a user names (decks, art, catalogs, `.storekit` files) from the disk.
///
/// Only regular files are read. A FIFO, a terminal or `/dev/stdin` would block the read
/// forever, and `/dev/zero` would never end; so the file is opened without blocking, its
/// type is checked on the open descriptor (after symlinks, and with no window for the path to
/// change in between), and only then is it read, with the size limit.
enum InputFile {
    /// The reader the core's loaders get.
    static let reader = FileReader { path, limit throws(FileReadError) in try read(path, limit: limit) }

    /// The reader for catalogs and the `.storekit` files they name.
    static func readCatalog(_ path: String) throws -> [UInt8] {
        try read(path, limit: CatalogFile.maximumByteCount)
    }

    /// A catalog reader that hands out `bytes`, already read, for `path` and reads any other
    /// file (a `.storekit` file the catalog names) from the disk.
    static func catalogReader(serving bytes: [UInt8], for path: String) -> CatalogFileReader {
        { requested in requested == path ? bytes : try readCatalog(requested) }
    }

    /// The bytes of the regular file at `path`, refusing anything over `limit` bytes.
    static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: describe(errno)) }
        if let kind = FileReadFailure.kindName(mode: info.st_mode) { throw .notRegularFile(path: path, kind: kind) }
        let size = Int(info.st_size)
        if size > limit { throw .tooLarge(path: path, size: size, limit: limit) }
        // At most one byte over the limit is read: a file growing after the size check is still refused.
        let bytes: [UInt8]
        do {
            bytes = try DescriptorReader.readToEnd(descriptor, path: path, expectedSize: size, limit: limit)
        } catch {
            throw .unreadable(path: path, reason: describe(error.code))
        }
        if bytes.count > limit { throw .tooLarge(path: path, size: bytes.count, limit: limit) }
        return bytes
    }

    private static func openError(_ path: String, code: Int32) -> FileReadError {
        switch code {
        case ENOENT, ENOTDIR:
            return .missing(path: path)
        default:
            // A socket cannot be opened at all (ENXIO): say what it is rather than the errno.
            var info = stat()
            if stat(path, &info) == 0, let kind = FileReadFailure.kindName(mode: info.st_mode) {
                return .notRegularFile(path: path, kind: kind)
            }
            return .unreadable(path: path, reason: describe(code))
        }
    }

    private static func describe(_ code: Int32) -> String {
        code == EACCES ? "permission denied" : String(cString: strerror(code))
    }
}
