/// Reads whole files with a size limit. Injected wherever the core needs a file, so tests can
/// hand in bytes without a disk. The executable passes in its disk reader, which opens regular
/// files only; the core itself never touches the file system.
public struct FileReader: Sendable {
    public var read: @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8]
    /// Decodes a PNG file's bytes into pixels, refusing a picture wider or taller than
    /// `maximumSide`; nil where the host links no PNG decoder (pictures are then an error).
    public var decodePNG: PNGDecoder?

    public init(
        read: @escaping @Sendable (_ path: String, _ limit: Int) throws(FileReadError) -> [UInt8],
        decodePNG: PNGDecoder? = nil
    ) {
        self.read = read
        self.decodePNG = decodePNG
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

/// Decodes a PNG file's bytes (see `FileReader.decodePNG`).
public typealias PNGDecoder =
    @Sendable (_ bytes: [UInt8], _ maximumSide: Int) -> Result<RasterImage, PictureDecodingError>

/// Why a picture file gave no picture, in words for the deck's author.
public struct PictureDecodingError: Error, Hashable, Sendable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
}
