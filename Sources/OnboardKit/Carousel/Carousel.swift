/// Which page the carousel shows. The one place the current page lives: keys change it here,
/// and the slide animation and views only read it.
public struct Carousel: Hashable, Sendable {
    public let pageCount: Int
    public private(set) var currentIndex: Int

    public init(pageCount: Int, currentIndex: Int = 0) {
        self.pageCount = max(1, pageCount)
        self.currentIndex = min(max(0, currentIndex), self.pageCount - 1)
    }

    public var isFirst: Bool { currentIndex == 0 }
    public var isLast: Bool { currentIndex == pageCount - 1 }

    /// Moves to `index`, clamped to the pages that exist (nothing wraps around).
    /// Returns whether the page changed.
    @discardableResult
    public mutating func select(_ index: Int) -> Bool {
        let clamped = min(max(0, index), pageCount - 1)
        guard clamped != currentIndex else { return false }
        currentIndex = clamped
        return true
    }

    @discardableResult public mutating func advance() -> Bool { select(currentIndex + 1) }
    @discardableResult public mutating func retreat() -> Bool { select(currentIndex - 1) }
    @discardableResult public mutating func selectFirst() -> Bool { select(0) }
    @discardableResult public mutating func selectLast() -> Bool { select(pageCount - 1) }
}
