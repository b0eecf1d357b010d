import FoundationEssentials

/// The paywall as a numbered menu: what is owned said first, each package with its full
/// price and terms, bought by its number after a yes; restore, the links, the offer code and
/// the store's own boxes (a confirmation, the test store's sheet, a notice) and the answer to
/// an ask-to-buy request each by a letter or a line, their outcome said in words.
extension Conversation {
    /// One package of the paywall's numbered menu, with its terms and what buys it.
    struct MenuItem {
        var row: PaywallPresentation.Row
        var disclosure: String
        var packageID: String
    }

    /// Every package the paywall on the current page sells, numbered from 1 in this order:
    /// tab by tab and both sides of a period switch, as `--plain` lists them, since a line
    /// read has no Tab or `b` to reach the others with.
    var paywallMenu: [MenuItem] {
        guard let page = app.currentPaywallPage, let paywall = app.paywall else { return [] }
        return zip(paywall.plainSections(for: page), paywall.plainPackageIDs(for: page)).flatMap { section, ids in
            zip(section.presentation.rows, ids).enumerated().map { index, item in
                MenuItem(
                    row: item.0, disclosure: section.presentation.disclosures[safe: index] ?? "", packageID: item.1)
            }
        }
    }

    /// The paywall page: title and words, what is owned, the numbered packages (under their
    /// tier's name and features where the paywall has tabs), the links.
    func paywallLines(_ page: PaywallPage) -> [String] {
        guard let presentation = app.paywall?.presentation(for: page) else {
            return [
                page.title ?? "", Messages.tr("Nothing can be bought now: there is no safe place to keep purchases"),
            ]
        }
        let sections = app.paywall?.plainSections(for: page) ?? []
        let hasTiers = sections.contains { $0.tier != nil }
        var lines = [presentation.title, presentation.subtitle] + (hasTiers ? [] : presentation.features)
        // What the customer has comes before what they could buy.
        let requestKeys = PaywallController.requestKeys
        lines += presentation.statusLines.filter { $0 != requestKeys } + presentation.statusNotes
        var number = 0
        for (tier, section) in sections {
            if let tier { lines += [Messages.tr("Tier: {{ name }}", ["name": tier])] + section.features }
            for (index, row) in section.rows.enumerated() {
                number += 1
                lines.append(
                    PlainTextRenderer.packageLine(row, marker: "\(number)) ", isYours: row.isOwned || row.isLicensed))
                lines += [row.detail, row.offer ?? "", section.disclosures[safe: index] ?? ""]
            }
        }
        return lines + PlainTextRenderer.linkLines(presentation)
    }

    /// The paywall's letters in the prompt, for what this catalog has.
    var paywallActions: [String] {
        guard app.currentPaywallPage != nil, let paywall = app.paywall else { return [] }
        var actions: [String] = []
        let count = paywallMenu.count
        switch count {
        case 0: break
        case 1: actions.append(Messages.tr("{{ key }}: buy", ["key": "1"]))
        default:
            actions.append(Messages.tr("{{ first }} to {{ last }}: buy", ["first": "1", "last": String(count)]))
        }
        actions.append(Messages.tr("{{ key }}: restore", ["key": "r"]))
        // An ask-to-buy request waits for its answer (`--simulate pending`).
        if !paywall.pendingTransactions.isEmpty {
            actions.append(Messages.tr("{{ key }}: approve the request", ["key": "a"]))
            actions.append(Messages.tr("{{ key }}: decline the request", ["key": "d"]))
        }
        if !paywall.catalog.offerCodes.isEmpty { actions.append(Messages.tr("{{ key }}: offer code", ["key": "o"])) }
        return actions
    }

    /// A number buys (after a yes), `r` restores, `o` asks for an offer code, `p` and `t` say
    /// the links' addresses.
    mutating func chooseFromMenu(_ command: String, said: inout [String]) -> [Effect] {
        if let number = Int(command), paywallMenu.indices.contains(number - 1) {
            purchaseAsked = number - 1
            return []
        }
        switch command.lowercased() {
        case "r":
            said.append(Messages.tr("Restoring purchases…"))
            return app.conversationPaywall(.restore)
        case "a" where app.paywall?.pendingTransactions.isEmpty == false:
            return app.conversationPaywall(.approveRequest)
        case "d" where app.paywall?.pendingTransactions.isEmpty == false:
            return app.conversationPaywall(.declineRequest)
        case "o" where app.paywall?.catalog.offerCodes.isEmpty == false:
            return app.conversationPaywall(.enterOfferCode)
        case "p", "t":
            let link: PaywallController.Link = command.lowercased() == "p" ? .privacyPolicy : .termsOfUse
            if let address = app.paywall?.url(of: link) {
                said.append(
                    link == .privacyPolicy
                        ? Messages.tr("Privacy Policy: {{ address }}", ["address": address])
                        : Messages.tr("Terms of Use: {{ address }}", ["address": address]))
                return []
            }
        default: break
        }
        said.append(Messages.tr("Not understood: {{ line }}", ["line": SafeText.excerpt(command)]))
        return []
    }

