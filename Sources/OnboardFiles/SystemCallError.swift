import Glibc
import OnboardBase

/// A failed operating-system call on a file, with the path, the errno text and what to do.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being attempted, as a verb phrase: "open", "create the directory", "fsync".
    public var operation: String
    public var path: String
    /// The errno value the call failed with.
    public var code: Int32
    /// Where `path` was to go, for a rename: "could not rename A to B".
    public var destination: String?

    public init(operation: String, path: String, code: Int32, destination: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.destination = destination
    }

    /// Captures the current `errno`.
    package static func current(_ operation: String, _ path: String, to destination: String? = nil)
        -> SystemCallError
    {
        SystemCallError(operation: operation, path: path, code: errno, destination: destination)
    }

    /// "the.tmp", or "the.tmp to the.json" for a rename, sanitised for a message.
    public var paths: String {
        SafeText.sanitize(path) + (destination.map { " to " + SafeText.sanitize($0) } ?? "")
    }

    /// The C library's text for `code`, such as "Permission denied".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String {
        var text = "could not \(operation) \(paths): \(reason) (errno \(code))"
        if let advice { text += "; \(advice)" }
        return text
    }

    /// A next step for the errors a user can do something about.
    var advice: String? {
        switch code {
        case EACCES, EPERM:
            return "check the owner and permissions of that path, or choose another state directory with --state-dir"
        case EROFS:
            return "the file system is read-only; choose a writable state directory with --state-dir"
        case ENOSPC, EDQUOT:
            return "the disk or quota is full; free some space and try again"
        case ELOOP:
            return "it is a symbolic link, which tui-onboard does not follow in its state directory; remove it"
        case ENOTDIR, EEXIST:
            return "a file is in the way where a directory is expected; move it or choose another --state-dir"
        default:
            return nil
        }
    }
}
