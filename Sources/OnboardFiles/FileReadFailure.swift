import Glibc
import OnboardBase

/// Why a stored file (ledger, state) could not be read.
public enum FileReadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file system call failed.
    case system(SystemCallError)
    /// The path names a FIFO, a device, a directory or a socket: reading it could block for ever
    /// or never end.
    case notRegular(path: String, kind: String)
    /// The file is larger than anything the store writes; reading it whole would exhaust memory.
    case tooLarge(path: String, size: Int, limit: Int)

    public var description: String {
        switch self {
        case .system(let failure):
            return failure.description
        case let .notRegular(path, kind):
            return
                "\(SafeText.sanitize(path)) is \(kind), not a regular file; move it away or choose another --state-dir"
        case let .tooLarge(path, size, limit):
            return "\(SafeText.sanitize(path)) is \(ByteCount.overLimit(size, limit: limit)); "
                + "it cannot be a file tui-onboard wrote. Move it away or choose another --state-dir"
        }
    }

    /// "a FIFO", "a character device"...: what a file that is not regular is, for messages;
    /// nil for a regular file. The app's own input files are refused with the same words.
    public static func kindName(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}
