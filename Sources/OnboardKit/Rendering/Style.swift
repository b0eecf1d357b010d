/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var isBold: Bool
    public var isDim: Bool
    public var isReverse: Bool
    public var isUnderline: Bool
    /// Drawn where the terminal has italics (`sitm`); only art sets it (SGR 3).
    public var isItalic: Bool

    public init(
        foreground: Color = .terminalDefault, background: Color = .terminalDefault, isBold: Bool = false,
        isDim: Bool = false, isReverse: Bool = false, isUnderline: Bool = false, isItalic: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isDim = isDim
        self.isReverse = isReverse
        self.isUnderline = isUnderline
        self.isItalic = isItalic
    }

    public static let plain = Style()

    public func bold(_ on: Bool = true) -> Style {
        var copy = self
        copy.isBold = on
        return copy
    }

    public func reversed(_ on: Bool = true) -> Style {
        var copy = self
        copy.isReverse = on
        return copy
    }

    public func dimmed(_ on: Bool = true) -> Style {
        var copy = self
        copy.isDim = on
        return copy
    }

    public func underlined(_ on: Bool = true) -> Style {
        var copy = self
        copy.isUnderline = on
        return copy
    }

    public func with(foreground: Color) -> Style {
        var copy = self
        copy.foreground = foreground
        return copy
    }

    public func with(background: Color) -> Style {
        var copy = self
        copy.background = background
        return copy
    }
}
