/// A named piece of text art for hero pages.
public struct Symbol: Hashable, Sendable {
    public let name: String
    public let lines: [String]

    public init(name: String, lines: [String]) {
        self.name = name
        self.lines = lines
    }

    public var width: Int { lines.map { DisplayWidth.of($0) }.max() ?? 0 }
    public var height: Int { lines.count }
}
