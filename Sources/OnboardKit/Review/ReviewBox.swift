/// The review prompt offered after a completed tour: ★1–5, "Later" and "Never" in a small box,
/// then, for 4 or 5 stars with an address, where to leave the review.
///
/// Whether it is offered at all is decided outside (`FirstRunState.offersReview`) and comes in
/// through `AppSettings.offersReview`; this is only the box and its answer.
public struct ReviewBox: Hashable, Sendable {
    /// The choices in the order ← and → walk them.
    public enum Choice: Hashable, Sendable {
        case stars(Int)
        case later
        case never
    }

    public enum Stage: Hashable, Sendable {
        case asking
        /// Rated 4 or 5 and the deck gave an address: it is shown until a key or click.
        case showingAddress
    }

    public let prompt: ReviewPrompt
    /// The highlighted choice; "Later" to begin with, so Enter alone never rates.
    public private(set) var selection: Choice = .later
    public private(set) var stage: Stage = .asking
    /// The answer once given.
    public private(set) var answer: ReviewAnswer?

    public init(prompt: ReviewPrompt) { self.prompt = prompt }

    static let choices: [Choice] = [.stars(1), .stars(2), .stars(3), .stars(4), .stars(5), .later, .never]

    /// True once the box has nothing more to show: the tour can end.
    public var isClosed: Bool { answer != nil && stage == .asking }

    /// Keys, as `KeyBindings.review` says: 1–5 rate, ← → move, Enter chooses, Esc is "Later",
    /// n "Never". On the address, any key closes.
    public mutating func handle(_ key: Key) {
        if stage == .showingAddress {
            if KeyBindings.action(for: key, in: .message) == .close { stage = .asking }
            return
        }
        switch KeyBindings.action(for: key, in: .review) {
        case .rate:
            if let stars = key.digit { choose(.stars(stars)) }
        case .previousChoice:
            move(by: -1)
        case .nextChoice:
            move(by: 1)
        case .choose:
            choose(selection)
        case .later:
            choose(.later)
        case .never:
            choose(.never)
        default:
            break
        }
    }

    /// A click: on a star, "Later" or "Never" it answers; on the address, it closes.
    public mutating func click(x: Int, y: Int, in canvasSize: (width: Int, height: Int)) {
        if stage == .showingAddress {
            stage = .asking
            return
        }
        let placement = ReviewBoxView(box: self).placement(width: canvasSize.width, height: canvasSize.height)
        if let choice = placement.targets.first(where: { $0.rect.contains(x: x, y: y) })?.choice { choose(choice) }
    }

    private mutating func move(by step: Int) {
        let index = Self.choices.firstIndex(of: selection) ?? 0
        selection = Self.choices[min(max(0, index + step), Self.choices.count - 1)]
    }

    private mutating func choose(_ choice: Choice) {
        selection = choice
        switch choice {
        case .stars(let stars):
            answer = .rated(stars: stars)
            if stars >= 4, prompt.url != nil { stage = .showingAddress }
        case .later: answer = .later
        case .never: answer = .never
        }
    }
}

/// Draws the review box over the page and says where its choices are.
struct ReviewBoxView {
    let box: ReviewBox

    struct Placement {
        var rect: Rect
        var promptLines: [String]
        var targets: [(choice: ReviewBox.Choice, rect: Rect)]
    }

    static let starSpacing = 3
    static var laterLabel: String { " " + Messages.tr("Later") + " " }
    static var neverLabel: String { " " + Messages.tr("Never") + " " }
    /// " 1–5 rate · ← → Enter · Esc later ": the first key of each, from the table.
    static var footer: String {
        let keys = KeyBindings.review
        func first(_ action: KeyAction) -> String { keys.keyNames(for: action).first ?? "" }
        let moves = [first(.previousChoice), first(.nextChoice), first(.choose)].joined(separator: " ")
        return " "
            + Messages.tr(
                "{{ rate_keys }} rate · {{ move_keys }} · {{ later_key }} later",
                ["rate_keys": first(.rate), "move_keys": moves, "later_key": first(.later)]) + " "
    }

