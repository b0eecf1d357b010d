import FoundationEssentials
import Glibc
import OnboardKit

/// The lines of an asciicast v2 file (https://docs.asciinema.org/manual/asciicast/v2/): a
/// header object, then one JSON array per event, `[seconds, "o", text]` for output and
/// `[seconds, "r", "WxH"]` for a resize.
///
/// Output arrives as the bytes of each write, and a UTF-8 character may be split between two
/// writes: its first bytes are held back and go out with the next event, so every event is a
/// valid JSON string of whole characters. Bytes that are not UTF-8 at all become U+FFFD.
struct AsciicastEncoder {
    /// The start of an incomplete character at the end of the last write.
    private var heldBytes: [UInt8] = []

    static func header(width: Int, height: Int, timestamp: Int, environment: [String: String]) -> String {
        let env = ["SHELL", "TERM"].compactMap { name in
            environment[name].map { "\(quoted(name)): \(quoted($0))" }
        }
        return "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(timestamp), "
            + "\"env\": {\(env.joined(separator: ", "))}}\n"
    }

    /// The event line for `bytes` written at `seconds`; nil when they are all held back.
    mutating func output<Bytes: Collection<UInt8>>(_ bytes: Bytes, at seconds: Double) -> String? {
        var pending = heldBytes
        pending.append(contentsOf: bytes)
        let cut = Self.completePrefixLength(of: pending)
        heldBytes = Array(pending[cut...])
        guard cut > 0 else { return nil }
        return Self.event(seconds, "o", String(decoding: pending[..<cut], as: UTF8.self))
    }

    /// Whatever is still held back (a character that was never completed), as a last event.
    mutating func flush(at seconds: Double) -> String? {
        guard !heldBytes.isEmpty else { return nil }
        defer { heldBytes = [] }
        return Self.event(seconds, "o", String(decoding: heldBytes, as: UTF8.self))
    }

    static func resize(width: Int, height: Int, at seconds: Double) -> String {
        event(seconds, "r", "\(width)x\(height)")
    }

    /// How many bytes of `bytes` end on a character boundary: all but an incomplete sequence
    /// at the very end (a lead byte followed by fewer continuation bytes than it announces).
    static func completePrefixLength(of bytes: [UInt8]) -> Int {
        // A sequence is at most 4 bytes, so an incomplete one starts within the last 3.
        for back in stride(from: 1, through: min(3, bytes.count), by: 1) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return bytes.count  // ASCII or a byte that starts nothing: nothing to wait for
            }
            return length > back ? bytes.count - back : bytes.count
        }
        return bytes.count
    }

    private static func event(_ seconds: Double, _ code: String, _ data: String) -> String {
        "[\(sixDecimals(seconds)), \(quoted(code)), \(quoted(data))]\n"
    }

    /// "1.250000": seconds with six decimals, as asciicast writers give them.
    static func sixDecimals(_ seconds: Double) -> String {
        let micros = Int((max(0, seconds) * 1_000_000).rounded())
        return "\(micros / 1_000_000)." + String(zeroPadded: micros % 1_000_000, width: 6)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as is.
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }
}
