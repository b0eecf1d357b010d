import Foundation

/// Why an input file could not be read. The executable maps `missing` to exit code 66.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(path: String)
    case tooLarge(path: String, size: Int, limit: Int)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path), .tooLarge(let path, _, _), .unreadable(let path, _):
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
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return String(format: value >= 10 ? "%.0f MiB" : "%.1f MiB", value)
    }
}

/// Reads whole files with a size limit. Injected wherever the core needs a file, so tests can
/// hand in bytes without a disk.
public struct FileReader: Sendable {
    public var read: @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8]

    public init(read: @escaping @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8]) {
        self.read = read
    }

    /// Reads from the local file system, checking the size before reading.
    public static let local = FileReader { path, limit throws(FileReadError) in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path: path)
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > limit { throw .tooLarge(path: path, size: size, limit: limit) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        do {
            // Read at most one byte over the limit: a file growing after the size check is still refused.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            if data.count > limit { throw FileReadError.tooLarge(path: path, size: data.count, limit: limit) }
            return [UInt8](data)
        } catch let error as FileReadError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
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
