/// The checkout sheet of a product sold for real, in the conversation: its address and its
/// pairing code as text, the license read from the lines pasted after it (up to its END
/// line), an encrypted license's key from the next line, and what became of it in words.
extension Conversation {
    /// What the sheet says: the address to open, the pairing code, then what became of the
    /// license given (`CheckoutSheetView.statusLines`, the screen's words).
    func checkoutLines(_ sheet: CheckoutSheet) -> [String] {
        var lines = [
            Messages.tr("Buy {{ name }}", ["name": sheet.productTitle]), Messages.tr("Open this address in a browser:"),
            sheet.url, Messages.tr("Pairing code: {{ code }}", ["code": sheet.pairingCode]),
        ]
        if let failure = sheet.openFailure { lines.append(failure) }
        // As wide as a line can be: a reader wraps it, not us.
        lines += CheckoutSheetView.statusLines(of: sheet, width: Int.max / 2).filter { !$0.contains("•") }
        return lines
    }

    /// The prompt under the sheet.
    func checkoutPrompt(_ sheet: CheckoutSheet) -> String {
        if sheet.isAskingForKey { return Messages.tr("Type or paste its license key, then Enter:") }
        return Messages.tr("Paste the license here; o opens the address in a browser; an empty line goes back.")
    }

    /// A line on the sheet: the first line of a license starts reading it, and each line after
    /// joins it until its END line, when it is handed over to be checked; `o` opens the
    /// address; an empty line goes back to the paywall.
    mutating func answerCheckout(_ sheet: CheckoutSheet, line: String, said: inout [String]) -> [Effect] {
        let trimmed = line.trimmingWhitespace()
        if sheet.isAskingForKey {
            if trimmed.isEmpty { return app.conversationType(.escape) }
            return app.conversationPaste(trimmed) + app.conversationType(.enter)
        }
        if licenseLines.isEmpty {
            switch trimmed.lowercased() {
            case "": return app.conversationPaywall(.close)
            case "o": return app.conversationPaywall(.openCheckout)
            default:
                guard trimmed.hasPrefix("-----BEGIN ") else {
                    said.append(Messages.tr("Not understood: {{ line }}", ["line": SafeText.excerpt(trimmed)]))
                    return []
                }
            }
        }
        licenseLines.append(trimmed)
        let text = licenseLines.joined(separator: "\n")
        guard CheckoutSheet.endsAnArmor(text) || text.utf8.count > CheckoutSheet.typedLimit else { return [] }
        licenseLines = []
        return app.conversationPaste(text)
    }
}
