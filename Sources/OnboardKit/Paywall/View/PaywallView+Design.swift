/// The designed parts of the page above the packages: the tabs of a `tiers` paywall, the period
/// switch, and the comparison table, each laid out in visual order (mirrored right to left).
extension PaywallView {
    /// The widest of the designed parts, so the page grows to show them where it can.
    var naturalDesignWidth: Int {
        var widths = [naturalCardsWidth]
        if let table = presentation.design.comparison { widths.append(comparisonWidths(table).natural) }
        widths.append(DisplayWidth.of(choiceText(presentation.design.tabs)))
        return widths.max() ?? 0
    }

    /// The countdown's time left, in the accent, while it runs.
    func countdownLines(_ fit: Fit, width: Int) -> [Line] {
        guard fit.countdown, let text = presentation.design.countdown else { return [] }
        return [Line(text: TextLayout.truncate(text, width: width), style: theme.accentText, kind: .centred)]
    }

    /// The testimonial shown now, in at most two lines, as tall as the tallest of them so the
    /// page never moves when the next one comes.
    func testimonialLines(_ fit: Fit, width: Int) -> [Line] {
        let all = presentation.design.testimonials
        guard fit.testimonial, let shown = presentation.design.testimonial else { return [] }
        func wrapped(_ text: String) -> [String] {
            var lines = TextLayout.wrap(text, width: width)
            if lines.count > 2 {
                lines = [lines[0], TextLayout.truncate(lines[1...].joined(separator: " "), width: width)]
            }
            return lines
        }
        let height = all.map { wrapped($0).count }.max() ?? 1
        var lines = aligned(wrapped(shown), theme.muted)
        while lines.count < height { lines.append(Line(text: "", style: .plain, kind: .centred)) }
        return lines
    }

    /// The tabs, the chosen one in the button's colours.
    func tabLines(width: Int) -> [Line] {
        let design = presentation.design
        guard !design.tabs.isEmpty else { return [] }
        return [
            choiceLine(
                design.tabs, selected: design.selectedTab, targets: design.tabs.indices.map { .tab($0) },
                key: KeyBindings.paywall.keyNames(for: .nextTier).first, width: width)
        ]
    }

    /// Monthly | Yearly, the side shown in the button's colours.
    func periodLines(width: Int) -> [Line] {
        guard let side = presentation.design.period else {
            return presentation.design.keepsPeriodLine ? [Line(text: "", style: .plain, kind: .centred)] : []
        }
        let sides = PeriodSide.allCases
        return [
            choiceLine(
                sides.map(\.label), selected: sides.firstIndex(of: side) ?? 0, targets: sides.map { .period($0) },
                key: KeyBindings.paywall.keyNames(for: .togglePeriod).first, width: width)
        ]
    }

    func choiceText(_ names: [String]) -> String {
        names.isEmpty ? "" : names.map { " \($0) " }.joined(separator: "│")
    }

    /// One choice among names, each clickable: all of them where they fit, with the `key` that
    /// moves to the next one in brackets beside them where that fits too ("(Tab)": nothing
    /// else on the page says it), else the chosen one between ‹ and ›, which reach its neighbours.
    func choiceLine(_ names: [String], selected: Int, targets: [Target], key: String?, width: Int) -> Line {
        let rightToLeft = layoutDirection == .rightToLeft
        let cells = names.map { BidiText.mayNeedReordering($0) ? BidiText.isolated($0) : $0 }
        var line = Line(text: "", style: theme.body, kind: .spread(width: 0))
        if DisplayWidth.of(choiceText(names)) <= width {
            let order = rightToLeft ? Array(names.indices.reversed()) : Array(names.indices)
            var text = ""
            for (position, index) in order.enumerated() {
                if position > 0 { text += "│" }
                let start = DisplayWidth.of(text)
                text += " " + cells[index] + " "
                let columns = start..<start + DisplayWidth.of(names[index]) + 2
                line.segments.append((columns, targets[index]))
                if index == selected { line.spans.append((columns, theme.primaryButton)) }
            }
            line.text = text
            if let key {
                addKeyHint("(\(key))", to: &line, target: targets[(selected + 1) % names.count], width: width)
            }
        } else {
            let count = names.count
            let before = targets[(selected + count - 1) % count], after = targets[(selected + 1) % count]
            let name = TextLayout.truncate(names[selected], width: max(1, width - 6))
            let shownName = BidiText.mayNeedReordering(name) ? BidiText.isolated(name) : name
            line.text = "‹  " + shownName + "  ›"
            let nameWidth = DisplayWidth.of(name)
            line.segments = [
                (0..<1, rightToLeft ? after : before), (nameWidth + 5..<nameWidth + 6, rightToLeft ? before : after),
            ]
            line.spans = [(2..<nameWidth + 4, theme.primaryButton)]
        }
        line.kind = .spread(width: DisplayWidth.of(line.text))
        return line
    }

