import FoundationEssentials

/// Reads a whole file's bytes by path. Injected so that tests and tools can load catalogs
/// without touching the disk. A reader that throws `FileReadError` gets its reason shown
/// without the path, which the diagnostic names already.
public typealias CatalogFileReader = (String) throws -> [UInt8]

/// Reading of catalog files, with the size limit every catalog input obeys.
public enum CatalogFile {
    /// Catalog and StoreKit files larger than this are refused: real ones are a few kilobytes,
    /// and a huge file is almost always the wrong file.
    public static let maximumByteCount = 10 * 1024 * 1024

    static func tooLargeMessage(byteCount: Int) -> String {
        "the file is \(ByteCount.overLimit(byteCount, limit: maximumByteCount)) for catalogs; "
            + "check that this is the catalog or .storekit file you meant"
    }

    /// Reads `path` with `reader`, logging a clear error (and returning nil) when it fails or
    /// the file is over the size limit.
    /// `reference` is the JSON value that named the file, when another file did.
    static func read(
        _ path: String, with reader: CatalogFileReader, log: DiagnosticLog,
        reference: (node: JSONNode, path: JSONPath)? = nil
    ) -> [UInt8]? {
        let prefix = reference == nil ? "" : "\"\(SafeText.sanitize(path))\": "
        let bytes: [UInt8]
        do {
            bytes = try reader(path)
        } catch {
            var reason = SafeText.sanitize(String(describing: error))
            if let error = error as? FileReadError {
                // The diagnostic names the file already.
                if case .tooLarge(_, let size, _) = error {
                    log.error(
                        reference?.path ?? .root, at: reference?.node.location,
                        prefix + tooLargeMessage(byteCount: size))
                    return nil
                }
                reason = error.reason
            }
            log.error(
                reference?.path ?? .root, at: reference?.node.location, prefix + "cannot read the file: " + reason)
            return nil
        }
        if bytes.count > maximumByteCount {
            log.error(
                reference?.path ?? .root, at: reference?.node.location, prefix + tooLargeMessage(byteCount: bytes.count)
            )
            return nil
        }
        return bytes
    }

    /// Parses JSON, logging a syntax error with its line and column.
    static func parseJSON(_ bytes: [UInt8], log: DiagnosticLog) -> JSONNode? {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            log.error(.root, at: error.location, "invalid JSON: \(error.message)")
            return nil
        }
    }
}
