/// Makes untrusted text safe to draw: control characters and escape sequences become visible
/// symbols, so nothing from a deck or catalog can steer the terminal, and direction controls
/// that would reach beyond the text are left out.
public enum SafeText {
    /// Replaces C0 and C1 controls, DEL and the line and paragraph separators with visible
    /// stand-ins (U+2400 "control pictures" for C0, U+FFFD for the rest). Newlines are kept only
    /// when `keepingNewlines` is true, for text that layout will still split into lines. The
    /// direction marks an author writes, and the embeddings, overrides and isolates they close
    /// again, are text: the canvas hands them to the bidirectional algorithm, which uses them up
    /// (`BidiText`), and `--plain` keeps them for the reader that orders the text. Those never
    /// closed, and closers of nothing, are left out (`BidiText.balanced`): they would reorder
    /// whatever the text is joined to, a price after a product's name.
    public static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
        BidiText.balanced(visible(text, keepingNewlines: keepingNewlines))
    }

    /// `text` with its controls as visible stand-ins (see `sanitize`).
    static func visible(_ text: String, keepingNewlines: Bool) -> String {
        guard needsSanitizing(text) else { return text }
        // Built as UTF-8 bytes: appending scalar by scalar to a String costs several times more,
        // and deck text may be megabytes of newlines.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 64)
        for scalar in text.unicodeScalars {
            let shown = keepingNewlines && scalar == "\n" ? scalar : visibleReplacement(for: scalar) ?? scalar
            if shown.isASCII {
                bytes.append(UInt8(shown.value))
            } else {
                UTF8.encode(shown) { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The stand-in for one scalar, or nil when the scalar is safe as it is.
    public static func visibleReplacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00...0x1F:
            return Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F:
            return "\u{2421}"
        case 0x80...0x9F, 0x2028, 0x2029:
            return "\u{FFFD}"
        default:
            return nil
        }
    }

    /// `text` for quoting in a message: made safe, and cut to `limit` characters ending in "…",
    /// so a megabyte-long name cannot flood the output.
    public static func excerpt(_ text: String, limit: Int = 64) -> String {
        guard text.utf8.count > limit, text.count > limit else { return sanitize(text) }
        return sanitize(String(text.prefix(limit))) + "…"
    }

    static func needsSanitizing(_ text: String) -> Bool {
        text.unicodeScalars.contains { visibleReplacement(for: $0) != nil }
    }

    /// True when a grapheme holds any scalar that must not reach the terminal raw.
    public static func isUnsafe(_ grapheme: Character) -> Bool {
        if let ascii = grapheme.asciiValue { return ascii < 0x20 || ascii == 0x7F }
        return grapheme.unicodeScalars.contains { visibleReplacement(for: $0) != nil }
    }
}
