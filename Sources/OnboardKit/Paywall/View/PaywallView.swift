/// Draws the paywall page into a rectangle: title, subtitle, features, the packages as a
/// selectable list, the call to action, the subscription status and the links. On small
/// screens the decoration goes first (features, subtitle, descriptions), then the list
/// scrolls, always keeping the selected package in view.
///
/// Nothing moves when the selection changes: the offer line, the scroll markers and the
/// button's two lines are kept whether or not the selected package fills them.
public struct PaywallView {
    public var presentation: PaywallPresentation
    public var theme: Theme
    /// Right to left: rows are mirrored (the name on the right, prices to its left) and blocks
    /// of lines keep their right edge in one column.
    public var layoutDirection: LayoutDirection

    public init(presentation: PaywallPresentation, theme: Theme, layoutDirection: LayoutDirection = .leftToRight) {
        self.presentation = presentation
        self.theme = theme
        self.layoutDirection = layoutDirection
    }

    /// Where a part of a line (a clickable key, a link), given in its logical columns, is on
    /// screen: mirrored in a line laid out right to left, whose parts run from the right.
    func visualColumns(_ columns: Range<Int>, of line: Line) -> Range<Int> {
        guard direction(of: line) == .rightToLeft else { return columns }
        let width = DisplayWidth.of(line.text)
        return (width - columns.upperBound)..<(width - columns.lowerBound)
    }

    /// The direction a line is laid out in: a row's is the layout's; under a right-to-left
    /// layout any line with right-to-left text runs right to left; nil (the line's own) otherwise.
    func direction(of line: Line) -> TextDirection? {
        // A row's columns are the page's: its cells never choose the row's direction.
        if case .row = line.kind { return layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight }
        // Cards, tabs, the switch and the table are put in visual order by the view itself.
        if case .spread = line.kind { return .leftToRight }
        guard layoutDirection == .rightToLeft else { return nil }
        return BidiText.mayNeedReordering(line.text) ? .rightToLeft : nil
    }

    /// What a click on the paywall can reach.
    public enum Target: Hashable, Sendable {
        case package(Int)
        /// The "↑ 3 more" and "↓ 5 more" markers.
        case moreAbove
        case moreBelow
        case button
        case restore
        case privacyPolicy
        case termsOfUse
        case notNow
        /// A tab of a `tiers` paywall, and a side of the period switch.
        case tab(Int)
        case period(PeriodSide)
    }

    /// A clickable area of the drawn page.
    public struct Region: Hashable, Sendable {
        public var rect: Rect
        public var target: Target
    }

    /// Where the page lands in a rectangle: what can be clicked, and which packages show.
    public struct Placement: Hashable, Sendable {
        public var regions: [Region]
        /// Packages whose row is drawn inside the clip.
        public var visiblePackages: Set<Int>
        /// The first package row of the list.
        public var listTop: Int

        /// The target under a cell, if any.
        public func target(atX x: Int, y: Int) -> Target? {
            regions.first { $0.rect.contains(x: x, y: y) }?.target
        }
    }

    /// One laid-out line: its text, style and how it is placed.
    struct Line {
        enum Kind {
            case centred
            /// Drawn from the list's left edge; a selected row fills the list's width.
            case row(isSelected: Bool)
            /// Centred as a block of `width` columns (the button's lines share one width).
            case block(width: Int)
            /// Drawn from the left edge of a block of `width` columns centred on the page: the
            /// lines of a list or a wrapped sentence start in one column.
            case aligned(width: Int)
            /// Centred as a block of `width` columns already in visual order, never reordered
            /// as a whole: the cards, the tabs, the period switch, the comparison table.
            case spread(width: Int)
        }
        var text: String
        var style: Style
        var kind: Kind
        var target: Target?
        /// Clickable column ranges within the text (the key line).
        var segments: [(columns: Range<Int>, target: Target)] = []
        /// Column ranges that are links (OSC 8) to an address.
        var links: [(columns: Range<Int>, url: String)] = []
        /// Column ranges drawn in their own style (the chosen card, tab or column).
        var spans: [(columns: Range<Int>, style: Style)] = []
    }

