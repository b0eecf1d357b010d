/// A stretch of a canvas row that is a link: the shell may make it clickable (OSC 8) where
/// the terminal supports it. The text itself is already drawn in the cells.
public struct Hyperlink: Hashable, Sendable {
    public var url: String
    public var x: Int
    public var y: Int
    public var width: Int

    public init(url: String, x: Int, y: Int, width: Int) {
        self.url = url
        self.x = x
        self.y = y
        self.width = width
    }
}
