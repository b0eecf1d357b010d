import Foundation

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
            return "file is \(FileReadError.mebibytes(size)), over the limit of \(FileReadError.mebibytes(limit))"
        case .unreadable(_, let reason):
            return "cannot read: \(reason)"
        case .notRegularFile(_, let kind):
            return "is \(kind), not a regular file"
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return String(format: value >= 10 ? "%.0f MiB" : "%.1f MiB", value)
    }
}

/// Reads whole files with a size limit. Injected wherever the core needs a file, so tests can
/// hand in bytes without a disk. The executable passes in its disk reader, which opens regular
/// files only; the core itself never touches the file system.
public struct FileReader: Sendable {
    public var read: @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8]

    public init(read: @escaping @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8]) {
        self.read = read
    }

    /// Reads from an in-memory table of files, for tests.
    public static func memory(_ files: [String: String]) -> FileReader {
        FileReader { path, limit throws(FileReadError) in
            guard let text = files[path] else { throw .missing(path: path) }
            let bytes = Array(text.utf8)
            if bytes.count > limit { throw .tooLarge(path: path, size: bytes.count, limit: limit) }
            return bytes
        }
    }
}
