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
