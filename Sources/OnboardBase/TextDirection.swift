/// Which way a paragraph of text runs, as the Unicode Bidirectional Algorithm resolves it.
public enum TextDirection: String, Hashable, Sendable {
    case leftToRight
    case rightToLeft
}
