/// Every page as plain text, for `--plain`: screen readers, pipes and documentation.
public enum PlainTextRenderer {
    /// With `paywall`, paywall pages list their packages, prices, status and links.
    /// `headline` replaces the first line, the app's name and version ("What's new in …").
    /// Question pages list what they take and the answer in `answers`. Only the pages on the
    /// path `answers`, the defaults and `entitled` take are printed (`Deck.pathTakingDefaults`).
    public static func render(
        _ deck: Deck, width: Int = 80, paywall: PaywallController? = nil, headline: String? = nil,
        answers: [String: Answer] = [:], entitled: Set<String> = []
    ) -> String {
        let width = max(20, width)
        // The deck's words are the author's: where a line joins them to ours, each is kept apart
        // (`BidiText.line`), so a reader that orders the text cannot be shown a price turned around.
        var output: [String] = [
            headline ?? BidiText.line([.value(deck.app.name), .text(" "), .value(deck.app.version)]), "",
        ]
        let path = deck.pathTakingDefaults(ConditionContext(answers: answers, entitled: entitled)).path
        for (position, index) in path.enumerated() {
            let page = deck.pages[index]
            let heading = BidiText.line([.text("[\(position + 1)/\(path.count)] "), .value(page.title)])
            output.append(heading)
            // As long as the line it underlines, whatever the count's digits.
            output.append(String(repeating: "=", count: min(width, DisplayWidth.of(heading))))
            switch page {
            case .step(let step):
                output.append(contentsOf: altLines(step.picture, width: width))
                if !step.art.isEmpty {
                    output.append(contentsOf: step.art.map { TextLayout.truncate($0, width: width) })
                }
                if !step.text.isEmpty {
                    if !step.art.isEmpty || step.picture?.alt.isEmpty == false { output.append("") }
                    output.append(contentsOf: TextLayout.wrapBlock(step.text, width: width))
                }
            case .hero(let hero):
                output.append(contentsOf: altLines(hero.picture, width: width))
                if let symbol = SymbolLibrary.symbol(named: hero.symbolName) { output.append(contentsOf: symbol.lines) }
                if !hero.subtitle.isEmpty {
                    output.append("")
                    output.append(contentsOf: TextLayout.wrapBlock(hero.subtitle, width: width))
                }
            case .question(let question):
                output.append(contentsOf: questionLines(question, answer: answers[question.id], width: width))
            case .paywall(let page):
                guard let sections = paywall?.plainSections(for: page), let presentation = sections.first?.presentation
                else {
                    output.append(
                        page.offeringID.map { Messages.tr("Offering: {{ offering }}", ["offering": $0]) }
                            ?? Messages.tr("Offering: current"))
                    break
                }
                output.append(contentsOf: paywallLines(presentation, width: width, tiers: sections))
                if let end = paywall?.countdownEndText(on: page) { output.append(end) }
                let testimonials = paywall?.presentation(for: page)?.design.testimonials ?? []
                output += testimonials.flatMap { TextLayout.wrap($0, width: width) }
            }
            output.append("")
        }
        // Belt and braces: every line is drawn from sanitized text, but plain output goes
        // straight to a terminal, so it is made safe once more.
        return output.map { SafeText.sanitize($0) }.joined(separator: "\n")
    }

    /// A PNG picture's alt text in brackets, for readers who cannot see it; nothing without one.
    static func altLines(_ picture: PagePicture?, width: Int) -> [String] {
        guard let alt = picture?.alt, !alt.isEmpty else { return [] }
        return TextLayout.wrap(BidiText.line([.text("["), .value(alt), .text("]")]), width: width)
    }

    /// The question's text, its choices with their ids (what `--answer` takes), and the answer.
    static func questionLines(_ question: QuestionPage, answer: Answer?, width: Int) -> [String] {
        var lines = question.text.isEmpty ? [] : TextLayout.wrapBlock(question.text, width: width) + [""]
        switch question.kind {
        case .choices(let choices):
            for choice in choices.choices {
                var pieces: [LinePiece] = [
                    .text("- "), .value(choice.title), .text(" ["), .value(choice.id), .text("]"),
                ]
                if !choice.subtitle.isEmpty { pieces += [.text(": "), .value(choice.subtitle)] }
                lines += TextLayout.wrap(BidiText.line(pieces), width: width)
            }
        case .input(let input):
            if !input.placeholder.isEmpty {
                lines.append(Messages.tr("Example: {{ text }}", ["text": input.placeholder]))
            }
        case .confirm:
            lines.append(Messages.tr("Yes or no"))
        }
        if let answer {
            let shown: String
            switch answer {
            case .yesNo(let value): shown = value ? Messages.tr("Yes") : Messages.tr("No")
            case .choices(let ids): shown = ids.joined(separator: ", ")
            case .text(let text): shown = text
            }
            lines.append(Messages.tr("Answer: {{ answer }}", ["answer": shown]))
        } else {
            lines.append(
                question.isRequired
                    ? Messages.tr("Answer with --answer {{ id }}=…", ["id": question.id])
                    : Messages.tr("Not answered (optional)"))
        }
        return lines
    }

