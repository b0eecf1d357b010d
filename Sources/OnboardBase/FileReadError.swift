import FoundationEssentials

/// Why an input file could not be read. The executable maps `missing`, `notRegularFile` and
/// `unreadable` to exit code 66 (no usable input) and `tooLarge` to 65 (bad data).
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(path: String)
    case tooLarge(path: String, size: Int, limit: Int)
    case unreadable(path: String, reason: String)
    /// A FIFO, device, socket or directory: reading one could block forever or never end.
    /// `kind` names it with its article, such as "a FIFO".
    case notRegularFile(path: String, kind: String)

    public var description: String {
        switch self {
        case .missing(let path), .tooLarge(let path, _, _), .unreadable(let path, _), .notRegularFile(let path, _):
            return "\(SafeText.sanitize(path)): \(reason)"
        }
    }

    /// What went wrong, without the path (for messages that name the file already).
    public var reason: String {
        switch self {
        case .missing:
            return "no such file"
        case .tooLarge(_, let size, let limit):
            return "file is \(ByteCount.overLimit(size, limit: limit))"
        case .unreadable(_, let reason):
            return "cannot read: \(reason)"
        case .notRegularFile(_, let kind):
            return "is \(kind), not a regular file"
        }
    }
}
