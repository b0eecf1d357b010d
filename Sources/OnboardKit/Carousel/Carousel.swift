/// Which page the carousel shows. The one place the current page lives: keys change it here,
/// and the slide animation and views only read it.
///
/// The carousel moves along a path: the deck's pages that show (`Deck.path`), by position.
/// `currentIndex` is the page's index in the deck; `position` its place on the path, which is
/// what the dots, N/M and the slide count in.
public struct Carousel: Hashable, Sendable {
    /// The deck indexes of the pages on the path, in order; never empty.
    public private(set) var path: [Int]
    public private(set) var position: Int

    /// A carousel over every one of `pageCount` pages.
    public init(pageCount: Int, currentIndex: Int = 0) {
        self.init(path: Array(0..<max(1, pageCount)), position: currentIndex)
    }

    /// A carousel over the pages of `path` (the first page when empty), at `position` (clamped).
    public init(path: [Int], position: Int = 0) {
        self.path = path.isEmpty ? [0] : path
        self.position = min(max(0, position), self.path.count - 1)
    }

    /// The pages on the path: what the dots count.
    public var pageCount: Int { path.count }
    /// The page on screen, as an index into the deck's pages.
    public var currentIndex: Int { path[position] }

    public var isFirst: Bool { position == 0 }
    public var isLast: Bool { position == pageCount - 1 }

    /// Moves to `position` on the path, clamped to it (nothing wraps around).
    /// Returns whether the page changed.
    @discardableResult
    public mutating func select(_ position: Int) -> Bool {
        let clamped = min(max(0, position), pageCount - 1)
        guard clamped != self.position else { return false }
        self.position = clamped
        return true
    }

    @discardableResult public mutating func advance() -> Bool { select(position + 1) }
    @discardableResult public mutating func retreat() -> Bool { select(position - 1) }
    @discardableResult public mutating func selectFirst() -> Bool { select(0) }
    @discardableResult public mutating func selectLast() -> Bool { select(pageCount - 1) }

    /// Takes a new path that holds the page on screen (which stays on screen); returns whether
    /// the path changed. A path without it is refused, and nothing changes.
    @discardableResult
    public mutating func follow(_ newPath: [Int]) -> Bool {
        guard newPath != path, let newPosition = newPath.firstIndex(of: currentIndex) else { return false }
        path = newPath
        position = newPosition
        return true
    }

    /// The position of deck page `index` on the path; nil when the path leaves it out.
    public func position(of index: Int) -> Int? { path.firstIndex(of: index) }
}
