/// Whether a compiled catalog is safe to hand to glibc: glibc maps a `.mo` file and follows its
/// offsets without checking them, so a damaged one (bytes flipped on disk, a file truncated or
/// written by someone else) crashes the app with a segmentation fault. This reads nothing of the
/// messages; it only checks that every table, string and hash entry the GNU MO layout (gettext
/// manual, "The Format of GNU MO Files") describes lies inside the file.
enum CompiledCatalogCheck {
    /// The largest catalog read: ours are about 40 KB.
    static let maximumSize = 4 << 20

    static func isWellFormed(path: String) -> Bool {
        guard let bytes = try? POSIXFile.readRegularFile(path, limit: maximumSize) else { return false }
        return isWellFormed(bytes)
    }

    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 28 else { return false }
        func word(_ offset: Int, bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let parts = bytes[offset..<offset + 4].map(UInt32.init)
            let value =
                bigEndian
                ? parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3]
                : parts[3] << 24 | parts[2] << 16 | parts[1] << 8 | parts[0]
            return Int(value)
        }
        let bigEndian: Bool
        switch word(0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: return false
        }
        func at(_ offset: Int) -> Int? { word(offset, bigEndian: bigEndian) }
        // Only revision 0: msgfmt writes revision 1 only for system-dependent strings, which no
        // catalog here has.
        guard at(4) == 0, let count = at(8), let originals = at(12), let translations = at(16),
            let hashSize = at(20), let hashOffset = at(24)
        else { return false }
        // Each string: a length and an offset, the string ending in a NUL inside the file.
        for table in [originals, translations] {
            for index in 0..<count {
                guard let length = at(table + 8 * index), let offset = at(table + 8 * index + 4),
                    offset + length < bytes.count, bytes[offset + length] == 0
                else { return false }
            }
        }
        // Each hash entry is 0 (empty) or a message's number plus one.
        for index in 0..<hashSize {
            guard let entry = at(hashOffset + 4 * index), entry <= count else { return false }
        }
        return true
    }
}