    func placement(width: Int, height: Int) -> Placement {
        let innerWidth = min(max(width - 6, 1), 48)
        let promptLines = TextLayout.wrap(box.prompt.prompt, width: max(1, innerWidth - 2))
        let buttonsWidth = DisplayWidth.of(Self.laterLabel) + 3 + DisplayWidth.of(Self.neverLabel)
        let starsWidth = 4 * Self.starSpacing + 1
        let contentWidth = max(promptLines.map { DisplayWidth.of($0) }.max() ?? 0, buttonsWidth, starsWidth)
        let boxWidth = min(width, max(contentWidth, DisplayWidth.of(Self.footer)) + 6)
        // Border, blank, prompt, blank, stars, blank, buttons, blank, border.
        let boxHeight = min(height, promptLines.count + 8)
        let rect = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        let starsRow = rect.y + 2 + promptLines.count + 1
        let starsLeft = rect.x + (rect.width - starsWidth) / 2
        var targets: [(choice: ReviewBox.Choice, rect: Rect)] = (1...5).map { star in
            // Each star takes the column before and after it too: an easier target.
            (.stars(star), Rect(x: starsLeft + (star - 1) * Self.starSpacing - 1, y: starsRow, width: 3, height: 1))
        }
        let buttonsRow = starsRow + 2
        let buttonsLeft = rect.x + (rect.width - buttonsWidth) / 2
        targets.append(
            (.later, Rect(x: buttonsLeft, y: buttonsRow, width: DisplayWidth.of(Self.laterLabel), height: 1)))
        targets.append(
            (
                .never,
                Rect(
                    x: buttonsLeft + DisplayWidth.of(Self.laterLabel) + 3, y: buttonsRow,
                    width: DisplayWidth.of(Self.neverLabel), height: 1)
            ))
        return Placement(rect: rect, promptLines: promptLines, targets: targets)
    }

    func draw(into canvas: inout Canvas, theme: Theme) {
        if box.stage == .showingAddress, let url = box.prompt.url {
            drawAddress(url, into: &canvas, theme: theme)
            return
        }
        let placement = placement(width: canvas.width, height: canvas.height)
        let rect = placement.rect
        BoxView.draw(
            into: &canvas, box: rect, style: theme.border, title: " " + Messages.tr("Rate this app") + " ",
            footer: Self.footer,
            titleStyle: theme.accentText, backdrop: theme.backdrop)
        let inner = rect.inset(by: 1)
        for (index, line) in placement.promptLines.enumerated() {
            canvas.draw(
                line, x: inner.x + (inner.width - DisplayWidth.of(line)) / 2, y: inner.y + 1 + index,
                style: theme.heading, clip: inner)
        }
        var filled = 0
        if case .stars(let stars) = box.selection { filled = stars }
        for target in placement.targets {
            let isSelected = target.choice == box.selection
            switch target.choice {
            case .stars(let star):
                let style = star <= filled ? theme.accentText : theme.muted
                canvas.draw(
                    star <= filled ? "★" : "☆", x: target.rect.x + 1, y: target.rect.y, style: style, clip: inner)
            case .later, .never:
                let label = target.choice == .later ? Self.laterLabel : Self.neverLabel
                canvas.draw(
                    label, x: target.rect.x, y: target.rect.y, style: isSelected ? theme.primaryButton : theme.button,
                    clip: inner)
            }
        }
    }

    private func drawAddress(_ url: String, into canvas: inout Canvas, theme: Theme) {
        let stars = box.answer?.stars ?? 5
        let rect = PaywallOverlay.box(
            title: " " + Messages.tr("Thank you") + " ",
            lines: [
                Messages.trn("Thank you for the star!", "Thank you for the {{ count }} stars!", count: stars),
                Messages.tr("Leave a review at:"), "", url,
            ],
            footer: " " + Messages.tr("any key closes") + " ", into: &canvas, theme: theme)
        // The address is the box's last line; where it fits on one row it becomes a link.
        let row = rect.maxY - 3
        if row >= 0, row < canvas.height, canvas.lines[row].contains(url) {
            let width = DisplayWidth.of(url)
            canvas.addHyperlink(Hyperlink(url: url, x: rect.x + (rect.width - width) / 2, y: row, width: width))
        }
    }
}
