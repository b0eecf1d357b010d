/// How confetti is drawn over a page.
public enum ConfettiRenderMode: Hashable, Sendable {
    /// Shapes as pixels, two stacked in each cell (`▀` with a foreground and a background
    /// colour): twice the vertical resolution. Text and emoji pieces stay graphemes.
    case halfBlock
    /// Every piece as a glyph that changes as it spins (`●•`, `▲▶▼◀`, `■◆`, `╱─╲│`, `✚╳`).
    case glyph
}
