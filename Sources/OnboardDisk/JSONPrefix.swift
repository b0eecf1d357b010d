/// Tells whether bytes are a whole JSON value, the beginning of one, or neither.
///
/// The ledger uses it to tell a line whose writer died mid-write (a prefix of valid JSON) from
/// a damaged one: only the former may be cut off silently.
enum JSONPrefix {
    enum Verdict: Equatable {
        /// One whole JSON value and nothing after it.
        case complete
        /// The beginning of a JSON value that more bytes could finish.
        case incomplete
        /// No bytes appended could make this valid JSON.
        case invalid
    }

    private enum Expectation {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end
    }

    static func classify(_ bytes: ArraySlice<UInt8>) -> Verdict {
        guard isUTF8Prefix(bytes) else { return .invalid }
        var stack: [UInt8] = []
        var expectation = Expectation.value
        var index = bytes.startIndex
        func afterValue() -> Expectation { stack.isEmpty ? .end : .commaOrClose }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            switch expectation {
            case .value, .valueOrClose:
                if expectation == .valueOrClose && byte == UInt8(ascii: "]") {
                    stack.removeLast()
                    expectation = afterValue()
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    stack.append(byte)
                    expectation = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                    index += 1
                    continue
                }
                switch scanScalar(bytes, from: index) {
                case .invalid: return .invalid
                case .incomplete: return .incomplete
                case .ends(let end):
                    index = end
                    expectation = afterValue()
                }
            case .key, .keyOrClose:
                if expectation == .keyOrClose && byte == UInt8(ascii: "}") {
                    stack.removeLast()
                    expectation = afterValue()
                    index += 1
                    continue
                }
                guard byte == UInt8(ascii: "\""), let end = scanString(bytes, from: index) else { return .invalid }
                guard end < bytes.endIndex || isStringClosed(bytes, from: index) else { return .incomplete }
                index = end
                expectation = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else { return .invalid }
                index += 1
                expectation = .value
            case .commaOrClose:
                let top = stack.last!
                if byte == UInt8(ascii: ",") {
                    expectation = top == UInt8(ascii: "{") ? .key : .value
                } else if (byte == UInt8(ascii: "}") && top == UInt8(ascii: "{"))
                    || (byte == UInt8(ascii: "]") && top == UInt8(ascii: "["))
                {
                    stack.removeLast()
                    expectation = afterValue()
                } else {
                    return .invalid
                }
                index += 1
            case .end:
                return .invalid
            }
        }
        return expectation == .end ? .complete : .incomplete
    }

    /// The index after the closing quote of the string starting at `start`, or `endIndex` when
    /// the bytes run out inside it; nil when the string is invalid (a raw control character or
    /// a bad escape).
    private static func scanString(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return index + 1
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.endIndex else { return bytes.endIndex }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    for offset in 1...4 {
                        guard index + offset < bytes.endIndex else { return bytes.endIndex }
                        guard isHexDigit(bytes[index + offset]) else { return nil }
                    }
                    index += 5
                default:
                    return nil
                }
            case 0..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return bytes.endIndex
    }

    /// True when the string starting at `start` closes before the bytes run out.
    private static func isStringClosed(_ bytes: ArraySlice<UInt8>, from start: Int) -> Bool {
        var index = start + 1
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { return true }
            index += 1
        }
        return false
    }

    /// Where a string, number or literal ends, or why the bytes say nothing yet.
    private enum NumberScan {
        case ends(Int)
        case incomplete
        case invalid
    }

    /// A string, number or literal at `start`: where it ends, or why the bytes say nothing yet.
    private static func scanScalar(_ bytes: ArraySlice<UInt8>, from start: Int) -> NumberScan {
        switch bytes[start] {
        case UInt8(ascii: "\""):
            guard let end = scanString(bytes, from: start) else { return .invalid }
            guard end < bytes.endIndex || isStringClosed(bytes, from: start) else { return .incomplete }
            return .ends(end)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return scanLiteral(bytes, from: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return scanNumber(bytes, from: start)
        default:
            return .invalid
        }
    }

    /// `true`, `false` or `null` at `start` (whose first byte is t, f or n): where it ends, or
    /// whether the bytes run out inside it.
    private static func scanLiteral(_ bytes: ArraySlice<UInt8>, from start: Int) -> NumberScan {
        let first = bytes[start]
        let word = Array((first == UInt8(ascii: "t") ? "true" : first == UInt8(ascii: "f") ? "false" : "null").utf8)
        let available = bytes[start...].prefix(word.count)
        guard available.elementsEqual(word.prefix(available.count)) else { return .invalid }
        guard available.count == word.count else { return .incomplete }
        return .ends(start + word.count)
    }

    /// Scans `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` from `start`.
    private static func scanNumber(_ bytes: ArraySlice<UInt8>, from start: Int) -> NumberScan {
        var index = start
        func isDigit(_ offset: Int) -> Bool {
            offset < bytes.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
        }
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
            return true
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.endIndex else { return .incomplete }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return .invalid
        }
        if index < bytes.endIndex && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.endIndex else { return .incomplete }
            guard digits() else { return .invalid }
        }
        if index < bytes.endIndex && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.endIndex && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < bytes.endIndex else { return .incomplete }
            guard digits() else { return .invalid }
        }
        // A number that reaches the end of the bytes may still grow.
        return index == bytes.endIndex ? .incomplete : .ends(index)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// True when the bytes are valid UTF-8, allowing the last character to be cut short.
    static func isUTF8Prefix(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                highest = 0x8F
            default:
                return false
            }
            for offset in 1..<length {
                guard index + offset < bytes.endIndex else { return true }
                let byte = bytes[index + offset]
                let range = offset == 1 ? lowest...highest : 0x80...0xBF
                guard range.contains(byte) else { return false }
            }
            index += length
        }
        return true
    }
}
