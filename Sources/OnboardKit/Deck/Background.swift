/// What is drawn behind a page, as a phone carousel's background image: a built-in pattern
/// or text art, in the cells the page leaves blank.
public struct Background: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        case pattern(BackgroundPattern)
        /// Text-art lines (made safe, tabs expanded), repeated across and down.
        case art([String])
        /// No background: a page's way to leave out the deck's.
        case none
    }

    public var source: Source
    /// Moves at half the slide's speed, so the page seems to pass in front of it.
    public var isParallax: Bool

    public init(_ source: Source, isParallax: Bool = false) {
        self.source = source
        self.isParallax = isParallax
    }
}

/// The built-in background patterns.
public enum BackgroundPattern: String, Hashable, Sendable, CaseIterable {
    case dots
    case grid
    case stars
    case gradient
}
