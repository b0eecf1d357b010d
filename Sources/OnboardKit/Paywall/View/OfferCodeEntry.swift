/// The offer code being typed into its box, and why the last one was not taken.
public struct OfferCodeEntry: Hashable, Sendable {
    /// Codes are letters, digits, `-` and `_`, up to this many: what a catalog allows.
    public static let maximumLength = 64

    public private(set) var text = ""
    /// Why the code entered was refused, or what was left out of a paste.
    public var problem: String?

    public init() {}

    /// Adds a typed or pasted character; false (and nothing added) for one a code cannot hold.
    @discardableResult
    public mutating func type(_ character: Character) -> Bool {
        guard character.isASCII, character.isLetter || character.isNumber || character == "-" || character == "_",
            text.count < Self.maximumLength
        else { return false }
        text.append(character)
        problem = nil
        return true
    }

    /// Adds what a paste holds that a code can: spaces and newlines around it are dropped, and
    /// anything else is said in `problem`, never typed.
    public mutating func paste(_ pasted: String) {
        var refused = 0
        for character in pasted where !character.isWhitespace {
            if !type(character) { refused += 1 }
        }
        if refused > 0 {
            problem = Messages.trn(
                "{{ count }} character of the paste left out: codes are letters, digits, - and _, up to {{ maximum }}",
                "{{ count }} characters of the paste left out: codes are letters, digits, - and _, up to {{ maximum }}",
                count: refused, ["maximum": String(Self.maximumLength)])
        }
    }

    public mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        problem = nil
    }
}
