import FoundationEssentials

/// Word wrapping by display width. Paragraphs (separated by newlines) are kept; a word wider
/// than the line is broken after a `/` when one fits (a path or an address breaks between its
/// names), else between graphemes; CJK text breaks between any two wide graphemes.
public enum TextLayout {
    /// Wraps `text` to `width` columns. With `maxLines`, stops once that many lines are made:
    /// a view that shows a few lines need not lay out megabytes of text on every frame.
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        for paragraph in paragraphs(of: text) {
            lines.append(contentsOf: wrapParagraph(paragraph, width: width, maxLines: maxLines - lines.count))
            if lines.count >= maxLines { break }
        }
        return lines
    }

    /// The paragraphs of `text`: CR LF read as a line feed, tabs as four spaces.
    static func paragraphs(of text: String) -> [String] {
        var normalized = text
        // Most text has nothing to replace.
        if text.utf8.contains(UInt8(ascii: "\r")) {
            normalized = normalized.replacing("\r\n", with: "\n")
        }
        if text.utf8.contains(UInt8(ascii: "\t")) {
            normalized = normalized.replacing("\t", with: "    ")
        }
        // A line feed is always a grapheme of its own (CR LF is gone), so splitting the bytes
        // splits where the characters would, without walking grapheme boundaries.
        return normalized.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(Substring($0))
        }
    }

    /// Wraps page text as a block to be drawn left-aligned: paragraphs as `wrap` does, and
    /// list items (`•`, `-`, `*`, `1.`, `1)`, indented or not) with a hanging indent, so the
    /// lines after an item's first start under its first word. With `maxLines`, stops once that
    /// many lines are made.
    public static func wrapBlock(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        for paragraph in paragraphs(of: text) {
            if lines.count >= maxLines { break }
            // An indent over half the width would leave too little room: the item wraps flush.
            let indent = hangingIndent(of: paragraph)
            guard indent > 0, indent <= width / 2 else {
                lines.append(contentsOf: wrapParagraph(paragraph, width: width, maxLines: maxLines - lines.count))
                continue
            }
            // The marker and the first words stay on the first line; the rest wraps narrower.
            let leading = String(repeating: " ", count: paragraph.prefix { $0 == " " }.count)
            let body = String(paragraph.drop { $0 == " " })
            let markerEnd = body.firstIndex(of: " ") ?? body.endIndex
            let marker = String(body[..<markerEnd])
            let rest = String(body[markerEnd...].drop { $0 == " " })
            let pad = String(repeating: " ", count: indent)
            let wrapped =
                rest.isEmpty ? [""] : wrapParagraph(rest, width: width - indent, maxLines: maxLines - lines.count)
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

    static func wrapParagraph(_ paragraph: String, width: Int, maxLines: Int = .max) -> [String] {
        var copy = paragraph
        let ascii = copy.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            return wrapPrintableASCII(bytes, width: width, maxLines: maxLines)
        }
        return ascii ?? BidiText.continuingControls(wrapGraphemes(paragraph, width: width, maxLines: maxLines))
    }

    /// The same greedy wrap as `wrapGraphemes` for text of printable ASCII only, where every
    /// byte is one grapheme one column wide: lines are slices of the bytes, found in one pass.
    static func wrapPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, maxLines: Int) -> [String] {
        let space = UInt8(ascii: " ")
        var lines: [String] = []
        var lineStart = 0
        var lineEnd = 0
        func emit(trimming: Bool) {
            var end = lineEnd
            while trimming && end > lineStart && bytes[end - 1] == space { end -= 1 }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self))
        }
        var index = 0
        while index < bytes.count && lines.count < maxLines {
            let isSpace = bytes[index] == space
            var end = index
            while end < bytes.count && (bytes[end] == space) == isSpace { end += 1 }
            let lineWidth = lineEnd - lineStart
            let tokenWidth = end - index
            if isSpace {
                if lineWidth > 0 && lineWidth + tokenWidth <= width {
                    lineEnd = end
                } else if lineWidth > 0 {
                    emit(trimming: false)
                    lineStart = lineEnd
                }
            } else if lineWidth + tokenWidth <= width {
                if lineWidth == 0 { lineStart = index }
                lineEnd = end
            } else {
                if lineWidth > 0 { emit(trimming: true) }
                // A word wider than the line fills lines up to its last `/` that fits, else whole
                // lines; its rest starts the next one.
                var chunk = index
                while end - chunk > width && lines.count < maxLines {
                    let cut = slashBreak(bytes, from: chunk, width: width) ?? chunk + width
                    lineStart = chunk
                    lineEnd = cut
                    emit(trimming: false)
                    chunk = cut
                }
                lineStart = chunk
                lineEnd = end
            }
            index = end
        }
        if lines.count < maxLines && (lineEnd > lineStart || lines.isEmpty) { emit(trimming: true) }
        return lines
    }

    /// Where a line that starts at `start` and holds at most `width` bytes may end after a `/`
    /// (the slash staying on it); nil when no slash after the first byte fits.
    static func slashBreak(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, width: Int) -> Int? {
        let slash = UInt8(ascii: "/")
        var index = min(start + width, bytes.count) - 1
        while index > start {
            if bytes[index] == slash { return index + 1 }
            index -= 1
        }
        return nil
    }

    static func wrapGraphemes(_ paragraph: String, width: Int, maxLines: Int) -> [String] {
        if paragraph.allSatisfy({ $0 == " " }) { return [""] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        // Tokens are made as they are needed, so a view that wants a few lines stops early.
        forEachToken(paragraph) { token, tokenWidth in
            if token.first == " " {
                if lineWidth > 0 && lineWidth + tokenWidth <= width {
                    line += token
                    lineWidth += tokenWidth
                } else if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                return lines.count < maxLines
            }
            if lineWidth + tokenWidth <= width {
                line += token
                lineWidth += tokenWidth
                return true
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
                // Broken after its last `/` that fits, as the ASCII wrap does, else where it is full.
                var afterSlash: String.Index?
                for grapheme in token {
                    let graphemeWidth = DisplayWidth.of(grapheme)
                    if lineWidth + graphemeWidth > width && lineWidth > 0 {
                        if let cut = afterSlash, cut < line.endIndex {
                            lines.append(String(line[..<cut]))
                            line = String(line[cut...])
                        } else {
                            lines.append(line)
                            line = ""
                        }
                        lineWidth = DisplayWidth.of(line)
                        afterSlash = nil
                        if lineWidth + graphemeWidth > width {
                            lines.append(line)
                            line = ""
                            lineWidth = 0
                        }
                    }
                    if graphemeWidth > width { continue }
                    line.append(grapheme)
                    lineWidth += graphemeWidth
                    if grapheme == "/" && line.count > 1 { afterSlash = line.endIndex }
                }
            }
            return lines.count < maxLines
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(trimmedTrailing(line)) }
        return Array(lines.prefix(maxLines))
    }

    /// Splits into words, runs of spaces, and single wide graphemes (each a break opportunity).
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        forEachToken(text) { token, _ in
            tokens.append(token)
            return true
        }
        return tokens
    }

    /// Calls `body` with each token and its width until it returns false.
    static func forEachToken(_ text: String, _ body: (String, Int) -> Bool) {
        var current = ""
        var currentWidth = 0
        var currentIsSpace = false
        for grapheme in text {
            let isSpace = grapheme == " "
            let width = DisplayWidth.of(grapheme)
            if width == 2 {
                if !current.isEmpty && !body(current, currentWidth) { return }
                if !body(String(grapheme), width) { return }
                current = ""
                currentWidth = 0
                continue
            }
            if !current.isEmpty && isSpace != currentIsSpace {
                if !body(current, currentWidth) { return }
                current = ""
                currentWidth = 0
            }
            current.append(grapheme)
            currentWidth += width
            currentIsSpace = isSpace
        }
        if !current.isEmpty { _ = body(current, currentWidth) }
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
