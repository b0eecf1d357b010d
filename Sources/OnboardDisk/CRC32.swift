/// The CRC-32 checksum (IEEE 802.3, as in zlib and PNG) that guards each ledger line.
///
/// Eight bytes a step through eight tables ("slicing-by-8", as zlib does): reading a ledger at
/// its size limit checksums 64 MiB, which one table a byte made a third of the time.
enum CRC32 {
    /// Table k gives the CRC of a byte followed by k zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            tables[index] = value
        }
        for table in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(table - 1) * 256 + index]
                tables[table * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        if let sliced = bytes.withContiguousStorageIfAvailable({ checksum(buffer: $0) }) { return sliced }
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { checksum(buffer: $0) }
    }

    /// One byte at a time: the definition, kept for tests to compare the fast path with.
    static func checksumBytewise(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = tables[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func checksum(buffer bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let low =
                    (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                        | UInt32(bytes[index + 3]) << 24) ^ crc
                let high =
                    UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16
                    | UInt32(bytes[index + 7]) << 24
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
