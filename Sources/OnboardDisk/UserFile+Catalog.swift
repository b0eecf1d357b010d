import OnboardKit

extension UserFile {
    /// The reader the core's loaders get.
    public static let reader = FileReader(
        read: { path, limit throws(FileReadError) in try read(path, limit: limit) }, decodePNG: PNGFile.decode)

    /// The reader for catalogs and the `.storekit` files they name.
    public static func readCatalog(_ path: String) throws -> [UInt8] {
        try read(path, limit: CatalogFile.maximumByteCount)
    }

    /// A catalog reader that hands out `bytes`, already read, for `path` and reads any other
    /// file (a `.storekit` file the catalog names) from the disk.
    public static func catalogReader(serving bytes: [UInt8], for path: String) -> CatalogFileReader {
        { requested in requested == path ? bytes : try readCatalog(requested) }
    }
}
