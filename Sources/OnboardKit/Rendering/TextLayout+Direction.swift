extension TextLayout {
    /// A wrapped line and the direction of the paragraph it came from: a line of a
    /// right-to-left paragraph is drawn right-to-left and aligned right, whatever it opens with.
    public struct DirectedLine: Hashable, Sendable {
        public var text: String
        /// nil for a paragraph without a strong character (a price, a row of digits).
        public var direction: TextDirection?
    }

    /// `wrap`, with each line's paragraph direction.
    public static func wrapDirected(_ text: String, width: Int, maxLines: Int = .max) -> [DirectedLine] {
        directed(text, maxLines: maxLines) { wrap($0, width: width, maxLines: $1) }
    }

    /// `wrapBlock`, with each line's paragraph direction.
    public static func wrapBlockDirected(_ text: String, width: Int, maxLines: Int = .max) -> [DirectedLine] {
        directed(text, maxLines: maxLines) { wrapBlock($0, width: width, maxLines: $1) }
    }

    /// Wraps paragraph by paragraph (each wrap keeps paragraphs apart anyway), so that each
    /// paragraph's direction is found once, on the whole of it.
    private static func directed(
        _ text: String, maxLines: Int, _ wrapParagraph: (String, Int) -> [String]
    ) -> [DirectedLine] {
        guard maxLines > 0 else { return [] }
        var lines: [DirectedLine] = []
        for paragraph in paragraphs(of: text) {
            let direction = BidiText.direction(of: paragraph)
            for line in wrapParagraph(paragraph, maxLines - lines.count) {
                lines.append(DirectedLine(text: line, direction: direction))
            }
            if lines.count >= maxLines { break }
        }
        return lines
    }
}
