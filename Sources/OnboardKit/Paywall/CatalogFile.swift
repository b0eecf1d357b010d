import Foundation

/// Reads a whole file's bytes by path. Injected so that tests and tools can load catalogs
/// without touching the disk.
public typealias CatalogFileReader = (String) throws -> [UInt8]

/// Reading of catalog files, with the size limit every catalog input obeys.
public enum CatalogFile {
    /// Catalog and StoreKit files larger than this are refused: real ones are a few kilobytes,
    /// and a huge file is almost always the wrong file.
    public static let maximumByteCount = 10 * 1024 * 1024

    /// Why a catalog file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads `path` from the disk, refusing files over `maximumByteCount` before reading them.
    public static func readFromDisk(_ path: String) throws -> [UInt8] {
        do {
            return try FileReader.local.read(path, maximumByteCount)
        } catch .tooLarge(_, let size, _) {
            throw ReadError(description: tooLargeMessage(byteCount: size))
        } catch {
            throw ReadError(description: error.reason)
        }
    }

    static func tooLargeMessage(byteCount: Int) -> String {
        let mebibytes = Double(byteCount) / 1_048_576
        let shown = (mebibytes * 10).rounded(.down) / 10
        return "the file is \(byteCount) bytes (\(shown) MiB), over the 10 MiB limit for catalogs; "
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
            let reason = SafeText.sanitize(String(describing: error))
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
