/// Text art as colour tools write it (`figlet | lolcat`, `chafa`, `toilet`): lines of text with
/// SGR escapes (`ESC [ … m`) that colour them. The escapes become a style per grapheme and are
/// never drawn; any other escape is left out and reported with its line and column.
public struct ANSIArt: Hashable, Sendable {
    /// The lines without escapes: made safe, tabs expanded to four spaces.
    public var lines: [String]
    /// One style per grapheme of each line; empty when the art sets no colour at all. A
    /// `.terminalDefault` colour means "the art's own colour", filled in by the page.
    public var styles: [[Style]]
    /// Escapes that are not colours, where they started (1-based line and column).
    public var strayEscapes: [StrayEscape]

    public struct StrayEscape: Hashable, Sendable {
        public var line: Int
        public var column: Int
        /// The sequence as it could be shown: `ESC` written as `␛`, cut short.
        public var shown: String
    }

    /// Reads art whose line feeds (CR LF already made LF) separate lines.
    public static func parse(_ text: String) -> ANSIArt {
        var art = ANSIArt(lines: [], styles: [], strayEscapes: [])
        var line = ""
        var lineStyles: [Style] = []
        var style = Style.plain
        var sawStyle = false
        var characters = Array(text)[...]
        var lineNumber = 1
        var column = 1
        func append(_ shown: String) {
            for grapheme in shown {
                line.append(grapheme)
                lineStyles.append(style)
            }
        }
        while let character = characters.popFirst() {
            switch character {
            case "\n":
                art.lines.append(line)
                art.styles.append(lineStyles)
                line = ""
                lineStyles = []
                lineNumber += 1
                column = 1
                continue
            case "\t":
                append("    ")
            case "\u{1B}":
                let before = characters.count
                let sequence = escapeSequence(after: &characters)
                if sequence.first == "[", sequence.last == "m" {
                    style = applying(parameters: String(sequence.dropFirst().dropLast()), to: style)
                    sawStyle = true
                } else {
                    let shown = "␛" + SafeText.sanitize(String(sequence.prefix(16)))
                    art.strayEscapes.append(StrayEscape(line: lineNumber, column: column, shown: shown))
                }
                column += 1 + before - characters.count
                continue
            default:
                append(SafeText.sanitize(String(character)))
            }
            column += 1
        }
        art.lines.append(line)
        art.styles.append(lineStyles)
        if !sawStyle { art.styles = [] }
        return art
    }

    /// The rest of an escape after `ESC`: a CSI (`[` parameters, one final byte), an OSC or
    /// other string ended by BEL or `ESC \`, or one character. Stops at a line feed.
    static func escapeSequence(after characters: inout ArraySlice<Character>) -> String {
        guard let introducer = characters.first, introducer != "\n" else { return "" }
        characters.removeFirst()
        var sequence = String(introducer)
        switch introducer {
        case "[":
            while let next = characters.first, next != "\n" {
                characters.removeFirst()
                sequence.append(next)
                if let value = next.asciiValue, (0x40...0x7E).contains(value) { break }
            }
        case "]", "P", "X", "^", "_":
            while let next = characters.first, next != "\n" {
                characters.removeFirst()
                if next == "\u{07}" { break }
                if next == "\u{1B}" {
                    if characters.first == "\\" { characters.removeFirst() }
                    break
                }
                sequence.append(next)
            }
        default:
            break
        }
        return sequence
    }

    /// The style after one SGR sequence's parameters ("1;38;5;202", "" for a reset).
    static func applying(parameters: String, to current: Style) -> Style {
        var style = current
        // A colon group (38:5:n, 38:2::r:g:b with its colour-space slot) is one colour; its
        // semicolon form (38;5;n, 38;2;r;g;b) is read across the parameters that follow.
        let groups = parameters.split(separator: ";", omittingEmptySubsequences: false)
        let values = groups.map { Int($0.split(separator: ":").first ?? "") ?? 0 }
        var index = 0
        func colour(_ numbers: [Int]) -> Color? {
            if numbers.first == 5, numbers.count >= 2 { return .indexed(UInt8(clamping: numbers[1])) }
            if numbers.first == 2, numbers.count >= 4 {
                let rgb = numbers.suffix(3).map { UInt8(clamping: $0) }
                return .rgb(rgb[0], rgb[1], rgb[2])
            }
            return nil
        }
        func extendedColor() -> Color? {
            let group = groups[index]
            if group.contains(":") {
                return colour(
                    group.split(separator: ":", omittingEmptySubsequences: false).dropFirst().map { Int($0) ?? 0 })
            }
            guard index + 1 < values.count else { return nil }
            let count = values[index + 1] == 5 ? 2 : values[index + 1] == 2 ? 4 : 0
            guard count > 0, index + count < values.count else { return nil }
            defer { index += count }
            return colour(Array(values[(index + 1)...(index + count)]))
        }
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: style = .plain
            case 1: style.isBold = true
            case 2: style.isDim = true
            case 3: style.isItalic = true
            case 4: style.isUnderline = true
            case 7: style.isReverse = true
            case 22:
                style.isBold = false
                style.isDim = false
            case 23: style.isItalic = false
            case 24: style.isUnderline = false
            case 27: style.isReverse = false
            case 30...37: style.foreground = .indexed(UInt8(value - 30))
            case 90...97: style.foreground = .indexed(UInt8(value - 90 + 8))
            case 39: style.foreground = .terminalDefault
            case 40...47: style.background = .indexed(UInt8(value - 40))
            case 100...107: style.background = .indexed(UInt8(value - 100 + 8))
            case 49: style.background = .terminalDefault
            case 38: style.foreground = extendedColor() ?? style.foreground
            case 48: style.background = extendedColor() ?? style.background
            // Blink, strike-through and the rest: the cells have no such attribute; ignored.
            default: break
            }
            index += 1
        }
        return style
    }
}
