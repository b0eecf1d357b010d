import Glibc
import OnboardBase

/// Reads the files a user names (decks, art, catalogs, `.storekit` files, licenses, keys) from
/// the disk, for the executable, the vendor's tool and every host alike.
///
/// Only regular files are read. A FIFO, a terminal or `/dev/stdin` would block the read
/// forever, and `/dev/zero` would never end; so the file is opened without blocking, its
/// type is checked on the open descriptor, and only then is it read, with the size limit
/// (`POSIXFile.readRegularFile`, the store's own reader).
public enum UserFile {
    /// The bytes of the regular file at `path`, refusing anything over `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        do {
            return try POSIXFile.readRegularFile(path, limit: limit)
        } catch {
            switch error {
            case .missing: throw .missing(path: path)
            // A path through a file (`deck.json/x`) names nothing, as for the user it is.
            case .system(let failure) where failure.code == ENOTDIR: throw .missing(path: path)
            case .notRegular(let kind): throw .notRegularFile(path: path, kind: kind)
            case .tooLarge(let size): throw .tooLarge(path: path, size: size, limit: limit)
            case .system(let failure):
                let reason = failure.code == EACCES ? "permission denied" : String(cString: strerror(failure.code))
                throw .unreadable(path: path, reason: reason)
            }
        }
    }
}
