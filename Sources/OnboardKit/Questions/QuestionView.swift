/// Draws a question page in a rectangle, clipped to it: the heading, the text, the choices,
/// field or yes and no, what is wrong with the answer, and the keys that work there. The same
/// layout answers where a click lands (`target(at:)`), so a click picks what is drawn there.
public struct QuestionView {
    public var state: QuestionState
    public var theme: Theme
    /// Right to left, each choice's row and the Yes and No buttons are mirrored: the mark
    /// and the first answer on the right.
    public var layoutDirection: LayoutDirection
    /// The keys line to show instead of the page's own: a survey's, whose Esc goes on.
    public var keysHint: String?

    public init(
        state: QuestionState, theme: Theme, layoutDirection: LayoutDirection = .leftToRight, keysHint: String? = nil
    ) {
        self.keysHint = keysHint
        self.state = state
        self.theme = theme
        self.layoutDirection = layoutDirection
    }

    /// A row's segments in the order they are drawn, left to right.
    private func ordered(_ segments: [Segment]) -> [Segment] {
        layoutDirection == .rightToLeft ? segments.reversed() : segments
    }

    /// What a click on the page can land on.
    public enum Target: Hashable, Sendable {
        /// Choice `index`, or Yes (0) and No (1).
        case option(Int)
        case field
    }

    /// A run of text in one style, with what a click on it does.
    struct Segment {
        var text: String
        var style: Style
        var target: Target?
    }

    /// One row: its segments from column `x` of the rectangle.
    struct Line {
        var x: Int
        var segments: [Segment]
        var direction: TextDirection?

        var width: Int { segments.reduce(0) { $0 + DisplayWidth.of($1.text) } }
    }

    public func draw(into canvas: inout Canvas, in rect: Rect, clip: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let area = rect.intersection(clip)
        for (row, line) in lines(in: rect).enumerated() {
            var column = rect.x + line.x
            for segment in line.segments {
                column = canvas.draw(
                    segment.text, x: column, y: rect.y + row, style: segment.style, clip: area,
                    direction: line.direction)
            }
        }
    }

    /// What is drawn at column `x`, row `y` of the screen when the page lies in `rect`.
    public func target(atX x: Int, y: Int, in rect: Rect) -> Target? {
        let lines = lines(in: rect)
        let row = y - rect.y
        guard lines.indices.contains(row) else { return nil }
        var column = rect.x + lines[row].x
        for segment in lines[row].segments {
            let end = column + DisplayWidth.of(segment.text)
            if x >= column, x < end { return segment.target }
            column = end
        }
        return nil
    }

    /// The rows the page needs to show all of itself (its text and every choice) this wide.
    public func neededRows(width: Int) -> Int {
        lines(in: Rect(x: 0, y: 0, width: width, height: 10_000)).drop { $0.segments.isEmpty }.count
    }

    /// Every row of the rectangle, from its top: blank rows are empty lines. What does not fit
    /// goes in this order: the text, the blank rows, the heading's second line on, then choices
    /// far from the highlighted one.
    func lines(in rect: Rect) -> [Line] {
        let width = PageView.textWidth(for: rect.width)
        let question = state.question
        let heading = TextLayout.wrapDirected(question.heading, width: width, maxLines: 3)
        let body =
            question.text.isEmpty
            ? [] : TextLayout.wrapBlockDirected(question.text, width: width, maxLines: PageView.maximumTextRows)
        // The problem's row is kept even when empty, so nothing moves when it shows; it and the
        // hint take a second row in a narrow window rather than lose their ends.
        let feedback = state.problem.map { TextLayout.wrap($0, width: width, maxLines: 2) } ?? [""]
        let hint = TextLayout.wrap(hintText, width: width, maxLines: 2)
        let fixed = feedback.count + hint.count
        var control = controlLines(width: width, rows: max(1, rect.height - fixed - 1))
        var headingRows = heading
        var bodyRows = body
        var gaps = true
        func total() -> Int {
            headingRows.count + bodyRows.count + control.count + fixed + (gaps ? (bodyRows.isEmpty ? 2 : 3) : 0)
        }
        if total() > rect.height { bodyRows = [] }
        if total() > rect.height { gaps = false }
        if total() > rect.height { headingRows = Array(heading.prefix(1)) }
        if total() > rect.height {
            control = controlLines(width: width, rows: max(1, rect.height - headingRows.count - fixed))
        }
        var lines: [Line] = []
        func blank() { if gaps { lines.append(Line(x: 0, segments: [])) } }
        for line in headingRows {
            lines.append(centred(line.text, style: theme.heading, in: rect, direction: line.direction))
        }
        blank()
        if !bodyRows.isEmpty {
            let blockWidth = bodyRows.map { DisplayWidth.of($0.text) }.max() ?? 0
            for line in bodyRows {
                let left = (rect.width - blockWidth) / 2
                let x = line.direction == .rightToLeft ? left + blockWidth - DisplayWidth.of(line.text) : left
                lines.append(
                    Line(x: x, segments: [Segment(text: line.text, style: theme.body)], direction: line.direction))
            }
            blank()
        }
        let controlWidth = control.map(\.width).max() ?? 0
        // Choices line up on their mark's side; the field and its rule stay one block.
        var mirrors = layoutDirection == .rightToLeft
        if case .input = state.question.kind { mirrors = false }
        for var line in control {
            let left = (rect.width - controlWidth) / 2
            line.x = mirrors ? left + controlWidth - line.width : left
            lines.append(line)
        }
        blank()
        for line in feedback { lines.append(centred(line, style: theme.warning, in: rect, direction: nil)) }
        for line in hint { lines.append(centred(line, style: theme.muted, in: rect, direction: nil)) }
        // Centred in the rectangle as a whole, as the other pages are.
        let top = max(0, (rect.height - lines.count) / 2)
        return Array(repeating: Line(x: 0, segments: []), count: top) + lines
    }

