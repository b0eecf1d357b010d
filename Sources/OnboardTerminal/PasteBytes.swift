/// The bytes of a paste as they are read from the terminal a block at a time, turned into
/// scalars for `PasteCollector`. A character split between two reads is held until its last
/// byte comes; bytes that are not UTF-8 read as U+FFFD.
///
/// ncurses reads input one byte per read(2), with a poll(2) before each: a 10 MiB paste took
/// 39 s of CPU that way. Read by the block, the paste costs what decoding it costs.
struct PasteBytes {
    /// The first bytes of a character whose last bytes have not come yet.
    private var held: [UInt8] = []

    /// Feeds `bytes` to `collector` until it completes the paste's end marker. Returns the
    /// bytes after the marker (often none) once it came, nil while the paste goes on.
    mutating func feed(_ bytes: ArraySlice<UInt8>, to collector: inout PasteCollector) -> [UInt8]? {
        let all = held + bytes
        let whole = Self.completeLength(of: all)
        held = Array(all[whole...])
        var position = 0
        while position < whole {
            let (scalar, length) = Self.scalar(in: all, at: position, before: whole)
            position += length
            if collector.accept(scalar) {
                defer { held = [] }
                return Array(all[position...])
            }
        }
        return nil
    }

    /// What was held when the paste is given up: it reads as U+FFFD, as a cut character.
    mutating func finish(into collector: inout PasteCollector) {
        if !held.isEmpty { _ = collector.accept("\u{FFFD}") }
        held = []
    }

    /// How many of `bytes` end on a character's last byte: a character begun in the last
    /// three bytes whose lead says it is longer than what is there is left out.
    static func completeLength(of bytes: [UInt8]) -> Int {
        var start = bytes.count - 1
        while start >= 0, start >= bytes.count - 3, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0 else { return bytes.count }
        let needed = sequenceLength(lead: bytes[start])
        return start + needed > bytes.count ? start : bytes.count
    }

    /// How long a UTF-8 sequence that starts with `lead` is; 1 for a byte that starts none.
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// The scalar at `position` and how many bytes it took: U+FFFD and one byte for a byte
    /// that begins no valid sequence (an overlong form, a surrogate, a stray continuation).
    static func scalar(in bytes: [UInt8], at position: Int, before end: Int) -> (Unicode.Scalar, Int) {
        let length = sequenceLength(lead: bytes[position])
        guard length > 1 else {
            return bytes[position] < 0x80 ? (Unicode.Scalar(bytes[position]), 1) : ("\u{FFFD}", 1)
        }
        guard position + length <= end else { return ("\u{FFFD}", 1) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[position..<(position + length)].makeIterator()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator), encoded.count == length else {
            return ("\u{FFFD}", 1)
        }
        return (Unicode.UTF8.decode(encoded), length)
    }
}