    /// The laid-out page: lines top to bottom, and the list's first row.
    struct Layout {
        var lines: [Line]
        var listTop: Int
    }

    public func draw(into canvas: inout Canvas, in rect: Rect, clip: Rect) {
        for (line, x, y) in placedLines(in: rect) {
            switch line.kind {
            case .row(let isSelected):
                if isSelected {
                    // The list's width from its own left edge: a right-to-left row's text starts
                    // further right, its highlight does not.
                    canvas.fill(
                        Rect(x: listLeft(in: rect), y: y, width: listWidth(in: rect), height: 1).intersection(clip),
                        with: Cell(grapheme: " ", style: line.style))
                }
                canvas.draw(line.text, x: x, y: y, style: line.style, clip: clip, direction: direction(of: line))
            case .block(let width):
                canvas.fill(
                    Rect(x: x, y: y, width: width, height: 1).intersection(clip),
                    with: Cell(grapheme: " ", style: line.style))
                canvas.draw(line.text, x: x, y: y, style: line.style, clip: clip, direction: direction(of: line))
            case .centred, .aligned, .spread:
                canvas.draw(line.text, x: x, y: y, style: line.style, clip: clip, direction: direction(of: line))
            }
            for span in line.spans {
                let columns = visualColumns(span.columns, of: line)
                canvas.restyle(
                    Rect(x: x + columns.lowerBound, y: y, width: columns.count, height: 1).intersection(clip)
                ) { _ in span.style }
            }
            for link in line.links {
                let columns = visualColumns(link.columns, of: line)
                let area = Rect(x: x + columns.lowerBound, y: y, width: columns.count, height: 1)
                if area.intersection(clip) == area {
                    canvas.addHyperlink(Hyperlink(url: link.url, x: area.x, y: y, width: area.width))
                }
            }
        }
    }

    /// The clickable regions and visible packages when drawn into `rect`, clipped to `clip`.
    public func placement(in rect: Rect, clip: Rect) -> Placement {
        var regions: [Region] = []
        var visible = Set<Int>()
        let width = listWidth(in: rect)
        let layout = layout(in: rect)
        for (line, x, y) in placedLines(layout, in: rect) {
            if !line.segments.isEmpty {
                for segment in line.segments {
                    let columns = visualColumns(segment.columns, of: line)
                    let area = Rect(x: x + columns.lowerBound, y: y, width: columns.count, height: 1)
                    guard area.intersection(clip) == area else { continue }
                    regions.append(Region(rect: area, target: segment.target))
                    if case .package(let index) = segment.target { visible.insert(index) }
                }
                continue
            }
            guard let target = line.target else { continue }
            var area: Rect
            switch line.kind {
            case .row: area = Rect(x: listLeft(in: rect), y: y, width: width, height: 1)
            case .block(let blockWidth): area = Rect(x: x, y: y, width: blockWidth, height: 1)
            case .centred, .aligned, .spread: area = Rect(x: x, y: y, width: DisplayWidth.of(line.text), height: 1)
            }
            // Only what is wholly on screen can be clicked, and counts as shown.
            guard area.width > 0, area.intersection(clip) == area else { continue }
            regions.append(Region(rect: area, target: target))
            if case .row = line.kind, case .package(let index) = target { visible.insert(index) }
        }
        return Placement(regions: regions, visiblePackages: visible, listTop: layout.listTop)
    }

    /// The list's width: 64 columns, or more where the names need it and the screen has it.
    func listWidth(in rect: Rect) -> Int {
        min(rect.width - 2, max(64, RowColumns.naturalWidth(of: presentation.rows), naturalDesignWidth))
    }

    /// The list's left edge: it is centred on the page.
    func listLeft(in rect: Rect) -> Int {
        rect.x + (rect.width - listWidth(in: rect)) / 2
    }

    func layout(in rect: Rect) -> Layout {
        let width = listWidth(in: rect)
        guard rect.width > 0, rect.height > 0, width > 0 else { return Layout(lines: [], listTop: 0) }
        return layout(width: width, height: rect.height)
    }

