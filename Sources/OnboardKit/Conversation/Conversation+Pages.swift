import FoundationEssentials

/// What the conversation says of a page, in reading order, and the prompt under it. Never
/// the art or the symbols, which are decoration; every word from the deck or the catalogs.
extension Conversation {
    /// The current page: its heading, its text, and for a question or a paywall what it takes.
    func pageLines() -> [String] {
        let index = app.carousel.currentIndex
        var lines: [String]
        if let prompt = app.survey { return surveyLines(prompt).filter { !$0.isEmpty }.map { SafeText.sanitize($0) } }
        switch app.deck.pages[index] {
        case .step(let step):
            lines = [step.heading] + Self.paragraphs(step.text) + Self.altLines(step.picture)
        case .hero(let hero):
            lines = [hero.title] + Self.paragraphs(hero.subtitle) + Self.altLines(hero.picture)
        case .question(let question):
            lines = [question.heading] + Self.paragraphs(question.text)
            lines += questionLines(question, state: app.questions[index])
        case .paywall(let page):
            lines = paywallLines(app.shownPaywallPage(at: index) ?? page)
        }
        return lines.filter { !$0.isEmpty }.map { SafeText.sanitize($0) }
    }

    /// A picture's alt text, after the words, in brackets as `--plain` gives it: what the
    /// picture shows, for a reader who cannot see it. Nothing without a picture or an alt.
    static func altLines(_ picture: PagePicture?) -> [String] {
        guard let alt = picture?.alt, !alt.isEmpty else { return [] }
        return ["[" + alt + "]"]
    }

    /// A text's own lines, as the author broke them; none for no text.
    static func paragraphs(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The line that reads the next line: where the reader is and what each answer does.
    var prompt: String {
        if app.survey != nil { return surveyPrompt }
        if let index = purchaseAsked, let row = paywallMenu[safe: index]?.row {
            return Messages.tr(
                "Buy {{ name }} for {{ price }}? y: yes, n: no.", ["name": row.name, "price": row.price])
        }
        if let box = app.paywall?.top, app.currentPaywallPage != nil, let asked = boxPrompt(box) {
            return SafeText.sanitize(asked)
        }
        var actions: [String] = []
        actions.append(
            app.carousel.isLast
                ? Messages.tr("{{ key }}: finish", ["key": Key.enter.displayName])
                : Messages.tr("{{ key }}: next", ["key": Key.enter.displayName]))
        actions += paywallActions
        if app.carousel.position > 0 { actions.append(Messages.tr("{{ key }}: back", ["key": "b"])) }
        actions.append(Messages.tr("{{ key }}: skip", ["key": "s"]))
        actions.append(Messages.tr("{{ key }}: quit", ["key": "q"]))
        return pagePrompt(actions)
    }

    /// "Page 2 of 8." and what each answer does.
    func pagePrompt(_ actions: [String]) -> String {
        Messages.tr(
            "Page {{ page }} of {{ count }}. {{ actions }}.",
            [
                "page": String(app.carousel.position + 1), "count": String(app.carousel.pageCount),
                "actions": actions.joined(separator: Messages.tr(", ")),
            ])
    }

    /// A question's choices numbered, how to answer, and what Enter keeps.
    func questionLines(_ question: QuestionPage, state: QuestionState?) -> [String] {
        var lines: [String] = []
        switch question.kind {
        case .choices(let choices):
            let numbered = choices.choices.enumerated().map { number, choice in
                BidiText.line(
                    [.text("\(number + 1)) "), .value(choice.title)]
                        + (choice.subtitle.isEmpty ? [] : [.text(": "), .value(choice.subtitle)]))
            }
            // One line when short, as a speaker reads a list; one a line when the choices say more.
            let hasSubtitles = choices.choices.contains { !$0.subtitle.isEmpty }
            lines += hasSubtitles ? numbered : [numbered.joined(separator: "  ")]
            let range = ["first": "1", "last": String(choices.choices.count)]
            lines.append(
                choices.allowsSeveral
                    ? Messages.tr(
                        "Type the numbers or names of your choices, separated by spaces or commas.")
                    : Messages.tr("Type a number from {{ first }} to {{ last }}, or a name.", range))
        case .input(let input):
            if !input.placeholder.isEmpty {
                lines.append(Messages.tr("Example: {{ text }}", ["text": input.placeholder]))
            }
            lines.append(Messages.tr("Type your answer."))
        case .confirm:
            lines.append(Messages.tr("Type y for yes or n for no."))
        }
        lines.append(defaultLine(question, state: state))
        return lines
    }

    /// What Enter gives the question now, in words.
    func defaultLine(_ question: QuestionPage, state: QuestionState?) -> String {
        guard let held = state?.currentAnswer, question.problem(with: held) == nil,
            !(held == .choices([]))
        else {
            return question.isRequired
                ? Messages.tr("An answer is needed to go on")
                : Messages.tr("Enter leaves it unanswered.")
        }
        return Messages.tr("Enter answers: {{ answer }}.", ["answer": Self.spoken(held, for: question)])
    }

    /// An answer in words: choices by their titles, yes or no in the reader's language.
    static func spoken(_ answer: Answer, for question: QuestionPage) -> String {
        let title: (String) -> String = { id in
            guard case .choices(let choices) = question.kind else { return id }
            return choices.choices.first { $0.id == id }?.title ?? id
        }
        switch answer {
        case .yesNo(let value): return value ? Messages.tr("Yes") : Messages.tr("No")
        case .text(let text): return question.kind.isChoices ? title(text) : text
        case .choices(let ids): return Messages.list(ids.map(title))
        }
    }
}

extension QuestionPage.QuestionKind {
    var isChoices: Bool {
        if case .choices = self { return true }
        return false
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
