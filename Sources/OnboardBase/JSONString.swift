/// JSON string literals written by hand, for files that must not pay for JSONEncoder at start-up
/// (the state file) or that are written a line at a time (an asciicast recording), and the one
/// rule every JSON tui-onboard writes follows for what text may hold.
///
/// Byte for byte as Foundation's JSONEncoder writes them, except that DEL, the C1 controls and
/// the line and paragraph separators are escaped too (JSONEncoder leaves them raw): text read
/// from a file edited by hand must not reach a terminal as a control, nor end a line in a
/// JavaScript reader. Both forms are the same JSON to any parser.
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
            case _ where needsEscape(scalar): result += escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A whole JSON document from JSONEncoder with the scalars it leaves raw (DEL, C1, U+2028,
    /// U+2029) escaped as `quoted` escapes them. Outside strings JSON has only ASCII punctuation,
    /// digits, words and whitespace, so any such scalar is inside a string, where `\uXXXX` means
    /// it; JSONEncoder escapes the C0 controls itself, and the document's own line breaks stay.
    public static func escapingControls(inDocument document: String) -> String {
        guard document.unicodeScalars.contains(where: isLeftRawByEncoders) else { return document }
        var result = ""
        result.reserveCapacity(document.utf8.count + 16)
        for scalar in document.unicodeScalars {
            if isLeftRawByEncoders(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// C0 controls (where no short escape is written) and what `isLeftRawByEncoders` names.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || isLeftRawByEncoders(scalar)
    }

    /// DEL, the C1 controls, U+2028 and U+2029: controls or line ends that JSON allows raw.
    static func isLeftRawByEncoders(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u" + String(zeroPadded: scalar.value, radix: 16, width: 4)
    }
}
