extension Key {
    /// The key as help and documentation name it: "→", "Enter", "Ctrl-C", "Space", "g".
    public var displayName: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-\(letter.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .delete: return "Delete"
        case .function(let number): return "F\(number)"
        }
    }

    /// The key as a one-column symbol where it has one (⏎ for Enter), for hint lines short of room.
    public var symbol: String { self == .enter ? "⏎" : displayName }

    /// The digit 1–9 this key types, if it is one.
    var digit: Int? {
        guard case .character(let character) = self, character.isASCII, let value = character.wholeNumberValue,
            value > 0
        else { return nil }
        return value
    }
}
