/// The BCH-protected format and version information words (ISO/IEC 18004 §7.9, §7.10, Annex C
/// and D).
enum QRInformationBits {
    /// The level's two format bits: L 01, M 00, Q 11, H 10 (Table 12).
    static func levelBits(_ errorCorrection: QRCode.ErrorCorrection) -> Int {
        switch errorCorrection {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// Level and mask (5 bits), their BCH(15,5) check bits by the generator 0x537, then XORed
    /// with 0x5412 so that no format word is all light.
    static func format(errorCorrection: QRCode.ErrorCorrection, mask: Int) -> Int {
        let data = levelBits(errorCorrection) << 3 | mask
        return (data << 10 | remainder(of: data << 10, generator: 0x537)) ^ 0x5412
    }

    /// The version (6 bits) followed by its BCH(18,6) check bits by the generator 0x1F25.
    static func version(_ version: Int) -> Int {
        version << 12 | remainder(of: version << 12, generator: 0x1F25)
    }

    /// The remainder of the polynomial division of `value` by `generator` over GF(2).
    static func remainder(of value: Int, generator: Int) -> Int {
        let generatorDegree = Int.bitWidth - 1 - generator.leadingZeroBitCount
        var remainder = value
        while remainder != 0, Int.bitWidth - 1 - remainder.leadingZeroBitCount >= generatorDegree {
            remainder ^= generator << (Int.bitWidth - 1 - remainder.leadingZeroBitCount - generatorDegree)
        }
        return remainder
    }
}
