import CFribidi

/// Text in the order the screen shows it. The Unicode Bidirectional Algorithm (UAX #9) is GNU
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

    /// One line of a paragraph in visual order: what goes into the cells from left to right.
    /// `direction` is the paragraph's (a wrapped line keeps the direction of the paragraph it
    /// came from); nil takes it from the line's own first strong character, left-to-right when
    /// it has none. Text with nothing right-to-left in it comes back as it is.
    public static func visualLine(_ line: some StringProtocol, direction: TextDirection? = nil) -> String {
        guard direction == .rightToLeft || mayNeedReordering(line) else { return String(line) }
        var scalars: [FriBidiChar] = []
        var clusterStarts: [Int] = []
        for grapheme in line {
            clusterStarts.append(scalars.count)
            scalars.append(contentsOf: grapheme.unicodeScalars.map(\.value))
        }
        if let marked = markingIsolates(scalars, clusterStarts: clusterStarts) {
            (scalars, clusterStarts) = marked
        }
        let count = FriBidiStrIndex(scalars.count)
        guard count > 0 else { return "" }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        fribidi_get_bidi_types(scalars, count, &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        var base: FriBidiParType =
            switch direction {
            case .leftToRight: cfribidi_par_ltr()
            case .rightToLeft: cfribidi_par_rtl()
            case nil: cfribidi_par_on()
            }
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        // Zero means FriBidi could not allocate: the text is shown as it came.
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &levels) > 0 else {
            return String(line)
        }
        // Joining and mirroring work in logical order, on the levels just resolved.
        var joining = [FriBidiArabicProp](repeating: 0, count: scalars.count)
        fribidi_get_joining_types(scalars, count, &joining)
        fribidi_join_arabic(types, count, levels, &joining)
        fribidi_shape(cfribidi_shape_flags(1), levels, count, &joining, &scalars)
        // Only rule L1's last part (whitespace at the line's end takes the paragraph's level):
        // the reversal itself (L2) is done below on whole clusters rather than on scalars.
        guard fribidi_reorder_line(0, types, count, 0, base, &levels, nil, nil) > 0 else { return String(line) }

        var clusters: [(scalars: ArraySlice<FriBidiChar>, level: FriBidiLevel)] = []
        for (index, start) in clusterStarts.enumerated() {
            let end = index + 1 < clusterStarts.count ? clusterStarts[index + 1] : scalars.count
            // Marks stay until the reversal is done: an RLM between two Latin words parts
            // their runs. They are left out of what is drawn.
            clusters.append((scalars[start..<end], levels[start]))
        }
        var order = Array(clusters.indices)
        let highest = clusters.map(\.level).max() ?? 0
        let lowestOdd = clusters.map(\.level).filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        // Rule L2: from the highest level down to the lowest odd one, reverse every run at or
        // above that level.
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard clusters[order[start]].level >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count && clusters[order[end]].level >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        var visual = String.UnicodeScalarView()
        for index in order {
            for value in clusters[index].scalars where !isDirectionControl(value) {
                if let scalar = Unicode.Scalar(value) { visual.append(scalar) }
            }
        }
        return String(visual)
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
    static func mayNeedReordering(_ text: some StringProtocol) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0xD6 }) { return false }
        return text.unicodeScalars.contains { scalar in
            guard scalar.value >= 0x0590 else { return false }
            if isDirectionControl(scalar.value) { return true }
            let type = fribidi_get_bidi_type(scalar.value)
            return cfribidi_is_rtl_type(type) != 0 || cfribidi_is_explicit_or_isolate(type) != 0
        }
    }

}
