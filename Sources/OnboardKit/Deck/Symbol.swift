/// A small piece of text art that a hero page shows above its title, like an SF Symbol drawn
/// in terminal cells.
public struct Symbol: Hashable, Sendable {
    /// The canonical name, e.g. `figure.walk`; aliases such as `star.fill` resolve to it.
    public let name: String
    /// The rows of the drawing, top to bottom, without trailing blanks.
    public let lines: [String]

    public init(name: String, lines: [String]) {
        self.name = name
        self.lines = lines
    }

    /// Columns the widest row takes in a terminal.
    public var width: Int { lines.map { DisplayWidth.of($0) }.max() ?? 0 }

    /// Rows the drawing takes.
    public var height: Int { lines.count }
}