    /// The prompt for a box of the paywall's that waits for a line; nil for one that does not.
    func boxPrompt(_ box: PaywallBox) -> String? {
        switch box {
        case .confirmation(let asked):
            return Messages.tr("{{ action }}? y: yes, n: no.", ["action": asked.confirmLabel])
        case .testStoreSheet:
            return Self.testStoreChoices.enumerated().map { number, choice in
                Messages.tr(
                    "{{ key }}: {{ action }}", ["key": String(number + 1), "action": Messages.tr(choice.words)])
            }.joined(separator: Messages.tr(", ")) + "."
        case .offerCode:
            return Messages.tr("Type the offer code; an empty line cancels.")
        case .checkoutSheet(let sheet):
            return checkoutPrompt(sheet)
        case .transactionManager, .link, .notice:
            return nil
        }
    }

    /// The test store's outcomes, in the order its sheet lists them.
    static let testStoreChoices: [(action: KeyAction, words: String)] = [
        (.purchaseSucceeds, Messages.trNoop("success")), (.purchaseFails, Messages.trNoop("failure")),
        (.purchaseCancelled, Messages.trNoop("cancel")), (.purchaseAsksToBuy, Messages.trNoop("ask to buy")),
    ]

    /// A line for the box on top of the paywall.
    mutating func answerBox(_ box: PaywallBox, line: String, said: inout [String]) -> [Effect] {
        let trimmed = line.trimmingWhitespace()
        switch box {
        case .confirmation:
            return app.conversationPaywall(ConversationAnswer.yesOrNo(trimmed) == true ? .confirm : .close)
        case .testStoreSheet:
            guard let number = Int(trimmed), let choice = Self.testStoreChoices[safe: number - 1] else {
                said.append(Messages.tr("Not understood: {{ line }}", ["line": SafeText.excerpt(trimmed)]))
                return []
            }
            return app.conversationPaywall(choice.action)
        case .offerCode:
            if trimmed.isEmpty { return app.conversationPaywall(.close) }
            var effects = app.conversationPaste(trimmed) + app.conversationPaywall(.redeemCode)
            // A code the catalog does not take is said, and the box closes: o tries again.
            if case .offerCode(let entry)? = app.paywall?.top, let problem = entry.problem {
                said.append(problem)
                effects += app.conversationPaywall(.close)
            }
            return effects
        case .checkoutSheet(let sheet):
            return answerCheckout(sheet, line: line, said: &said)
        case .transactionManager, .link, .notice:
            return app.conversationPaywall(.close)
        }
    }

    /// The store's notices said in words (each then closes, as a key closes it once seen),
    /// then the box that waits for a line, said once as it opens.
    mutating func sayBoxes(perform: Perform) -> [String] {
        var said: [String] = []
        // A notice that would not close is said once, not forever.
        for _ in 0..<8 {
            guard case .notice(let notice)? = app.paywall?.top else { break }
            said += [notice.title, notice.message].filter { !$0.isEmpty }
            carry(app.conversationCloseNotice(), perform: perform)
        }
        guard app.currentPaywallPage != nil, let box = app.paywall?.top else {
            saidBox = nil
            return said
        }
        guard box != saidBox else { return said }
        let previous = saidBox
        saidBox = box
        switch box {
        case .confirmation(let asked):
            said += [asked.title, asked.message]
        case .testStoreSheet(let package):
            said += [Messages.tr("Test Store: confirm purchase"), package.product.localizedTitle]
        case .offerCode(let entry):
            if entry.text.isEmpty { said.append(Messages.tr("Type or paste your offer code:")) }
        case .checkoutSheet(let sheet):
            // A sheet said already: only what became of the license.
            if case .checkoutSheet(let earlier)? = previous, earlier.url == sheet.url {
                said += CheckoutSheetView.statusLines(of: sheet, width: Int.max / 2).filter { !$0.contains("•") }
            } else {
                said += checkoutLines(sheet)
            }
        case .transactionManager, .link, .notice:
            break
        }
        return said.filter { !$0.isEmpty }.map { SafeText.sanitize($0) }
    }
}