    /// Every line with the column and row it is drawn at.
    func placedLines(_ layout: Layout? = nil, in rect: Rect) -> [(line: Line, x: Int, y: Int)] {
        let width = listWidth(in: rect)
        let lines = (layout ?? self.layout(in: rect)).lines
        let top = rect.y + max(0, (rect.height - lines.count) / 2)
        let left = listLeft(in: rect)
        return lines.enumerated().map { offset, line in
            var x: Int
            switch line.kind {
            case .row:
                x = left
                if layoutDirection == .rightToLeft { x += width - DisplayWidth.of(line.text) }
            case .block(let blockWidth), .spread(let blockWidth): x = rect.x + (rect.width - blockWidth) / 2
            case .aligned(let blockWidth):
                x = rect.x + (rect.width - blockWidth) / 2
                if direction(of: line) == .rightToLeft { x += blockWidth - DisplayWidth.of(line.text) }
            case .centred: x = rect.x + (rect.width - DisplayWidth.of(line.text)) / 2
            }
            return (line, x, top + offset)
        }
    }

    /// What is shown, from everything down to the least that still works.
    struct Fit {
        var features = true
        var subtitle = true
        var details = true
        var spaced = true
        var actions = true
        var title = true
        var status = true
        var offer = true
        var disclosure = true
        var twoLineButton = true
        var comparison = true
        var countdown = true
        var testimonial = true
        /// The packages as cards; without, as rows.
        var cards = true
    }

    /// The lines to show, fitted to `height` by dropping the least needed first.
    func layout(width: Int, height: Int) -> Layout {
        let (fit, capacity) = fitting(width: width, height: height)
        let list = listLines(fit, capacity: capacity, width: width)
        var lines: [Line] = []
        for group in groups(fit, width: width, list: list.lines) where !group.isEmpty {
            if fit.spaced && !lines.isEmpty { lines.append(Line(text: "", style: .plain, kind: .centred)) }
            lines.append(contentsOf: group)
        }
        return Layout(lines: Array(lines.prefix(height)), listTop: list.top)
    }

    /// What the paywall leaves out to fit `rect`, most wanted first, in words for `validate`
    /// ("features", "subtitle", …); empty when everything shows, the whole list included.
    public func leftOut(in rect: Rect) -> [String] {
        let width = listWidth(in: rect)
        guard rect.width > 0, rect.height > 0, width > 0 else { return [] }
        let (fit, capacity) = fitting(width: width, height: rect.height)
        let p = presentation
        var parts: [String] = []
        if !fit.title && !p.title.isEmpty { parts.append("title") }
        if !fit.subtitle && !p.subtitle.isEmpty { parts.append("subtitle") }
        if !fit.features && !p.features.isEmpty {
            parts.append(p.features.count == 1 ? "feature" : "\(p.features.count) features")
        }
        if !fit.countdown && p.design.countdown != nil { parts.append("countdown") }
        if !fit.testimonial && !p.design.testimonials.isEmpty { parts.append("testimonials") }
        if p.design.comparison != nil && comparisonLines(fit, width: width).isEmpty { parts.append("comparison table") }
        if p.design.layout == .cards && cardGeometry(fit, width: width) == nil { parts.append("cards (shown as rows)") }
        if !fit.details && p.rows.contains(where: { !$0.detail.isEmpty }) { parts.append("package descriptions") }
        if let rows = window(fit, capacity: capacity) {
            parts.append("\(p.rows.count - rows) of \(p.rows.count) packages at once (the list scrolls)")
        }
        if !fit.offer && p.rows.contains(where: { $0.offer != nil }) { parts.append("offer line") }
        if !fit.actions { parts.append("key line") }
        return parts
    }

    /// How many package rows the list shows at once in `rect` when it scrolls; nil when every
    /// package shows. With `scrolledTop` it says where the list goes for any selection, so the
    /// app need not lay the page out again when only the selection moved.
    public func listWindow(in rect: Rect) -> Int? {
        let width = listWidth(in: rect)
        guard rect.width > 0, rect.height > 0, width > 0 else { return nil }
        let (fit, capacity) = fitting(width: width, height: rect.height)
        return window(fit, capacity: capacity)
    }

