extension PaywallView {
    /// One part of the key line: its text and what a click on it does.
    typealias KeyPart = (text: String, target: Target?)

    /// The key line's forms, most complete first, each with its separator. What goes first is
    /// the room between the parts, then "↑↓ choose" (the arrows work unsaid), then the keys of
    /// Restore, the legal links and Not now (they stay clickable words), and only then
    /// Enter's own part: buying is what the page is for, so "⏎ buy" is the last thing any
    /// language gives up, however long its words.
    func keyLineForms() -> [(parts: [KeyPart], separator: String)] {
        let p = presentation
        // Each part names the first key the table binds to it.
        func key(_ action: KeyAction) -> String { KeyBindings.paywall.keyNames(for: action).first ?? "" }
        let buyKey = KeyBindings.paywall.bindings.first { $0.action == .buy }?.keys.first?.symbol ?? key(.buy)
        // Cards are chosen with ← →, which is what the line shows there.
        let isCards = p.design.layout == .cards
        let choose: KeyPart = (
            "\(key(isCards ? .previousCard : .previousPackage))\(key(isCards ? .nextCard : .nextPackage)) "
                + Messages.tr("choose"), nil
        )
        // Enter's word says what it does to this package; on the current plan it does nothing.
        let buy: [KeyPart] = p.buyLabel.map { [("\(buyKey) \($0)", .button)] } ?? []
        func others(keys: Bool) -> [KeyPart] {
            var parts: [KeyPart] = [
                (keys ? "\(key(.restore)) " + Messages.tr("restore") : Messages.tr("Restore"), .restore)
            ]
            if p.privacyPolicy != nil {
                parts.append(
                    (
                        keys ? "\(key(.showPrivacyPolicy)) " + Messages.tr("privacy") : Messages.tr("Privacy"),
                        .privacyPolicy
                    ))
            }
            if p.termsOfUse != nil {
                parts.append(
                    (keys ? "\(key(.showTermsOfUse)) " + Messages.tr("terms") : Messages.tr("Terms"), .termsOfUse))
            }
            parts.append((keys ? "\(key(.notNow)) " + Messages.tr("not now") : Messages.tr("Not now"), .notNow))
            return parts
        }
        let shorter: [[KeyPart]] = [
            [choose] + buy + others(keys: true), buy + others(keys: true), buy + others(keys: false),
            others(keys: false),
        ]
        return shorter.flatMap { parts in [(parts, " · "), (parts, "·")] }
    }

    /// The keys, each part clickable, in the longest form that fits.
    func actionsLine(width: Int) -> Line {
        let p = presentation
        let forms = keyLineForms()
        let chosen =
            forms.first { form in
                DisplayWidth.of(form.parts.map(\.text).joined(separator: form.separator)) <= width
            } ?? forms[forms.count - 1]
        var text = ""
        var segments: [(columns: Range<Int>, target: Target)] = []
        for (index, part) in chosen.parts.enumerated() {
            if index > 0 { text += chosen.separator }
            let start = DisplayWidth.of(text)
            text += part.text
            if let target = part.target { segments.append((start..<DisplayWidth.of(text), target)) }
        }
        let shown = TextLayout.truncate(text, width: width)
        let shownWidth = DisplayWidth.of(shown)
        // A part cut by the truncation is not clickable.
        segments = segments.filter { $0.columns.upperBound <= shownWidth - (shown == text ? 0 : 1) }
        // The legal links are links too (OSC 8), for terminals that open them on a click.
        let links = segments.compactMap { segment -> (columns: Range<Int>, url: String)? in
            switch segment.target {
            case .privacyPolicy: return p.privacyPolicy.map { (segment.columns, $0) }
            case .termsOfUse: return p.termsOfUse.map { (segment.columns, $0) }
            default: return nil
            }
        }
        return Line(text: shown, style: theme.muted, kind: .centred, segments: segments, links: links)
    }
}
