/// Draws the paywall page into a rectangle: title, subtitle, features, the packages as a
/// selectable list, the call to action, the subscription status and the links. On small
/// screens the decoration goes first (features, subtitle), the list and the button stay.
public struct PaywallView {
    public var presentation: PaywallPresentation
    public var theme: Theme

    public init(presentation: PaywallPresentation, theme: Theme) {
        self.presentation = presentation
        self.theme = theme
    }

    /// One laid-out line: its text, style and how it is placed.
    struct Line {
        enum Kind { case centred, row(isSelected: Bool, isOwned: Bool), button }
        var text: String
        var style: Style
        var kind: Kind
    }

    public func draw(into canvas: inout Canvas, in rect: Rect, clip: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let width = min(rect.width - 2, 64)
        guard width > 0 else { return }
        let lines = layout(width: width, height: rect.height)
        var row = rect.y + max(0, (rect.height - lines.count) / 2)
        let left = rect.x + (rect.width - width) / 2
        for line in lines {
            defer { row += 1 }
            let textWidth = DisplayWidth.of(line.text)
            switch line.kind {
            case .centred:
                canvas.draw(line.text, x: rect.x + (rect.width - textWidth) / 2, y: row, style: line.style, clip: clip)
            case .button:
                let x = rect.x + (rect.width - textWidth) / 2
                canvas.draw(line.text, x: x, y: row, style: line.style, clip: clip)
            case .row(let isSelected, _):
                if isSelected {
                    canvas.fill(
                        Rect(x: left, y: row, width: width, height: 1).intersection(clip),
                        with: Cell(grapheme: " ", style: line.style))
                }
                canvas.draw(line.text, x: left, y: row, style: line.style, clip: clip)
            }
        }
    }

    /// The lines to show, fitted to `height` by dropping the least needed first.
    func layout(width: Int, height: Int) -> [Line] {
        let p = presentation
        let title = TextLayout.wrap(p.title, width: width).map {
            Line(text: $0, style: theme.accentText, kind: .centred)
        }
        let subtitle =
            p.subtitle.isEmpty
            ? [] : TextLayout.wrap(p.subtitle, width: width).map { Line(text: $0, style: theme.muted, kind: .centred) }
        let features = p.features.map {
            Line(text: TextLayout.truncate("✓ " + $0, width: width), style: theme.body, kind: .centred)
        }
        var rows: [Line] = []
        for row in p.rows {
            rows.append(
                Line(
                    text: rowText(row, width: width), style: rowStyle(row),
                    kind: .row(isSelected: row.isSelected, isOwned: row.isOwned)))
            // The offer belongs to the package it is for: right under it.
            if row.isSelected, let offer = row.offer {
                rows.append(
                    Line(text: TextLayout.truncate(offer, width: width), style: theme.accentText, kind: .centred))
            }
        }
        let button: Line
        if let progress = p.progress {
            button = Line(text: TextLayout.truncate(progress, width: width), style: theme.accentText, kind: .button)
        } else {
            button = Line(
                text: TextLayout.truncate("  \(p.callToAction)  ", width: width), style: theme.primaryButton,
                kind: .button)
        }
        let status = p.statusLines.map {
            Line(text: TextLayout.truncate($0, width: width), style: theme.muted, kind: .centred)
        }
        let actions = Line(text: TextLayout.truncate(p.actionsLine, width: width), style: theme.muted, kind: .centred)
        let blank = Line(text: "", style: .plain, kind: .centred)

        // Fitting steps, tried in order until the page fits: drop the features, the subtitle,
        // the blank lines between groups, the key line, the title, the status.
        var groups: [[Line]] = [title, subtitle, features, rows, [button], status, [actions]]
        var spaced = true
        func total() -> Int {
            let nonEmpty = groups.filter { !$0.isEmpty }
            return nonEmpty.reduce(0) { $0 + $1.count } + (spaced ? max(0, nonEmpty.count - 1) : 0)
        }
        let steps: [(inout [[Line]], inout Bool) -> Void] = [
            { groups, _ in groups[2] = [] }, { groups, _ in groups[1] = [] }, { _, spaced in spaced = false },
            { groups, _ in groups[6] = [] }, { groups, _ in groups[0] = [] }, { groups, _ in groups[5] = [] },
        ]
        for step in steps where total() > height { step(&groups, &spaced) }
        var lines: [Line] = []
        for group in groups where !group.isEmpty {
            if spaced && !lines.isEmpty { lines.append(blank) }
            lines.append(contentsOf: group)
        }
        return Array(lines.prefix(height))
    }

    func rowText(_ row: PaywallPresentation.Row, width: Int) -> String {
        let left = " " + (row.isSelected ? "● " : "○ ") + row.name
        // The widest right-hand side that fits: everything, then without the badge, then the
        // price alone.
        var candidates: [String] = []
        if row.isOwned {
            let label = row.perMonth == nil && !row.price.contains("/") ? "owned" : "current plan"
            candidates = [row.price + "  " + label, label]
        } else if row.isBlocked {
            candidates = [row.price]
        } else {
            let withMonth = row.perMonth.map { row.price + " · " + $0 } ?? row.price
            if let badge = row.badge { candidates.append(withMonth + "  " + badge) }
            candidates += [withMonth, row.price]
        }
        for right in candidates {
            let gap = width - DisplayWidth.of(left) - DisplayWidth.of(right) - 1
            if gap >= 1 { return left + String(repeating: " ", count: gap) + right }
        }
        return TextLayout.truncate(left + " " + (candidates.last ?? ""), width: width)
    }

    func rowStyle(_ row: PaywallPresentation.Row) -> Style {
        if row.isSelected { return theme.primaryButton }
        return row.isOwned || row.isBlocked ? theme.muted : theme.body
    }
}
