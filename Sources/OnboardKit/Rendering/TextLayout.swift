import Foundation

/// Word wrapping by display width. Paragraphs (separated by newlines) are kept; a word wider
/// than the line is broken between graphemes; CJK text breaks between any two wide graphemes.
public enum TextLayout {
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\t", with: "    ")
        for paragraph in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: wrapParagraph(String(paragraph), width: width))
        }
        return lines
    }

    static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
        if paragraph.allSatisfy({ $0 == " " }) { return [""] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for token in tokens(paragraph) {
            let tokenWidth = DisplayWidth.of(token)
            let isSpace = token.allSatisfy { $0 == " " }
            if isSpace {
                if lineWidth > 0 && lineWidth + tokenWidth <= width {
                    line += token
                    lineWidth += tokenWidth
                } else if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                continue
            }
            if lineWidth + tokenWidth <= width {
                line += token
                lineWidth += tokenWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(trimmedTrailing(line))
                line = ""
                lineWidth = 0
            }
            if tokenWidth <= width {
                line = token
                lineWidth = tokenWidth
            } else {
                for grapheme in token {
                    let graphemeWidth = DisplayWidth.of(grapheme)
                    if lineWidth + graphemeWidth > width && lineWidth > 0 {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    if graphemeWidth > width { continue }
                    line.append(grapheme)
                    lineWidth += graphemeWidth
                }
            }
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(trimmedTrailing(line)) }
        return lines
    }

    /// Splits into words, runs of spaces, and single wide graphemes (each a break opportunity).
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentIsSpace = false
        for grapheme in text {
            let isSpace = grapheme == " "
            if DisplayWidth.of(grapheme) == 2 {
                if !current.isEmpty { tokens.append(current) }
                tokens.append(String(grapheme))
                current = ""
                continue
            }
            if !current.isEmpty && isSpace != currentIsSpace {
                tokens.append(current)
                current = ""
            }
            current.append(grapheme)
            currentIsSpace = isSpace
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    static func trimmedTrailing(_ line: String) -> String {
        var copy = line
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    /// Cuts text to at most `width` columns, ending in "…" when anything was cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var result = ""
        var used = 0
        for grapheme in text {
            let graphemeWidth = DisplayWidth.of(grapheme)
            if used + graphemeWidth > width - 1 { break }
            result.append(grapheme)
            used += graphemeWidth
        }
        return result + "…"
    }
}
