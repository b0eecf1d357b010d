/// The checkout sheet while it asks for an encrypted license's key: a box of its own, small
/// enough for any window the paywall draws in, so the question and the key's bullets are never
/// cut off by the address and the QR code (which wait until the key is given or given up).
extension CheckoutSheetView {
    static func drawKeyEntry(_ sheet: CheckoutSheet, into canvas: inout Canvas, theme: Theme) {
        // Not wider than a sentence is comfortable to read, nor than the window.
        let textWidth = max(min(canvas.width - 4, 64), 1)
        let status = statusLines(of: sheet, width: textWidth)
        // The question in the body's colour, the key and what became of it in the accent.
        let lines = status.enumerated().flatMap { index, line in
            TextLayout.wrap(line, width: textWidth).map {
                (text: $0, isQuestion: index < keyQuestionLines && !sheet.isVerifying)
            }
        }
        let footer = footer(of: sheet)
        let contentWidth = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        let width = min(canvas.width, max(contentWidth, DisplayWidth.of(footer)) + 4)
        // A blank row above and below the lines where the window has room for them.
        let padding = lines.count + 4 <= canvas.height ? 1 : 0
        let height = min(canvas.height, lines.count + 2 + 2 * padding)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        let title = " " + Messages.tr("Buy {{ name }}", ["name": SafeText.sanitize(sheet.productTitle)]) + " "
        BoxView.draw(
            into: &canvas, box: rect, style: theme.border, title: title, footer: footer, titleStyle: theme.accentText,
            backdrop: theme.backdrop)
        let inner = rect.inset(by: 1)
        var row = inner.y + padding
        for line in lines where row < inner.maxY {
            let x = inner.x + max(0, (inner.width - DisplayWidth.of(line.text)) / 2)
            canvas.draw(line.text, x: x, y: row, style: line.isQuestion ? theme.body : theme.accentText, clip: inner)
            row += 1
        }
    }
}
