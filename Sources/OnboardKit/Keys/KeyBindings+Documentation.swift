/// The table of keys as documentation: Markdown for the README, plain text for `--help` and
/// a manual page.
extension KeyBindings {
    /// What each context is called in the documentation.
    static func title(of context: KeyContext) -> String {
        switch context {
        case .carousel: return "the tour"
        case .anywhere: return "anywhere"
        case .help: return "the help (`?`)"
        case .choiceQuestion: return "a question with choices (other keys as in the tour)"
        case .inputQuestion: return "a question with a text field (other keys as in the tour)"
        case .confirmQuestion: return "a yes-or-no question (other keys as in the tour)"
        case .paywall: return "a paywall page (other keys as in the tour)"
        case .survey: return "the survey of a declined paywall (a deck's `survey`)"
        case .testStoreSheet: return "the test store's sheet (`--simulate prompt`)"
        case .checkoutSheet: return "the checkout sheet (a product with a `checkout` address)"
        case .confirmation: return "a confirmation (a plan change, a purchase of what is active)"
        case .transactionManager: return "the transaction manager (`m` on a paywall)"
        case .offerCode: return "the offer code box (`o` on a paywall)"
        case .notice: return "a notice after a purchase or restore"
        case .message: return "a box showing an address"
        case .review: return "the review prompt"
        case .autoplay: return "pages turning by themselves (`--autoplay`)"
        case .autoplayPaused: return "autoplay paused (other keys as on the page)"
        }
    }

    /// Every key of every context as one Markdown table, the README's list of keys.
    public static var markdown: String {
        var lines = ["| where | keys | what they do |", "|---|---|---|"]
        for map in all {
            for (index, entry) in map.entries.enumerated() {
                let keys = entry.bindings.map { binding in
                    binding.isAnyKey
                        ? binding.keyNames.joined(separator: " ")
                        : binding.keyNames.map { "`\($0)`" }.joined(separator: " ")
                }.joined(separator: entry.separator)
                let place = index == 0 ? title(of: map.context) : ""
                lines.append("| \(place) | \(keys) | \(described(entry)) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Every key of every context as plain text, a heading per context and a line per entry.
    public static var plainText: String {
        all.map { map in
            "keys in \(plain(title(of: map.context))):\n" + aligned(map.entries, notes: true)
        }.joined(separator: "\n\n")
    }

    /// The tour's keys and those that work anywhere, for `--help`.
    public static var plainTextSummary: String {
        let entries =
            carousel.entries
            + anywhere.entries.filter { entry in
                // Ctrl-C is already the tour's.
                !entry.bindings.allSatisfy { binding in carousel.bindings.contains(binding) }
            }
        let keys = aligned(entries, notes: false, extra: [HelpOverlay.mouse])
        return "keys (? in the tour lists them, with a paywall's):\n" + keys
    }

    private static func described(_ entry: KeyHelpEntry) -> String {
        entry.note.map { "\(entry.help) (\($0))" } ?? entry.help
    }

    /// Markdown's code marks taken out, for plain text.
    private static func plain(_ text: String) -> String { String(text.filter { $0 != "`" }) }

    private static func aligned(
        _ entries: [KeyHelpEntry], notes: Bool, extra: [(keys: String, action: String)] = []
    ) -> String {
        let rows =
            entries.map { ($0.keys, plain(notes ? described($0) : $0.help)) } + extra.map { ($0.keys, $0.action) }
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        return rows.map { keys, action in
            let padding = String(repeating: " ", count: width - DisplayWidth.of(keys))
            return "  \(keys)\(padding)   \(action)"
        }.joined(separator: "\n")
    }
}