    /// The rows the scrolling list shows, or nil when it shows them all.
    func window(_ fit: Fit, capacity: Int?) -> Int? {
        let rows = presentation.rows
        let hasDetails = fit.details && rows.contains { !$0.detail.isEmpty }
        guard let capacity, capacity < rows.count * (hasDetails ? 2 : 1) else { return nil }
        // One line a row, and a marker line each side when there is room for them.
        return max(1, capacity >= 3 ? capacity - 2 : capacity)
    }

    /// The list's first row: from where it was (`top`) only as far as the selection needs.
    public static func scrolledTop(from top: Int, selected: Int, window: Int?, rowCount: Int) -> Int {
        guard let window else { return 0 }
        var top = min(max(0, top), max(0, rowCount - window))
        if selected < top { top = selected }
        if selected >= top + window { top = selected - window + 1 }
        return top
    }

    /// Which parts show, and the list's lines when it must scroll.
    private func fitting(width: Int, height: Int) -> (Fit, capacity: Int?) {
        var fit = Fit()
        // Fitting steps, tried in order until the page fits with the whole list: drop the
        // features, the subtitle, the descriptions, the blank lines between groups and the
        // title. Then the list scrolls; while it would show fewer than three packages, the offer
        // line (the call to action usually says it), the status, the key line (Restore and the
        // legal links, so it stays long) and the button's second line go too.
        // The subscription's disclosure goes last of these; once something has gone, what went
        // before it comes back, the last to go first, wherever it fits again (the title over a
        // disclosure too long for the screen).
        // A comparison table goes after the subtitle, and then cards become rows.
        let steps: [WritableKeyPath<Fit, Bool>] = [
            \.features, \.testimonial, \.subtitle, \.countdown, \.comparison, \.cards, \.details, \.spaced,
            \.title, \.disclosure,
        ]
        var dropped: [WritableKeyPath<Fit, Bool>] = []
        for step in steps where height < total(fit, width: width, list: fullListHeight(fit, width: width)) {
            fit[keyPath: step] = false
            dropped.append(step)
        }
        for step in dropped.dropLast().reversed() {
            fit[keyPath: step] = true
            if height < total(fit, width: width, list: fullListHeight(fit, width: width)) { fit[keyPath: step] = false }
        }
        var capacity: Int?
        if height < total(fit, width: width, list: fullListHeight(fit, width: width)) {
            let scrolling: [WritableKeyPath<Fit, Bool>] = [\.offer, \.status, \.actions, \.twoLineButton]
            for step in scrolling where height - total(fit, width: width, list: 0) < 5 {
                fit[keyPath: step] = false
            }
            capacity = max(1, height - total(fit, width: width, list: 0))
        }
        return (fit, capacity)
    }

    /// The list's height when it shows every package.
    func fullListHeight(_ fit: Fit, width: Int) -> Int {
        if let cards = cardGeometry(fit, width: width) { return cards.height }
        let rows = presentation.rows
        return rows.count * (fit.details && rows.contains { !$0.detail.isEmpty } ? 2 : 1)
    }

    /// The page's height with `list` lines of list.
    func total(_ fit: Fit, width: Int, list: Int) -> Int {
        let placeholder = Array(repeating: Line(text: "", style: .plain, kind: .centred), count: list)
        let nonEmpty = groups(fit, width: width, list: placeholder).filter { !$0.isEmpty }
        return nonEmpty.reduce(0) { $0 + $1.count } + (fit.spaced ? max(0, nonEmpty.count - 1) : 0)
    }

