/// Draws the checkout sheet over the paywall: the address as a QR code (black ink on white,
/// whatever the theme, so phones read it on dark terminals too), as text and as a link, the
/// pairing code, and what became of the license pasted back, or the license key an encrypted
/// one asks for, drawn only as bullets.
public enum CheckoutSheetView {
    /// Dark modules are the glyphs' ink: black on white.
    static let codeStyle = Style(foreground: .indexed(0), background: .indexed(15))

    /// The sheet's keys: while it asks for a license key, only Enter and Escape are not the key's.
    static func footer(of sheet: CheckoutSheet) -> String {
        let keys =
            sheet.isAskingForKey
            ? Messages.tr("Enter opens · Esc gives up")
            : Messages.tr("o opens in browser · paste the license · Esc back")
        return " " + keys + " "
    }

    public static func draw(_ sheet: CheckoutSheet, into canvas: inout Canvas, theme: Theme) {
        if sheet.isAskingForKey { return drawKeyEntry(sheet, into: &canvas, theme: theme) }
        let address = SafeText.sanitize(sheet.url)
        // As wide as the window allows, so the address stays on one line (and one link) where it can.
        let textWidth = max(canvas.width - 4, 1)
        let addressLines = address == sheet.url ? TextLayout.wrap(address, width: textWidth) : [address]
        let status = statusLines(of: sheet, width: textWidth)
        var below =
            [""] + addressLines + ["", Messages.tr("Pairing code: {{ code }}", ["code": sheet.pairingCode])] + status
        if let failure = sheet.openFailure { below.append(SafeText.sanitize(failure)) }
        let code = sheet.qrLines ?? []
        let codeWidth = code.first.map { DisplayWidth.of($0) } ?? 0
        // The code shows whole or not at all: half a QR code scans as nothing.
        let fits = !code.isEmpty && codeWidth + 4 <= canvas.width && code.count + below.count + 4 <= canvas.height
        if !fits {
            let needs = "\(codeWidth + 4)x\(code.count + below.count + 4)"
            below.insert(
                Messages.tr(
                    "This window is too small for the QR code (it needs {{ size }}); open this address:",
                    ["size": needs]),
                at: 0)
        }
        // Every line but the address (wrapped at its slashes above) wraps as a sentence.
        below = below.flatMap { line in
            addressLines.contains(line) || line.isEmpty ? [line] : TextLayout.wrap(line, width: textWidth)
        }
        let statusIndex =
            below.count - status.flatMap { TextLayout.wrap($0, width: textWidth) }.count
            - (sheet.openFailure.map { TextLayout.wrap(SafeText.sanitize($0), width: textWidth).count } ?? 0)
        let contentWidth = max(fits ? codeWidth : 0, below.map { DisplayWidth.of($0) }.max() ?? 0)
        let width = min(canvas.width, max(contentWidth, DisplayWidth.of(footer(of: sheet))) + 4)
        let height = min(canvas.height, (fits ? code.count : 0) + below.count + 2)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        let title = " " + Messages.tr("Buy {{ name }}", ["name": SafeText.sanitize(sheet.productTitle)]) + " "
        BoxView.draw(
            into: &canvas, box: rect, style: theme.border, title: title, footer: footer(of: sheet),
            titleStyle: theme.accentText,
            backdrop: theme.backdrop)
        let inner = rect.inset(by: 1)
        var row = inner.y
        if fits {
            let x = inner.x + (inner.width - codeWidth) / 2
            for line in code where row < inner.maxY {
                canvas.draw(line, x: x, y: row, style: codeStyle, clip: inner)
                row += 1
            }
        }
        for (index, line) in below.enumerated() where row < inner.maxY {
            let lineWidth = DisplayWidth.of(line)
            let x = inner.x + max(0, (inner.width - lineWidth) / 2)
            canvas.draw(line, x: x, y: row, style: index >= statusIndex ? theme.accentText : theme.body, clip: inner)
            // The address is a link too; wrapped, each of its rows links to the whole address.
            if address == sheet.url, addressLines.contains(line), !line.isEmpty, lineWidth <= inner.width {
                canvas.addHyperlink(Hyperlink(url: sheet.url, x: x, y: row, width: lineWidth))
            }
            row += 1
        }
    }

    /// What became of the license given, or the question of its key: the last lines.
    static func statusLines(of sheet: CheckoutSheet, width: Int) -> [String] {
        if sheet.isVerifying { return [Messages.tr("Checking the license…")] }
        if let entry = sheet.keyEntry { return keyLines(of: entry, width: width) }
        if sheet.isTyping { return [Messages.tr("Reading the license… (Esc starts over)")] }
        switch sheet.outcome {
        case .licensed(let name): return [Messages.tr("✓ Licensed to {{ name }}", ["name": SafeText.sanitize(name)])]
        case .refused(let reason), .locked(let reason), .wrongKey(let reason):
            return [Messages.tr("That license was not accepted: {{ reason }}", ["reason": SafeText.sanitize(reason)])]
        case nil: return [Messages.tr("Then paste the license you receive here.")]
        }
    }

    /// How many of `keyLines` ask the question (drawn in the body's colour).
    static let keyQuestionLines = 2

    /// The question of an encrypted license's key, the key as one bullet a character (its
    /// length in characters where the bullets would not fit), and why the last key was not
    /// taken. Never the key itself.
    static func keyLines(of entry: LicenseKeyEntry, width: Int) -> [String] {
        let bullets = Messages.tr(
            "License key: {{ bullets }}", ["bullets": String(repeating: "•", count: entry.typedCount)])
        let counted = Messages.trn(
            "License key: {{ count }} character", "License key: {{ count }} characters", count: entry.typedCount)
        var lines = [
            Messages.tr("This license file is encrypted."), Messages.tr("Type or paste its license key, then Enter:"),
            DisplayWidth.of(bullets) <= width ? bullets : counted,
        ]
        if let problem = entry.problem { lines.append(SafeText.sanitize(problem)) }
        return lines
    }
}
