import CFribidi

/// Text in the order the screen shows it (`visualLine`, in OnboardKit), and the rules for
/// isolating text that is not ours. The Unicode Bidirectional Algorithm (UAX #9) is GNU
/// FriBidi's; what is done here is the terminal's part of the job: grapheme clusters move as
/// one cell's worth (an Arabic letter keeps its harakat, an emoji its joiners), the direction
/// marks an author wrote are used and then left out (they have no cell), mirrored characters
/// such as brackets are swapped, and Arabic letters take their joined presentation forms,
/// since most terminals draw each character in its cell without shaping (DECISIONS.md).
public enum BidiText {
    /// The paragraph's direction by its first strong character, isolates skipped (UAX #9
    /// P2–P3); nil when it has none, such as a price or a row of digits.
    public static func direction(of paragraph: some StringProtocol) -> TextDirection? {
        // Below U+0580 every letter is left-to-right and nothing is a direction control.
        if paragraph.utf8.allSatisfy({ $0 < 0xD6 }) {
            let hasLetter = paragraph.unicodeScalars.contains {
                cfribidi_is_strong_ltr(fribidi_get_bidi_type($0.value)) != 0
            }
            return hasLetter ? .leftToRight : nil
        }
        // The levels are resolved for the direction alone: FriBidi's `fribidi_get_par_direction`
        // does not skip isolates, its paragraph levels do.
        let scalars = paragraph.unicodeScalars.map(\.value)
        let count = FriBidiStrIndex(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        fribidi_get_bidi_types(scalars, count, &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        // Asked once leaning each way: a paragraph without a strong character takes the lean,
        // so the answers differ exactly when there is none.
        var leaningLeft = cfribidi_par_wltr()
        var leaningRight = cfribidi_par_wrtl()
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &leaningLeft, &levels) > 0,
            fribidi_get_par_embedding_levels_ex(types, brackets, count, &leaningRight, &levels) > 0,
            leaningLeft == leaningRight
        else { return nil }
        return leaningLeft == cfribidi_par_rtl() ? .rightToLeft : .leftToRight
    }

    /// The marks, embeddings, overrides and isolates of UAX #9 (LRM, RLM, ALM, LRE, RLE, PDF,
    /// LRO, RLO, LRI, RLI, FSI, PDI): they steer the algorithm and take no cell.
    public static func isDirectionControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// False when the text certainly shows as it is written: it holds nothing right-to-left
    /// and no direction control. Checked on every draw, so text below U+0580 (where no
    /// scalar is either) is told by its bytes alone.
    package static func mayNeedReordering(_ text: some StringProtocol) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0xD6 }) { return false }
        return text.unicodeScalars.contains { scalar in
            guard scalar.value >= 0x0590 else { return false }
            if isDirectionControl(scalar.value) { return true }
            let type = fribidi_get_bidi_type(scalar.value)
            return cfribidi_is_rtl_type(type) != 0 || cfribidi_is_explicit_or_isolate(type) != 0
        }
    }
}
