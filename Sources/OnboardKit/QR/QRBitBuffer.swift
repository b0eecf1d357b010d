/// A sequence of bits, most significant first, as the data stream of a symbol is written:
/// mode indicator, count, data, then terminator and padding (ISO/IEC 18004 §7.4).
struct QRBitBuffer: Equatable {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the low `width` bits of `value`, most significant first.
    mutating func append(_ value: Int, width: Int) {
        precondition(width >= 0 && width <= 31 && value >> width == 0, "\(value) does not fit in \(width) bits")
        for shift in stride(from: width - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as codewords; the count must be a multiple of 8.
    var bytes: [UInt8] {
        precondition(bits.count % 8 == 0, "\(bits.count) bits are not whole codewords")
        return stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }

    /// The data codewords of a byte-mode segment holding `data`, filled up to `capacity`
    /// codewords: terminator of up to four zero bits, zeros to the next codeword, then the pad
    /// codewords 0xEC and 0x11 by turns (§7.4.9, §7.4.10).
    static func byteModeCodewords(_ data: [UInt8], countBits: Int, capacity: Int) -> [UInt8] {
        var buffer = QRBitBuffer()
        buffer.append(0b0100, width: 4)
        buffer.append(data.count, width: countBits)
        for byte in data { buffer.append(Int(byte), width: 8) }
        let capacityBits = capacity * 8
        precondition(buffer.count <= capacityBits, "\(buffer.count) bits exceed \(capacityBits)")
        buffer.append(0, width: min(4, capacityBits - buffer.count))
        buffer.append(0, width: (8 - buffer.count % 8) % 8)
        let pads: [UInt8] = [0xEC, 0x11]
        return buffer.bytes + (0..<(capacity - buffer.count / 8)).map { pads[$0 % 2] }
    }
}
