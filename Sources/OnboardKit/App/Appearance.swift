/// Whether the terminal's background is dark or light, which decides the theme's colours.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case dark
    case light

    /// The appearance of a background colour: light when black text contrasts with it more
    /// than white does (WCAG relative luminance over about 0.18), dark otherwise.
    public init(background: Color) {
        self = background.relativeLuminance.map { $0 > Appearance.luminanceThreshold } == true ? .light : .dark
    }

    /// The relative luminance at which black and white contrast equally with a colour.
    static let luminanceThreshold = 0.1791

    /// The background a theme of this appearance is made for when the terminal's own colour is
    /// not known: black or white, the extremes, so the accent is readable on the usual ones.
    public var referenceBackground: Color { self == .dark ? .black : .brightWhite }

    /// The guess `COLORFGBG` allows ("15;0", "0;default;15": the last field is the background's
    /// colour index, xterm's palette); nil when it says nothing usable.
    public init?(colorFGBG: String) {
        guard let last = colorFGBG.split(separator: ";").last, let index = UInt8(last), index < 16 else { return nil }
        self.init(background: .indexed(index))
    }
}
