import OnboardKit

/// What `init` asks on a terminal when no `--layout` is given: which layout the starter
/// paywall shows. A line is read rather than keys, so it works the same in any terminal and
/// under a screen reader.
enum StarterLayoutQuestion {
    /// The layouts in the order offered, each with what it looks like; the first is the default.
    static let choices: [(layout: PaywallLayout, looks: String)] = [
        (.list, "a row per package"),
        (.cards, "the packages side by side as boxed cards"),
        (.tiers, "a tab per tier (Pro, Lifetime) and a Monthly | Yearly switch"),
        (.comparison, "a table of features by tier, then the packages"),
    ]

    /// The question and its numbered choices, then the prompt.
    static var text: String {
        let width = choices.map(\.layout.rawValue.count).max() ?? 0
        let lines = choices.enumerated().map { index, choice in
            let name = choice.layout.rawValue
            return "  \(index + 1)  \(name)\(String(repeating: " ", count: width - name.count))  \(choice.looks)"
        }
        return "Which layout should the paywall have? (docs/catalog-format.md shows each)\n"
            + lines.joined(separator: "\n") + "\n" + prompt
    }

    static let prompt = "Layout [1]: "

    /// Said when an answer is none of the choices, before the prompt again.
    static var retry: String {
        "Type a number from 1 to \(choices.count) or a layout's name.\n" + prompt
    }

    /// The layout an answer picks: its number, its name (any case), or nothing for the first;
    /// nil when it is none of them.
    static func layout(answering line: String) -> PaywallLayout? {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count <= 1 else { return nil }
        guard let answer = words.first?.lowercased() else { return choices[0].layout }
        if let number = Int(answer), choices.indices.contains(number - 1) { return choices[number - 1].layout }
        return PaywallLayout(rawValue: answer)
    }
}
