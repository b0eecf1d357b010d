/// The transaction manager while it is open: which transaction is chosen, and the first one the
/// list showed, so it scrolls only as the choice needs.
public struct TransactionManagerBox: Hashable, Sendable {
    public var selected: Int
    public var top = 0

    public init(selected: Int) { self.selected = selected }

    /// Keeps the choice among `count` rows and in a window of `visible` rows.
    public mutating func clamp(count: Int, visible: Int) {
        selected = max(0, min(selected, count - 1))
        if selected < top { top = selected }
        if visible > 0, selected >= top + visible { top = selected - visible + 1 }
        top = max(0, min(top, max(0, count - visible)))
    }
}
