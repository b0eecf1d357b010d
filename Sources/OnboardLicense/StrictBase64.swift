/// Base64 (RFC 4648 §4) read strictly: the standard alphabet only, padded to a multiple of
/// four, `=` only at the end, and no stray bits in the last character, so that each byte
/// sequence has exactly one spelling and a changed character can never decode to the same bytes.
public enum StrictBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    /// Why a text is not strict base64, for a message.
    public enum DecodingError: Error, Equatable, CustomStringConvertible {
        case length(Int)
        case character(offset: Int)
        case padding
        case strayBits

        public var description: String {
            switch self {
            case .length(let count): return "its length (\(count)) is not a multiple of 4"
            case .character(let offset): return "character \(offset + 1) is not in the base64 alphabet"
            case .padding: return "\"=\" appears before the end"
            case .strayBits: return "its last character carries bits no byte uses"
            }
        }
    }

    public static func decode(_ text: String) throws(DecodingError) -> [UInt8] {
        try decode(Array(text.utf8))
    }

    public static func decode(_ characters: [UInt8]) throws(DecodingError) -> [UInt8] {
        guard characters.count % 4 == 0 else { throw .length(characters.count) }
        let padding = characters.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { throw .padding }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for (offset, character) in characters.dropLast(padding).enumerated() {
            let value = values[Int(character)]
            guard value != 0xFF else {
                if character == UInt8(ascii: "=") { throw .padding }
                throw .character(offset: offset)
            }
            accumulator = (accumulator << 6) | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        guard accumulator == 0 else { throw .strayBits }
        return bytes
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        var characters: [UInt8] = []
        characters.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 { group = (group << 8) | UInt32(offset < count ? bytes[index + offset] : 0) }
            for position in 0..<4 {
                if position <= count {
                    characters.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
                } else {
                    characters.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
