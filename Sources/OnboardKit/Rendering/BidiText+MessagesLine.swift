import OnboardBase

extension BidiText {
    /// `line(_:rightToLeft:)` laid out as the messages' language reads.
    public static func line(_ pieces: [LinePiece]) -> String {
        line(pieces, rightToLeft: LayoutDirection(languageTag: Messages.current.language) == .rightToLeft)
    }
}
