/// The styles views draw with, derived from the deck's accent and what the terminal can show.
public struct Theme: Hashable, Sendable {
    public static let defaultAccent = Color.rgb(139, 92, 246)

    public var colorMode: ColorMode
    public var accent: Color

    public init(accent: Color? = nil, colorMode: ColorMode) {
        self.colorMode = colorMode
        self.accent = accent ?? Theme.defaultAccent
    }

    private var usesColor: Bool { colorMode != .monochrome }

    public var heading: Style { Style(isBold: true) }
    public var body: Style { .plain }
    public var muted: Style { usesColor ? Style(foreground: .brightBlack) : Style(isDim: true) }
    public var accentText: Style { usesColor ? Style(foreground: accent, isBold: true) : Style(isBold: true) }
    public var art: Style { usesColor ? Style(foreground: accent) : .plain }
    public var dotCurrent: Style { usesColor ? Style(foreground: accent, isBold: true) : Style(isBold: true) }
    public var dotOther: Style { muted }
    public var button: Style { Style(isBold: true) }
    /// The primary button (and the selected package): accent background where colour exists,
    /// with black or white text, whichever is readable on the accent; reverse video otherwise.
    public var primaryButton: Style {
        usesColor
            ? Style(foreground: accent.shown(in: colorMode).readableText, background: accent, isBold: true)
            : Style(isBold: true, isReverse: true)
    }
    public var border: Style { usesColor ? Style(foreground: accent) : .plain }
}