    private func centred(_ text: String, style: Style, in rect: Rect, direction: TextDirection?) -> Line {
        Line(
            x: (rect.width - DisplayWidth.of(text)) / 2, segments: [Segment(text: text, style: style)],
            direction: direction)
    }

    /// The keys that work on the page, on one line.
    var hintText: String {
        if let keysHint { return keysHint }
        switch state.question.kind {
        case .choices(let choices):
            return choices.allowsSeveral
                ? Messages.tr("↑↓ move · Space pick · ⏎ go on") : Messages.tr("↑↓ move · ⏎ choose and go on")
        case .input:
            return Messages.tr("type · ⏎ go on · Shift-Tab back · Esc quit")
        case .confirm:
            return Messages.tr("←→ choose · y yes · n no · ⏎ go on")
        }
    }

    /// The choices, the field, or yes and no, in at most `rows` rows.
    func controlLines(width: Int, rows: Int) -> [Line] {
        switch state.question.kind {
        case .choices(let choices): return choiceLines(choices, width: width, rows: rows)
        case .input(let input): return fieldLines(input, width: width)
        case .confirm: return [confirmLine()]
        }
    }

    /// One row per choice, "❯ [✓] Title  subtitle", windowed around the highlighted one when
    /// they do not all fit, with a row saying how many more lie each way.
    private func choiceLines(_ question: ChoiceQuestion, width: Int, rows: Int) -> [Line] {
        let count = question.choices.count
        var first = 0
        var last = count
        if count > rows {
            let window = max(1, rows - 2)
            first = min(max(0, state.cursor - window / 2), count - window)
            last = first + window
        }
        var lines: [Line] = []
        if first > 0 {
            lines.append(
                Line(
                    x: 0,
                    segments: [
                        Segment(
                            text: Messages.trn("↑ {{ count }} more", "↑ {{ count }} more", count: first),
                            style: theme.muted)
                    ]))
        }
        for index in first..<last {
            let choice = question.choices[index]
            let isCursor = index == state.cursor
            let isPicked = state.picked.contains(choice.id)
            let cursorMark = layoutDirection == .rightToLeft ? " ❮" : "❯ "
            var segments = [
                Segment(text: isCursor ? cursorMark : "  ", style: theme.accentText, target: .option(index))
            ]
            if question.allowsSeveral {
                // Its space on the title's side, which is the left one right to left.
                let box = isPicked ? "[✓]" : "[ ]"
                segments.append(
                    Segment(
                        text: layoutDirection == .rightToLeft ? " " + box : box + " ",
                        style: isPicked ? theme.accentText : theme.muted, target: .option(index)))
            }
            var room = width - segments.reduce(0) { $0 + DisplayWidth.of($1.text) }
            let title = TextLayout.truncate(choice.title, width: max(1, room))
            room -= DisplayWidth.of(title)
            segments.append(
                Segment(
                    text: title, style: isCursor || isPicked ? theme.accentText : theme.body, target: .option(index)))
            if !question.allowsSeveral, isPicked, room >= 2 {
                let check = layoutDirection == .rightToLeft ? "✓ " : " ✓"
                segments.append(Segment(text: check, style: theme.accentText, target: .option(index)))
                room -= 2
            }
            if !choice.subtitle.isEmpty, room >= 6 {
                // The gap is a segment of its own: each segment is ordered on its own, and inside
                // a right-to-left subtitle the spaces would go to its other end.
                segments.append(Segment(text: "  ", style: theme.muted, target: .option(index)))
                let subtitle = TextLayout.truncate(choice.subtitle, width: room - 2)
                segments.append(Segment(text: subtitle, style: theme.muted, target: .option(index)))
            }
            lines.append(Line(x: 0, segments: ordered(segments)))
        }
        if last < count {
            lines.append(
                Line(
                    x: 0,
                    segments: [
                        Segment(
                            text: Messages.trn("↓ {{ count }} more", "↓ {{ count }} more", count: count - last),
                            style: theme.muted)
                    ]))
        }
        return lines
    }

