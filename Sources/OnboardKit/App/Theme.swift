/// The styles views draw with, derived from the deck's accent and what the terminal can show.
public struct Theme: Hashable, Sendable {
    public static let defaultAccent = Color.rgb(139, 92, 246)

    public var colorMode: ColorMode
    public var accent: Color
    /// The terminal's background as far as it is known (its answer to OSC 11), else the
    /// reference background of the appearance guessed or chosen.
    public var background: Color
    public var appearance: Appearance { Appearance(background: background) }

    public init(accent: Color? = nil, colorMode: ColorMode, background: Color = Appearance.dark.referenceBackground) {
        self.colorMode = colorMode
        self.background = background
        // Under 8 and 16 colours the accent is a colour with a hue, or the default foreground
        // for a grey one: the nearest basic colour of a dark or light accent is black or white,
        // which one background or the other hides. Above, it is made readable on the background.
        self.accent = (accent ?? Theme.defaultAccent).readable(on: background, in: colorMode).accentFitted(
            to: colorMode, appearance: Appearance(background: background))
    }

    public init(accent: Color? = nil, colorMode: ColorMode, appearance: Appearance) {
        self.init(accent: accent, colorMode: colorMode, background: appearance.referenceBackground)
    }

    private var usesColor: Bool { colorMode != .monochrome }

    public var heading: Style { Style(isBold: true) }
    public var body: Style { .plain }
    /// Secondary text (app name, Skip, subtitles, hints): bright black where it exists, the
    /// default foreground dimmed under 8 colours (colour 8 would be black there) and monochrome.
    public var muted: Style {
        switch colorMode {
        case .monochrome, .basic8: return Style(isDim: true)
        case .basic16, .indexed256, .truecolor: return Style(foreground: .brightBlack)
        }
    }
    public var accentText: Style { usesColor ? Style(foreground: accent, isBold: true) : Style(isBold: true) }
    public var art: Style { usesColor ? Style(foreground: accent) : .plain }
    /// The current dot: the accent where colour exists (bold would add a change of
    /// attributes to every page change, and shows little on a dot), bold otherwise.
    public var dotCurrent: Style { usesColor ? Style(foreground: accent) : Style(isBold: true) }
    public var dotOther: Style { muted }
    public var button: Style { Style(isBold: true) }
    /// Back: the accent without bold, the secondary action beside Next's bold accent (and the
    /// current dot's colour, so a page change that shows Back needs no change of colour).
    public var backButton: Style { usesColor ? Style(foreground: accent) : .plain }
    /// The primary button (and the selected package): accent background where colour exists,
    /// with black or white text, whichever is readable on the accent; reverse video otherwise.
    public var primaryButton: Style {
        usesColor && accent != .terminalDefault
            ? Style(foreground: accent.shown(in: colorMode).readableText, background: accent, isBold: true)
            : Style(isBold: true, isReverse: true)
    }
    /// What is wrong with an answer, under its field: red where colour exists, bold otherwise.
    public var warning: Style { usesColor ? Style(foreground: .red, isBold: true) : Style(isBold: true) }
    public var border: Style { usesColor ? Style(foreground: accent) : .plain }
    /// The page behind a box: every cell in the secondary text's style, so the box stands out.
    public var backdrop: Style { muted }
    /// A page's background pattern: a colour a quarter of the way from the background to the
    /// text's, so it stays behind the page; nil in monochrome (`NO_COLOR`), where it is left out.
    /// Under 8 and 16 colours, where the palette is the terminal's, the secondary text's style.
    public var pattern: Style? {
        switch colorMode {
        case .monochrome: return nil
        case .basic8, .basic16: return muted
        case .indexed256, .truecolor:
            let text: Color = appearance == .dark ? .brightWhite : .black
            return Style(foreground: background.mixed(with: text, share: 0.25) ?? .brightBlack)
        }
    }
}
