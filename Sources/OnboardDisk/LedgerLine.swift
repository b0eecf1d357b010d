import FoundationEssentials
import OnboardKit

/// The on-disk form of one ledger entry: a JSON line that carries a CRC-32 of its transaction,
/// `{"crc32":"cbf43926","transaction":{...}}` and a newline.
///
/// The checksum covers the exact bytes of the transaction's JSON, which sit between a fixed
/// prefix and the final `}`; so each line stays plain JSON (readable with jq) and still
/// detects any changed byte.
enum LedgerLine {
    static let prefix = Array(#"{"crc32":""#.utf8)
    static let infix = Array(#"","transaction":"#.utf8)
    static let newline = UInt8(ascii: "\n")

    /// The full line, newline included.
    static func encode(_ transaction: LedgerTransaction) throws(LedgerError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        let body: [UInt8]
        do {
            body = Array(try encoder.encode(transaction))
        } catch {
            throw .unencodable(transactionID: transaction.id, reason: String(describing: error))
        }
        return prefix + Array(hex(CRC32.checksum(body)).utf8) + infix + body + [UInt8(ascii: "}"), newline]
    }

    /// The transaction's JSON in one line (without its newline) whose checksum holds, or why
    /// the line is not valid. Cheaper than `decode`: nothing is decoded.
    static func verify(_ line: ArraySlice<UInt8>) -> Result<ArraySlice<UInt8>, LineProblem> {
        let checksumStart = line.startIndex + prefix.count
        let checksumEnd = checksumStart + 8
        let bodyStart = checksumEnd + infix.count
        guard line.count > prefix.count + 8 + infix.count + 1,
            line[line.startIndex..<checksumStart].elementsEqual(prefix),
            line[checksumEnd..<bodyStart].elementsEqual(infix),
            line.last == UInt8(ascii: "}")
        else { return .failure(LineProblem("not a ledger entry")) }
        let body = line[bodyStart..<(line.endIndex - 1)]
        guard let stored = UInt32(String(decoding: line[checksumStart..<checksumEnd], as: UTF8.self), radix: 16) else {
            return .failure(LineProblem("checksum is not hexadecimal"))
        }
        let actual = CRC32.checksum(body)
        guard stored == actual else {
            return .failure(LineProblem("checksum mismatch: recorded \(hex(stored)), contents give \(hex(actual))"))
        }
        return .success(body)
    }

    /// The transaction in one line (without its newline), or why the line is not valid.
    static func decode(_ line: ArraySlice<UInt8>) -> Result<LedgerTransaction, LineProblem> {
        switch verify(line) {
        case .success(let body): return decodeBody(body)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The transactions of many verified bodies, decoded as one JSON array: a decoder per line
    /// cost most of the time of reading a large ledger. Nil when one does not decode; then
    /// `decodeBody` finds which.
    static func decodeAll(_ bodies: [ArraySlice<UInt8>]) -> [LedgerTransaction]? {
        var array: [UInt8] = [UInt8(ascii: "[")]
        array.reserveCapacity(bodies.reduce(2) { $0 + $1.count + 1 })
        for (index, body) in bodies.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array += body
        }
        array.append(UInt8(ascii: "]"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode([LedgerTransaction].self, from: Data(array))
    }

    /// The transaction in one verified body.
    static func decodeBody(_ body: ArraySlice<UInt8>) -> Result<LedgerTransaction, LineProblem> {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return .success(try decoder.decode(LedgerTransaction.self, from: Data(body)))
        } catch {
            return .failure(LineProblem("transaction does not decode: \(DecodingFailure.describe(error))"))
        }
    }

    /// True when `tail` (bytes after the last newline) can be the beginning of a line this
    /// encoder writes: what a writer killed mid-append leaves. Anything else there (a NUL, a
    /// changed byte after a whole line, invalid UTF-8) is damage, not a torn write.
    static func isTornPrefix(_ tail: ArraySlice<UInt8>) -> Bool {
        guard !tail.contains(0), !tail.contains(newline) else { return false }
        let header = prefix.count + 8 + infix.count
        for (offset, byte) in tail.prefix(header).enumerated() {
            switch offset {
            case 0..<prefix.count:
                guard byte == prefix[offset] else { return false }
            case prefix.count..<(prefix.count + 8):
                guard JSONPrefix.isHexDigit(byte) else { return false }
            default:
                guard byte == infix[offset - prefix.count - 8] else { return false }
            }
        }
        let body = tail.dropFirst(header)
        guard let first = body.first else { return true }
        // The transaction is a JSON object; the line then ends with "}" and the newline.
        guard first == UInt8(ascii: "{") else { return false }
        switch JSONPrefix.classify(body) {
        case .incomplete: return true
        case .complete: return body.last == UInt8(ascii: "}")
        case .invalid: return false
        }
    }

    static func hex(_ value: UInt32) -> String {
        String(zeroPadded: value, radix: 16, width: 8)
    }

    /// Why a line was rejected.
    struct LineProblem: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
