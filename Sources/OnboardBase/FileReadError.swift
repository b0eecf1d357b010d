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
            let (shownSize, shownLimit) = (FileReadError.mebibytes(size), FileReadError.mebibytes(limit))
            // A file just over the limit rounds to the limit ("10 MiB, over the limit of 10 MiB"):
            // then the bytes say it.
            guard shownSize == shownLimit else { return "file is \(shownSize), over the limit of \(shownLimit)" }
            return "file is \(size) bytes, over the limit of \(shownLimit) (\(limit) bytes)"
        case .unreadable(_, let reason):
            return "cannot read: \(reason)"
        case .notRegularFile(_, let kind):
            return "is \(kind), not a regular file"
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        if value >= 10 { return "\(Int(value.rounded())) MiB" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
