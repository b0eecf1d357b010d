/// A pane as `tmux capture-pane -p -e` gives it, read back into characters with the colours
/// and attributes tmux holds for them.
struct StyledScreen {
    /// A colour as tmux reports it.
    enum Color: Equatable, CustomStringConvertible {
        case terminalDefault
        case indexed(Int)
        case rgb(Int, Int, Int)

        var description: String {
            switch self {
            case .terminalDefault: return "default"
            case .indexed(let index): return "\(index)"
            case .rgb(let red, let green, let blue): return "rgb(\(red),\(green),\(blue))"
            }
        }
    }

    struct Cell: Equatable {
        var character: Character
        var foreground = Color.terminalDefault
        var background = Color.terminalDefault
        var isBold = false
        var isDim = false
        var isReverse = false
    }

    let rows: [[Cell]]
    /// Every SGR parameter list seen, as written ("38;2;139;92;246").
    let sequences: [String]

    init(_ text: String) {
        var rows: [[Cell]] = []
        var sequences: [String] = []
        // tmux writes only what changes, so a row starts in the state the previous one ended in.
        var state = Cell(character: " ")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var row: [Cell] = []
            let characters = Array(line)
            var index = 0
            while index < characters.count {
                if characters[index] == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" {
                    var end = index + 2
                    while end < characters.count, !characters[end].isLetter { end += 1 }
                    if end < characters.count, characters[end] == "m" {
                        let parameters = String(characters[(index + 2)..<end])
                        sequences.append(parameters)
                        StyledScreen.apply(parameters, to: &state)
                    }
                    index = end + 1
                    continue
                }
                var cell = state
                cell.character = characters[index]
                row.append(cell)
                index += 1
            }
            rows.append(row)
        }
        self.rows = rows
        self.sequences = sequences
    }

    /// The cells of every row that hold something other than a space.
    var textCells: [(x: Int, y: Int, cell: Cell)] {
        rows.enumerated().flatMap { y, row in
            row.enumerated().filter { !$0.element.character.isWhitespace }.map {
                (x: $0.offset, y: y, cell: $0.element)
            }
        }
    }

    /// The text cells drawn in the colour of what they sit on: their own background's colour,
    /// or black or white on the terminal's own background (one of them is the background of
    /// nearly every terminal).
    var hiddenText: [String] {
        textCells.compactMap { x, y, cell in
            let (foreground, background) =
                cell.isReverse ? (cell.background, cell.foreground) : (cell.foreground, cell.background)
            let hidden =
                background == .terminalDefault
                ? [.indexed(0), .indexed(7), .indexed(15)].contains(foreground)
                : foreground == background
            return hidden ? "\(x),\(y) \"\(cell.character)\" \(foreground) on \(background)" : nil
        }
    }

    private static func apply(_ text: String, to cell: inout Cell) {
        let parameters =
            text.isEmpty ? [0] : text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        func extended() -> Color {
            if index + 2 < parameters.count, parameters[index + 1] == 5 {
                defer { index += 2 }
                return .indexed(parameters[index + 2])
            }
            if index + 4 < parameters.count, parameters[index + 1] == 2 {
                defer { index += 4 }
                return .rgb(parameters[index + 2], parameters[index + 3], parameters[index + 4])
            }
            return .terminalDefault
        }
        while index < parameters.count {
            let value = parameters[index]
            switch value {
            case 0:
                let character = cell.character
                cell = Cell(character: character)
            case 1: cell.isBold = true
            case 2: cell.isDim = true
            case 7: cell.isReverse = true
            case 22:
                cell.isBold = false
                cell.isDim = false
            case 27: cell.isReverse = false
            case 30...37: cell.foreground = .indexed(value - 30)
            case 38: cell.foreground = extended()
            case 39: cell.foreground = .terminalDefault
            case 40...47: cell.background = .indexed(value - 40)
            case 48: cell.background = extended()
            case 49: cell.background = .terminalDefault
            case 90...97: cell.foreground = .indexed(value - 90 + 8)
            case 100...107: cell.background = .indexed(value - 100 + 8)
            default: break
            }
            index += 1
        }
    }
}
