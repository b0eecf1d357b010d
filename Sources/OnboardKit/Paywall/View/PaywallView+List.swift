import FoundationEssentials

/// The package rows: scrolled to keep the selection in view, with their descriptions while there
/// is room, styled by whether they are chosen.
extension PaywallView {
    // MARK: The list

    /// The package rows (with their descriptions while there is room), scrolled to show the
    /// selection when `capacity` lines cannot hold them all, with "↑ 3 more" and "↓ 5 more"
    /// above and below.
    func listLines(_ fit: Fit, capacity: Int?, width: Int = 0) -> (lines: [Line], top: Int) {
        if let cards = cardGeometry(fit, width: width) { return (cardLines(cards), 0) }
        let rows = presentation.rows
        let hasDetails = fit.details && rows.contains { !$0.detail.isEmpty }
        var columns = RowColumns(rows: rows, width: width)
        columns.rightToLeft = layoutDirection == .rightToLeft
        func lines(for index: Int) -> [Line] {
            let row = rows[index]
            var result = [
                Line(
                    text: columns.text(of: row), style: style(of: row), kind: .row(isSelected: row.isSelected),
                    target: .package(index))
            ]
            if hasDetails {
                let detail = "    " + TextLayout.truncate(row.detail, width: max(0, width - 5))
                result.append(
                    Line(
                        text: detail, style: row.isSelected ? theme.primaryButton : theme.muted,
                        kind: .row(isSelected: row.isSelected), target: .package(index)))
            }
            return result
        }
        guard let capacity, let count = window(fit, capacity: capacity) else {
            return (rows.indices.flatMap(lines(for:)), 0)
        }
        let withMarkers = capacity >= 3
        let top = Self.scrolledTop(
            from: presentation.listTop, selected: presentation.selectedIndex ?? 0, window: count,
            rowCount: rows.count)
        let shown = top..<min(rows.count, top + count)
        var result = shown.flatMap(lines(for:))
        if withMarkers {
            let above = top, below = rows.count - shown.upperBound
            result.insert(
                Line(
                    text: above > 0 ? Messages.trn("↑ {{ count }} more", "↑ {{ count }} more", count: above) : "",
                    style: theme.muted, kind: .centred,
                    target: above > 0 ? .moreAbove : nil), at: 0)
            result.append(
                Line(
                    text: below > 0 ? Messages.trn("↓ {{ count }} more", "↓ {{ count }} more", count: below) : "",
                    style: theme.muted, kind: .centred,
                    target: below > 0 ? .moreBelow : nil))
        }
        return (result, top)
    }

    func style(of row: PaywallPresentation.Row) -> Style {
        if row.isSelected { return theme.primaryButton }
        return row.isOwned || row.isBlocked ? theme.muted : theme.body
    }
}
