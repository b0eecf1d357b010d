/// JSON string literals written by hand, byte for byte as Foundation's JSONEncoder writes them,
/// for files that must not pay for JSONEncoder at start-up (the state file) or that are written
/// a line at a time (an asciicast recording).
public enum JSONString {
    /// A JSON string literal: quotes, backslashes and control characters escaped, `/` and
    /// everything else as it is.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(zeroPadded: scalar.value, radix: 16, width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
