/// Crockford's base32 (digits and capitals without I, L, O, U): references and license ids a
/// person can read aloud and type, safe in any URL.
public enum CrockfordBase32 {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// `bytes` five bits at a time, the last group padded with zero bits: 16 bytes give 26 characters.
    public static func encode(_ bytes: [UInt8]) -> String {
        var characters: [UInt8] = []
        var accumulator: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                characters.append(alphabet[Int((accumulator >> UInt32(bitCount)) & 0x1F)])
            }
            accumulator &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 { characters.append(alphabet[Int((accumulator << UInt32(5 - bitCount)) & 0x1F)]) }
        return String(decoding: characters, as: UTF8.self)
    }
}
