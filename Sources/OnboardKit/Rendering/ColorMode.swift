/// What the terminal can show, decided once by the shell and passed to views that care
/// (fades and ramps need to know how many colours exist).
public enum ColorMode: Int, Comparable, Sendable, CaseIterable {
    /// `NO_COLOR` or a terminal without colours: emphasis by bold, dim and reverse only.
    case monochrome
    /// The 8 basic ANSI colours.
    case basic8
    /// The 8 basic ANSI colours and their 8 bright forms.
    case basic16
    /// The xterm 256-colour palette.
    case indexed256
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case truecolor

    public static func < (left: ColorMode, right: ColorMode) -> Bool { left.rawValue < right.rawValue }
}
