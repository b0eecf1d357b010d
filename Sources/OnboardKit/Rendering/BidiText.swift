import CFribidi
import OnboardBase

extension BidiText {
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
}
