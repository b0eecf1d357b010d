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

    /// Wraps page text as a block to be drawn left-aligned: paragraphs as `wrap` does, and
    /// list items (`•`, `-`, `*`, `1.`, `1)`, indented or not) with a hanging indent, so the
    /// lines after an item's first start under its first word.
    public static func wrapBlock(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\t", with: "    ")
        for paragraph in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraph = String(paragraph)
            // An indent over half the width would leave too little room: the item wraps flush.
            let indent = hangingIndent(of: paragraph)
            guard indent > 0, indent <= width / 2 else {
                lines.append(contentsOf: wrapParagraph(paragraph, width: width))
                continue
            }
            // The marker and the first words stay on the first line; the rest wraps narrower.
            let leading = String(repeating: " ", count: paragraph.prefix { $0 == " " }.count)
            let body = String(paragraph.drop { $0 == " " })
            let markerEnd = body.firstIndex(of: " ") ?? body.endIndex
            let marker = String(body[..<markerEnd])
            let rest = String(body[markerEnd...].drop { $0 == " " })
            let pad = String(repeating: " ", count: indent)
            let wrapped = rest.isEmpty ? [""] : wrapParagraph(rest, width: width - indent)
            for (index, line) in wrapped.enumerated() {
                if index == 0 {
                    let head = leading + marker
                    let gap = String(repeating: " ", count: max(1, indent - DisplayWidth.of(head)))
                    lines.append(trimmedTrailing(head + gap + line))
                } else {
                    lines.append(pad + line)
                }
            }
        }
        return lines
    }

    /// The columns a list item's continuation lines are indented by: its leading spaces, its
    /// marker and the spaces after it. Zero for a paragraph that is not a list item.
    static func hangingIndent(of paragraph: String) -> Int {
        let leading = paragraph.prefix { $0 == " " }.count
        let body = paragraph.dropFirst(leading)
        guard let space = body.firstIndex(of: " ") else { return 0 }
        let marker = body[..<space]
        let isBullet = marker == "•" || marker == "-" || marker == "*" || marker == "–" || marker == "◦"
        let digits = marker.dropLast()
        let isNumber =
            (marker.last == "." || marker.last == ")") && !digits.isEmpty && digits.count <= 3
            && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter) }
            && (digits.allSatisfy(\.isNumber) || digits.count == 1)
        guard isBullet || isNumber else { return 0 }
        let spaces = body[space...].prefix { $0 == " " }.count
        guard spaces < body.distance(from: space, to: body.endIndex) else { return 0 }
        return leading + DisplayWidth.of(marker) + spaces
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
