extension BidiText {
    /// How deep an author's own embeddings, overrides and isolates may nest inside one piece of
    /// text: deeper ones are left out with their closers. UAX #9 stops raising levels at 125,
    /// and a piece together with the isolates the app puts around it must stay well below that,
    /// or the algorithm's overflow rules would decide the line instead of its isolates.
    package static let maximumAuthorNesting = 16

    /// `text` with the direction controls left out that would reach beyond it: an embedding or
    /// override (LRE, RLE, LRO, RLO) without its PDF, an isolate (LRI, RLI, FSI) without its
    /// PDI, a PDF or PDI that closes nothing of its own, and anything nested deeper than
    /// `maximumAuthorNesting`. Pairs that open and close inside it stay, as do the marks (LRM,
    /// RLM, ALM), which only take part where they are. A line break ends every paragraph's
    /// controls, as in UAX #9.
    public static func balanced(_ text: String) -> String {
        // The controls are all U+202A…U+202E and U+2066…U+2069, whose UTF-8 starts with 0xE2.
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains(where: { isEmbeddingOrIsolate($0.value) })
        else { return text }
        let scalars = Array(text.unicodeScalars)
        var dropped = Set<Int>()
        // Open controls of the paragraph: their index, and whether each is an isolate.
        var open: [(index: Int, isIsolate: Bool)] = []
        func closeParagraph() {
            dropped.formUnion(open.map(\.index))
            open.removeAll()
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068:
                if open.count >= maximumAuthorNesting {
                    dropped.insert(index)
                } else {
                    open.append((index, scalar.value >= 0x2066))
                }
            case 0x202C:
                // A PDF closes an embedding opened inside the same isolate, nothing else (X7).
                if let last = open.last, !last.isIsolate {
                    open.removeLast()
                } else {
                    dropped.insert(index)
                }
            case 0x2069:
                // A PDI closes the nearest open isolate and whatever is still open inside it
                // (X6a); those were never closed by their author, so they go.
                guard let isolate = open.lastIndex(where: \.isIsolate) else {
                    dropped.insert(index)
                    continue
                }
                dropped.formUnion(open[(isolate + 1)...].map(\.index))
                open.removeSubrange(isolate...)
            case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029:
                closeParagraph()
            default:
                break
            }
        }
        closeParagraph()
        guard !dropped.isEmpty else { return text }
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() where !dropped.contains(index) { kept.append(scalar) }
        return String(kept)
    }

    /// `text` as a first-strong isolate (FSI … PDI), as a browser's `<bdi>`: whatever it holds
    /// (a Latin name, an Arabic word, a price, an author's overrides) is ordered inside it, and
    /// nothing in it can reorder the text around it. Its own unbalanced controls are left out
    /// (`balanced`), so it cannot close the isolate early or leave one open. ICU starts a price
    /// in right-to-left locales with a mark that would turn the isolate right to left
    /// ("39.99 US$" drawn "$US 39.99"), so leading marks go.
    ///
    /// A value made only of isolates and neutral characters (a price per period) has no first
    /// strong character of its own, and a first-strong isolate would run it left to right: it is
    /// isolated in `surrounding`, the direction of the sentence it was written for, so its parts
    /// keep the order they had there.
    public static func isolated(_ text: String, surrounding: TextDirection = .leftToRight) -> String {
        let balanced = balanced(text)
        let unmarked = String(
            String.UnicodeScalarView(balanced.unicodeScalars.drop { [0x200E, 0x200F, 0x061C].contains($0.value) }))
        let holdsIsolates = unmarked.unicodeScalars.contains { (0x2066...0x2068).contains($0.value) }
        if holdsIsolates && direction(of: unmarked) == nil {
            return (surrounding == .rightToLeft ? "\u{2067}" : "\u{2066}") + unmarked + "\u{2069}"
        }
        return "\u{2068}" + unmarked + "\u{2069}"
    }

    /// Whether pieces joined into one line must each be isolated: when the line is laid out
    /// right to left, or any piece is right to left or holds a direction control. Otherwise the
    /// line shows exactly as it is written, and the pieces are left as they are (no invisible
    /// characters in text that never needed them).
    public static func needsIsolation(_ pieces: [String], rightToLeft: Bool) -> Bool {
        rightToLeft || pieces.contains { mayNeedReordering($0) }
    }

    package static func isEmbeddingOrIsolate(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

/// A piece of a line built from our own words and text that is not ours, for `BidiText.line`.
public enum LinePiece: Hashable, Sendable {
    /// The app's own text: marks, labels, punctuation.
    case text(String)
    /// Text the app does not control or that is made apart from the line (a product name, an
    /// author's title, a licensee, a price), isolated where the line may be reordered at all.
    case value(String)
}

extension BidiText {
    /// One line of `pieces`: where the line may be reordered at all (`needsIsolation`), each
    /// value is an isolate of its own (`isolated`), so nothing a name holds can move or turn
    /// the words or the price beside it; otherwise the pieces are joined as they are.
    /// `rightToLeft` is the line's layout (OnboardKit's `line(_:)` takes the messages' language).
    public static func line(_ pieces: [LinePiece], rightToLeft: Bool) -> String {
        let texts = pieces.map { piece in
            switch piece {
            case .text(let text), .value(let text): text
            }
        }
        guard needsIsolation(texts, rightToLeft: rightToLeft) else { return texts.joined() }
        var line = ""
        for (piece, text) in zip(pieces, texts) {
            if case .value = piece, !text.isEmpty {
                line += isolated(text, surrounding: rightToLeft ? .rightToLeft : .leftToRight)
            } else {
                line += text
            }
        }
        return line
    }
}

extension BidiText {
    /// The lines a paragraph was wrapped into, each opening again the embeddings, overrides and
    /// isolates still open where the line before it ended. UAX #9 orders each line on its own,
    /// so without them the end of an isolate (a product name in a sentence) that a wrap carried
    /// to the next line would stand there unisolated. They take no column.
    package static func continuingControls(_ lines: [String]) -> [String] {
        guard lines.count > 1,
            lines.contains(where: {
                $0.utf8.contains(0xE2) && $0.unicodeScalars.contains { isEmbeddingOrIsolate($0.value) }
            })
        else { return lines }
        var open: [Unicode.Scalar] = []
        return lines.map { line in
            let reopened = String(String.UnicodeScalarView(open)) + line
            for scalar in line.unicodeScalars {
                switch scalar.value {
                case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068:
                    open.append(scalar)
                case 0x202C:
                    if let last = open.last, last.value < 0x2066 { open.removeLast() }
                case 0x2069:
                    if let isolate = open.lastIndex(where: { $0.value >= 0x2066 }) { open.removeSubrange(isolate...) }
                default:
                    break
                }
            }
            return reopened
        }
    }
}

extension BidiText {
    /// A line of a picture (art), to be drawn left to right: each piece between gaps of two or
    /// more spaces is an isolate of its own, so pieces in a right-to-left script read in their
    /// own columns (the key art's Arabic labels under their keys) instead of trading places as
    /// the words of one sentence would. A line that needs no reordering is left as it is.
    public static func pictureLine(_ line: String) -> String {
        guard mayNeedReordering(line) else { return line }
        var result = ""
        var piece = ""
        var spaces = ""
        func flushPiece() {
            if !piece.isEmpty { result += isolated(piece) }
            piece = ""
        }
        for character in line {
            if character == " " {
                spaces.append(character)
                continue
            }
            if spaces.count >= 2 {
                flushPiece()
                result += spaces
            } else {
                piece += spaces
            }
            spaces = ""
            piece.append(character)
        }
        flushPiece()
        return result + spaces
    }
}