    /// The paywall as text: its words, a comparison table as a line per feature, then each
    /// tier (`tiers`, named; one unnamed section without tabs) with its features and every
    /// package of every period, their badges and savings included.
    static func paywallLines(
        _ presentation: PaywallPresentation, width: Int,
        tiers: [(tier: String?, presentation: PaywallPresentation)] = []
    ) -> [String] {
        var lines = TextLayout.wrap(presentation.title, width: width)
        if !presentation.subtitle.isEmpty { lines += TextLayout.wrap(presentation.subtitle, width: width) }
        if let table = presentation.design.comparison {
            for row in table.rows {
                var pieces: [LinePiece] = [.value(row.feature), .text(":")]
                for (column, cell) in zip(table.columns, row.cells) {
                    pieces += [.text(pieces.count > 2 ? " · " : " "), .value(column), .text(" "), .value(cell)]
                }
                lines.append(BidiText.line(pieces))
            }
        }
        for (tier, section) in tiers.isEmpty ? [(nil, presentation)] : tiers {
            if let tier {
                lines.append("")
                lines.append(Messages.tr("Tier: {{ name }}", ["name": tier]))
            }
            lines += section.features.map { BidiText.line([.text("✓ "), .value($0)]) }
            lines.append("")
            lines += packageLines(section, width: width)
        }
        lines.append("")
        // The request keys are for the screen; plain output has no keys.
        let requestKeys = PaywallController.requestKeys
        lines += presentation.statusLines.filter { $0 != requestKeys }
        lines += presentation.statusNotes.flatMap { TextLayout.wrap($0, width: width) }
        return lines + linkLines(presentation)
    }

    /// The addresses of the privacy policy and the terms of use, a line each.
    static func linkLines(_ presentation: PaywallPresentation) -> [String] {
        var lines: [String] = []
        if let privacy = presentation.privacyPolicy {
            lines.append(Messages.tr("Privacy Policy: {{ address }}", ["address": privacy]))
        }
        if let terms = presentation.termsOfUse {
            lines.append(Messages.tr("Terms of Use: {{ address }}", ["address": terms]))
        }
        return lines
    }

    /// A line per package (name, price, per month, badge, whether it is yours), its details, its
    /// offer and its terms.
    static func packageLines(_ presentation: PaywallPresentation, width: Int) -> [String] {
        var lines: [String] = []
        for (index, row) in presentation.rows.enumerated() {
            lines.append(packageLine(row, marker: "- ", isYours: row.isOwned))
            if !row.detail.isEmpty { lines += TextLayout.wrap(row.detail, width: width - 2).map { "  " + $0 } }
            if let offer = row.offer { lines.append("  \(offer)") }
            // Each subscription's terms under it, as the screen shows the selected one's.
            if presentation.disclosures.indices.contains(index), !presentation.disclosures[index].isEmpty {
                lines += TextLayout.wrap(presentation.disclosures[index], width: width - 2).map { "  " + $0 }
            }
        }
        return lines
    }

    /// "- Pro Annual: $39.99/yr ($3.33/mo), Save 33%, yours": a package after `marker`.
    static func packageLine(_ row: PaywallPresentation.Row, marker: String, isYours: Bool) -> String {
        var pieces: [LinePiece] = [.text(marker), .value(row.name), .text(": "), .value(row.price)]
        if let perMonth = row.perMonth { pieces += [.text(" ("), .value(perMonth), .text(")")] }
        if let badge = row.badge { pieces += [.text(", "), .value(badge)] }
        if isYours { pieces += [.text(", "), .value(Messages.tr("yours"))] }
        return BidiText.line(pieces)
    }
}