    /// The page's groups of lines, top to bottom, around the given list.
    func groups(_ fit: Fit, width: Int, list: [Line]) -> [[Line]] {
        let p = presentation
        let title =
            fit.title
            ? TextLayout.wrap(p.title, width: width).map { Line(text: $0, style: theme.accentText, kind: .centred) }
            : []
        let subtitle =
            fit.subtitle && !p.subtitle.isEmpty
            ? aligned(TextLayout.wrapBlock(p.subtitle, width: width), theme.muted) : []
        let features =
            fit.features
            ? aligned(
                p.features.map {
                    let line = BidiText.line([.text("✓ "), .value($0)], rightToLeft: layoutDirection == .rightToLeft)
                    return TextLayout.truncate(line, width: width)
                }, theme.body) : []
        // The offer of the selected package, on a line kept for it whenever any package has one.
        var offer: [Line] = []
        // A subscription's disclosure states its offer's terms, so the line is not repeated.
        let disclosed = p.disclosures.contains { !$0.isEmpty } && !p.hasWinBackOffer
        if fit.offer && !disclosed && p.rows.contains(where: { $0.offer != nil }) {
            let text = p.rows.first { $0.isSelected }?.offer ?? ""
            offer = [Line(text: TextLayout.truncate(text, width: width), style: theme.accentText, kind: .centred)]
        }
        let status =
            fit.status
            ? aligned(
                p.statusLines.map { TextLayout.truncate($0, width: width) }
                    + p.statusNotes.flatMap { TextLayout.wrap($0, width: width) }, theme.muted) : []
        let actions = fit.actions ? [actionsLine(width: width)] : []
        let disclosure = fit.disclosure ? disclosureLines(width: width) : []
        if cardGeometry(fit, width: width) != nil { offer = [] }  // each card states its offer
        return [
            tabLines(width: width), title, subtitle, countdownLines(fit, width: width), features,
            comparisonLines(fit, width: width),
            periodLines(width: width) + list + offer, testimonialLines(fit, width: width),
            buttonLines(fit, width: width) + disclosure, status, actions,
        ]
    }

    /// The subscription's terms under the button, as many lines as the longest terms of any
    /// package need, so a new selection never moves what is below. The Terms and Privacy links
    /// are on the key line.
    func disclosureLines(width: Int) -> [Line] {
        let p = presentation
        let height =
            (p.disclosures + p.disclosuresElsewhere).map { $0.isEmpty ? 0 : TextLayout.wrap($0, width: width).count }
            .max() ?? 0
        guard height > 0 else { return [] }
        var lines = aligned(TextLayout.wrap(p.disclosure ?? "", width: width), theme.muted)
        while lines.count < height { lines.append(Line(text: "", style: .plain, kind: .centred)) }
        return lines
    }

    /// Lines that start in one column, centred together: a list, or a sentence wrapped.
    func aligned(_ texts: [String], _ style: Style) -> [Line] {
        let width = texts.map { DisplayWidth.of($0) }.max() ?? 0
        return texts.map { Line(text: $0, style: style, kind: .aligned(width: width)) }
    }

    // MARK: The button

    /// The call to action as one or two lines of one width; the price that follows a trial
    /// moves to the second line rather than being cut. As many lines as the longest call to
    /// action of any package needs, so a new selection never moves what is below.
    func buttonLines(_ fit: Fit, width: Int) -> [Line] {
        let p = presentation
        let maximumLines = fit.twoLineButton ? 2 : 1
        func wrapped(_ text: String) -> [String] {
            if DisplayWidth.of(text) + 4 <= width || width < 8 { return [TextLayout.truncate(text, width: width - 4)] }
            var lines = TextLayout.wrap(text, width: width - 4)
            if lines.count > maximumLines {
                let rest = lines[(maximumLines - 1)...].joined(separator: " ")
                lines = Array(lines.prefix(maximumLines - 1)) + [TextLayout.truncate(rest, width: width - 4)]
            }
            return lines
        }
        let height = (p.callToActions + p.callsToActionElsewhere).map { wrapped($0).count }.max() ?? 1
        if let progress = p.progress {
            let line = Line(text: TextLayout.truncate(progress, width: width), style: theme.accentText, kind: .centred)
            return [line] + Array(repeating: Line(text: "", style: .plain, kind: .centred), count: height - 1)
        }
        let texts = wrapped(p.callToAction)
        let blockWidth = min(width, (texts.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        var lines = texts.map { text -> Line in
            let pad = (blockWidth - DisplayWidth.of(text)) / 2
            return Line(
                text: String(repeating: " ", count: max(0, pad)) + text, style: theme.primaryButton,
                kind: .block(width: blockWidth), target: .button)
        }
        while lines.count < height { lines.append(Line(text: "", style: .plain, kind: .centred)) }
        return lines
    }

}