    /// "› text" with the cursor as a reversed cell, over a rule with the count of characters.
    private func fieldLines(_ input: InputQuestion, width: Int) -> [Line] {
        let fieldWidth = min(width, max(24, min(input.maximumLength, 60) + 3))
        let room = max(1, fieldWidth - 2)
        let editor = state.editor
        var segments = [Segment(text: "› ", style: theme.accentText, target: .field)]
        let cursorStyle = Style(isReverse: true)
        if editor.characters.isEmpty {
            let placeholder = TextLayout.truncate(input.placeholder, width: max(0, room - 1))
            segments.append(Segment(text: " ", style: cursorStyle, target: .field))
            segments.append(Segment(text: placeholder, style: theme.muted, target: .field))
        } else {
            let (start, end) = visibleRange(of: editor, room: room)
            let before = String(editor.characters[start..<editor.cursor])
            segments.append(Segment(text: before, style: theme.body, target: .field))
            if editor.cursor < end {
                segments.append(
                    Segment(text: String(editor.characters[editor.cursor]), style: cursorStyle, target: .field))
                let after = String(editor.characters[(editor.cursor + 1)..<end])
                segments.append(Segment(text: after, style: theme.body, target: .field))
            } else {
                segments.append(Segment(text: " ", style: cursorStyle, target: .field))
            }
        }
        let counter = "\(editor.characters.count)/\(input.maximumLength)"
        let rule = String(repeating: "─", count: max(1, fieldWidth - DisplayWidth.of(counter) - 1))
        let ruleLine = Line(x: 0, segments: [Segment(text: rule + " " + counter, style: theme.muted, target: .field)])
        return [Line(x: 0, segments: segments, direction: .leftToRight), ruleLine]
    }

    /// The characters of the field shown in `room` columns: the cursor always among them (or
    /// just after the last), as much before it as fits.
    private func visibleRange(of editor: LineEditor, room: Int) -> (Int, Int) {
        let characters = editor.characters
        var start = editor.cursor
        // The cursor's own cell at the end counts, so leave one column for it.
        var used = editor.cursor < characters.count ? DisplayWidth.of(characters[editor.cursor]) : 1
        while start > 0, used + DisplayWidth.of(characters[start - 1]) <= room {
            used += DisplayWidth.of(characters[start - 1])
            start -= 1
        }
        var end = editor.cursor
        var shown = used - (editor.cursor < characters.count ? DisplayWidth.of(characters[editor.cursor]) : 1)
        while end < characters.count, shown + DisplayWidth.of(characters[end]) <= room {
            shown += DisplayWidth.of(characters[end])
            end += 1
        }
        return (start, max(end, min(editor.cursor + 1, characters.count)))
    }

    /// "  Yes     No  " with the highlighted answer as a button.
    private func confirmLine() -> Line {
        let yes = " " + Messages.tr("Yes") + " "
        let no = " " + Messages.tr("No") + " "
        let isYes = state.cursor == 0
        return Line(
            x: 0,
            segments: ordered([
                Segment(text: yes, style: isYes ? theme.primaryButton : theme.muted, target: .option(0)),
                Segment(text: "   ", style: theme.body),
                Segment(text: no, style: isYes ? theme.muted : theme.primaryButton, target: .option(1)),
            ]))
    }
}
