/// The commit record of the ledger, `<state dir>/ledger.commit`: how many bytes of
/// `ledger.jsonl` are committed, and the checksum of the last committed line.
///
/// A purchase's line is appended and synced first; only then is a new record written beside
/// it, synced and renamed over the old one. Readers count the ledger's bytes up to the
/// recorded length and no further, so a line in flight, or one left behind by a failed
/// append, is never counted: the rename is the commit. The last line's checksum ties the
/// record to the ledger it describes, so a ledger replaced or edited behind the record's back
/// is noticed instead of being cut at an arbitrary byte.
///
/// `{"v":1,"length":1234,"last":"cbf43926"}` and a newline; `last` is `00000000` for an
/// empty ledger.
struct LedgerCommit: Equatable, Sendable {
    /// Committed bytes of the ledger, always the end of a line.
    var length: Int
    /// The `crc32` field of the line that ends at `length`; 0 when `length` is 0.
    var lastChecksum: UInt32

    static let empty = LedgerCommit(length: 0, lastChecksum: 0)

    private static let opening = Array(#"{"v":1,"length":"#.utf8)
    private static let middle = Array(#","last":""#.utf8)
    private static let closing = Array(#""}"#.utf8) + [LedgerLine.newline]

    var encoded: [UInt8] {
        Self.opening + Array(String(length).utf8) + Self.middle + Array(LedgerLine.hex(lastChecksum).utf8)
            + Self.closing
    }

    /// The record in `bytes`, or nil when they are not exactly one record as `encoded` writes it.
    static func decode(_ bytes: [UInt8]) -> LedgerCommit? {
        guard bytes.count <= 64, bytes.starts(with: opening), bytes.reversed().starts(with: closing.reversed())
        else { return nil }
        let rest = bytes[opening.count..<(bytes.count - closing.count)]
        guard let comma = rest.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let digits = rest[rest.startIndex..<comma]
        let afterDigits = rest[comma...]
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            digits.first != 0x30 || digits.count == 1,
            afterDigits.starts(with: middle), afterDigits.count == middle.count + 8
        else { return nil }
        let hexDigits = afterDigits.dropFirst(middle.count)
        guard hexDigits.allSatisfy({ JSONPrefix.isHexDigit($0) && !($0 >= 0x41 && $0 <= 0x46) }),
            let length = Int(String(decoding: digits, as: UTF8.self)),
            let checksum = UInt32(String(decoding: hexDigits, as: UTF8.self), radix: 16)
        else { return nil }
        return LedgerCommit(length: length, lastChecksum: checksum)
    }

    /// The record for a ledger whose committed bytes are `bytes[..<length]`, which end with a
    /// whole line (or are empty).
    static func describing(_ bytes: [UInt8], length: Int) -> LedgerCommit {
        guard length > 0 else { return .empty }
        return LedgerCommit(length: length, lastChecksum: lastLineChecksum(bytes, endingAt: length) ?? 0)
    }

    /// Whether this record describes `bytes`: the recorded length is within them, ends a line,
    /// and the line it ends carries the recorded checksum.
    func matches(_ bytes: [UInt8]) -> Bool {
        if length == 0 { return lastChecksum == 0 }
        guard length <= bytes.count else { return false }
        return Self.lastLineChecksum(bytes, endingAt: length) == lastChecksum
    }

    /// The stored checksum of the line whose newline is the byte before `end`, read from the
    /// line's `crc32` field (the field's own check is the line parser's work).
    private static func lastLineChecksum(_ bytes: [UInt8], endingAt end: Int) -> UInt32? {
        guard end >= 1, end <= bytes.count, bytes[end - 1] == LedgerLine.newline else { return nil }
        let lineEnd = end - 1
        let lineStart = bytes[0..<lineEnd].lastIndex(of: LedgerLine.newline).map { $0 + 1 } ?? 0
        let checksumStart = lineStart + LedgerLine.prefix.count
        guard lineEnd - lineStart > LedgerLine.prefix.count + 8,
            bytes[lineStart..<checksumStart].elementsEqual(LedgerLine.prefix)
        else { return nil }
        return UInt32(String(decoding: bytes[checksumStart..<(checksumStart + 8)], as: UTF8.self), radix: 16)
    }
}
