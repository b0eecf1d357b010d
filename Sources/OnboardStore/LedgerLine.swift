import Foundation
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

    /// The transaction in one line (without its newline), or why the line is not valid.
    static func decode(_ line: ArraySlice<UInt8>) -> Result<LedgerTransaction, LineProblem> {
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
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return .success(try decoder.decode(LedgerTransaction.self, from: Data(body)))
        } catch {
            return .failure(LineProblem("transaction does not decode: \(DecodingFailure.describe(error))"))
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Why a line was rejected.
    struct LineProblem: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