    /// `hint` after the choices (before them right to left), muted and clickable as `target`,
    /// where it fits the width.
    private func addKeyHint(_ hint: String, to line: inout Line, target: Target, width: Int) {
        let gap = "  "
        let hintWidth = DisplayWidth.of(hint)
        let textWidth = DisplayWidth.of(line.text)
        guard textWidth + gap.count + hintWidth <= width else { return }
        if layoutDirection == .rightToLeft {
            let shift = hintWidth + gap.count
            line.segments = line.segments.map {
                ($0.columns.lowerBound + shift..<$0.columns.upperBound + shift, $0.target)
            }
            line.spans = line.spans.map { ($0.columns.lowerBound + shift..<$0.columns.upperBound + shift, $0.style) }
            line.text = hint + gap + line.text
            line.segments.append((0..<hintWidth, target))
            line.spans.append((0..<hintWidth, theme.muted))
        } else {
            line.text += gap + hint
            let start = textWidth + gap.count
            line.segments.append((start..<start + hintWidth, target))
            line.spans.append((start..<start + hintWidth, theme.muted))
        }
    }

    /// The columns' widths of a comparison table and the width it needs whole.
    func comparisonWidths(_ table: PaywallComparison) -> (columns: [Int], feature: Int, natural: Int) {
        let columns = table.columns.indices.map { column in
            ([table.columns[column]] + table.rows.map { $0.cells[column] }).map { DisplayWidth.of($0) }.max()! + 2
        }
        let feature = table.rows.map { DisplayWidth.of($0.feature) }.max() ?? 0
        return (columns, feature, feature + 1 + columns.reduce(0, +))
    }

    /// The comparison table: a header of tiers (or packages), then a line per feature; the
    /// chosen package's column in the accent. Left out where its features would get fewer than
    /// `minimumFeatureWidth` columns.
    func comparisonLines(_ fit: Fit, width: Int) -> [Line] {
        guard fit.comparison, let table = presentation.design.comparison else { return [] }
        let widths = comparisonWidths(table)
        let featureWidth = min(widths.feature, width - 1 - widths.columns.reduce(0, +))
        guard featureWidth >= Self.minimumFeatureWidth else { return [] }
        let total = featureWidth + 1 + widths.columns.reduce(0, +)
        let rightToLeft = layoutDirection == .rightToLeft
        func centred(_ text: String, in columnWidth: Int) -> String {
            let free = max(0, columnWidth - DisplayWidth.of(text))
            let cell = BidiText.mayNeedReordering(text) ? BidiText.isolated(text) : text
            return String(repeating: " ", count: free / 2) + cell + String(repeating: " ", count: free - free / 2)
        }
        func line(feature: String, cells: [String], style: Style) -> Line {
            let name = TextLayout.truncate(feature, width: featureWidth)
            let pad = String(repeating: " ", count: max(0, featureWidth - DisplayWidth.of(name)))
            let nameCell = BidiText.mayNeedReordering(name) ? BidiText.isolated(name) : name
            let order = rightToLeft ? Array(cells.indices.reversed()) : Array(cells.indices)
            let columns = order.map { centred(cells[$0], in: widths.columns[$0]) }.joined()
            var result = Line(
                text: rightToLeft ? columns + " " + pad + nameCell : nameCell + pad + " " + columns, style: style,
                kind: .spread(width: total))
            if let highlighted = table.highlighted, widths.columns.indices.contains(highlighted) {
                let position = order.firstIndex(of: highlighted) ?? 0
                let start =
                    (rightToLeft ? 0 : featureWidth + 1)
                    + order.prefix(position).map { widths.columns[$0] }.reduce(0, +)
                result.spans = [(start..<start + widths.columns[highlighted], theme.accentText)]
            }
            return result
        }
        return [line(feature: "", cells: table.columns, style: theme.heading)]
            + table.rows.map { line(feature: $0.feature, cells: $0.cells, style: theme.body) }
    }

    /// A comparison whose features would get fewer columns than this is left out.
    static let minimumFeatureWidth = 8
}
