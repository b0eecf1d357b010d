/// The one table of keys: what every key does in every context, and the help text for it. The
/// app, the paywall and the review box look keys up here; the help overlay, the hint lines,
/// `--help` and the README's list of keys are drawn from it.
public enum KeyBindings {
    public static let anywhere = KeyMap(
        .anywhere,
        [
            KeyHelpEntry(
                KeyBinding(.control("c"), .interrupt), Messages.trNoop("quit"),
                note: "exit 130; the tour is not recorded as seen"),
            KeyHelpEntry(
                KeyBinding(.control("z"), .suspend), Messages.trNoop("suspend"),
                note: "`fg` to come back; during a purchase, once it has gone through or failed"),
        ])

    public static let carousel = KeyMap(
        .carousel,
        [
            KeyHelpEntry(
                [
                    KeyBinding([.right, .character("l")], .nextPage),
                    KeyBinding([.character(" "), .enter], .advance),
                    KeyBinding(.pageDown, .nextPage),
                ], Messages.trNoop("next page"), note: "`Space` and `Enter` finish the tour on the last page"),
            KeyHelpEntry(
                KeyBinding([.left, .character("h"), .backspace, .pageUp], .previousPage),
                Messages.trNoop("previous page")),
            KeyHelpEntry(
                [KeyBinding([.home, .character("g")], .firstPage), KeyBinding([.end, .character("G")], .lastPage)],
                Messages.trNoop("first · last page"), separator: " · "),
            KeyHelpEntry(
                KeyBinding.digits(through: 9, .jumpToPage, named: "1 … 9"), Messages.trNoop("jump to page"),
                note: "a digit past the last page does nothing"),
            KeyHelpEntry(
                [
                    KeyBinding(.down, .scrollDown), KeyBinding(.up, .scrollUp),
                    KeyBinding(.character("j"), .scrollDown), KeyBinding(.character("k"), .scrollUp),
                ], Messages.trNoop("scroll a long page"), note: "one whose text does not fit"),
            KeyHelpEntry(KeyBinding(.character("s"), .skip), Messages.trNoop("skip the tour")),
            KeyHelpEntry(
                KeyBinding(.character("c"), .celebrate), Messages.trNoop("confetti"), note: "the deck's `onCelebrate`"),
            KeyHelpEntry(KeyBinding(.character("?"), .showHelp), Messages.trNoop("show or hide this help")),
            KeyHelpEntry(
                [KeyBinding([.character("q"), .escape], .quit), KeyBinding(.control("c"), .interrupt)],
                Messages.trNoop("quit")),
        ])

    public static let paywall = KeyMap(
        .paywall,
        [
            KeyHelpEntry(
                [
                    KeyBinding(.up, .previousPackage), KeyBinding(.down, .nextPackage),
                    KeyBinding(.character("k"), .previousPackage), KeyBinding(.character("j"), .nextPackage),
                ], Messages.trNoop("choose a package (paywall)")),
            KeyHelpEntry(
                KeyBinding(.enter, .buy), Messages.trNoop("buy it"), note: "only a package whose row is on screen"),
            KeyHelpEntry(KeyBinding(.character("r"), .restore), Messages.trNoop("restore purchases")),
            KeyHelpEntry(
                [
                    KeyBinding(.character("p"), .showPrivacyPolicy), KeyBinding(.character("t"), .showTermsOfUse),
                ], Messages.trNoop("privacy policy · terms of use"), separator: " · "),
            KeyHelpEntry(KeyBinding([.character("n"), .escape], .notNow), Messages.trNoop("not now")),
            KeyHelpEntry(
                [KeyBinding(.character("a"), .approveRequest), KeyBinding(.character("d"), .declineRequest)],
                Messages.trNoop("approve · decline a request"), note: "an ask-to-buy request waiting for approval",
                separator: " · "),
            KeyHelpEntry(
                KeyBinding(.character("m"), .manageTransactions), Messages.trNoop("transaction manager"),
                note: "the store's transactions: cancel, refund, fail a renewal, resolve, approve"),
            KeyHelpEntry(KeyBinding(.character("o"), .enterOfferCode), Messages.trNoop("redeem an offer code")),
            KeyHelpEntry(
                [KeyBinding(.left, .previousCard), KeyBinding(.right, .nextCard)],
                Messages.trNoop("choose a card"), note: "a `cards` paywall; elsewhere they turn the page"),
            KeyHelpEntry(
                [KeyBinding(.tab, .nextTier), KeyBinding(.backTab, .previousTier)],
                Messages.trNoop("next · previous tier"), note: "a `tiers` paywall", separator: " · "),
            KeyHelpEntry(
                KeyBinding(.character("b"), .togglePeriod), Messages.trNoop("monthly · yearly"),
                note: "a paywall with a period switch"),
        ])

    public static let confirmation = KeyMap(
        .confirmation,
        [
            KeyHelpEntry(KeyBinding([.enter, .character("y")], .confirm), Messages.trNoop("confirm")),
            KeyHelpEntry(
                KeyBinding([.escape, .character("n")], .close), Messages.trNoop("cancel"),
                note: "nothing is bought or changed"),
        ])

    public static let transactionManager = KeyMap(
        .transactionManager,
        [
            KeyHelpEntry(
                [
                    KeyBinding(.up, .previousRow), KeyBinding(.down, .nextRow),
                    KeyBinding(.character("k"), .previousRow),
                    KeyBinding(.character("j"), .nextRow),
                ], Messages.trNoop("choose a transaction")),
            KeyHelpEntry(KeyBinding(.character("c"), .toggleRenewal), Messages.trNoop("cancel · resume auto-renew")),
            KeyHelpEntry(KeyBinding(.character("r"), .refundTransaction), Messages.trNoop("refund it")),
            KeyHelpEntry(
                [KeyBinding(.character("f"), .failRenewal), KeyBinding(.character("s"), .resolveBilling)],
                Messages.trNoop("fail the next renewal · resolve"), separator: " · "),
            KeyHelpEntry(
                [
                    KeyBinding(.character("y"), .acceptPriceIncrease),
                    KeyBinding(.character("n"), .declinePriceIncrease),
                ],
                Messages.trNoop("accept · decline a price increase"),
                note: "one that asks for consent (`store price-increase --consent`)",
                separator: " · "),
            KeyHelpEntry(
                [KeyBinding(.character("a"), .approveRequest), KeyBinding(.character("d"), .declineRequest)],
                Messages.trNoop("approve · decline an ask-to-buy request"), separator: " · "),
            KeyHelpEntry(KeyBinding([.escape, .character("m")], .close), Messages.trNoop("close")),
        ])

    public static let offerCode = KeyMap(
        .offerCode,
        [
            KeyHelpEntry(
                KeyBinding(.enter, .redeemCode), Messages.trNoop("redeem"), note: "type or paste the code first"),
            KeyHelpEntry(KeyBinding(.escape, .close), Messages.trNoop("close")),
        ])

    public static let testStoreSheet = KeyMap(
        .testStoreSheet,
        [
            KeyHelpEntry(
                KeyBinding([.character("1"), .character("s")], .purchaseSucceeds), Messages.trNoop("success")),
            KeyHelpEntry(KeyBinding([.character("2"), .character("f")], .purchaseFails), Messages.trNoop("failure")),
            KeyHelpEntry(
                KeyBinding([.character("3"), .character("c"), .escape], .purchaseCancelled), Messages.trNoop("cancel")),
            KeyHelpEntry(
                KeyBinding([.character("4"), .character("p")], .purchaseAsksToBuy), Messages.trNoop("ask to buy")),
        ])

    public static let checkoutSheet = KeyMap(
        .checkoutSheet,
        [
            KeyHelpEntry(
                KeyBinding(.character("o"), .openCheckout), Messages.trNoop("open the address in the browser"),
                note: "not over SSH or without a display"),
            KeyHelpEntry(
                KeyBinding(.escape, .close), Messages.trNoop("back to the paywall"),
                note:
                    "paste (or type) the license you receive: it is verified at once; an encrypted one asks for its license key (Enter opens it, Esc gives it up)"
            ),
        ])

    public static let notice = KeyMap(
        .notice,
        [
            KeyHelpEntry(
                KeyBinding([.enter, .character("r")], .retry), Messages.trNoop("retry"),
                note: "when the purchase or restore can be tried again"),
            KeyHelpEntry(.anyKey(.close), Messages.trNoop("continue")),
        ])

    public static let message = KeyMap(.message, [KeyHelpEntry(.anyKey(.close), Messages.trNoop("close"))])

    public static let help = KeyMap(
        .help, [KeyHelpEntry(.anyKey(.close), Messages.trNoop("close the help"), note: "`q` and `Esc` too")])

    public static let review = KeyMap(
        .review,
        [
            KeyHelpEntry(KeyBinding.digits(through: 5, .rate, named: "1–5"), Messages.trNoop("rate")),
            KeyHelpEntry(
                [
                    KeyBinding([.left, .character("h"), .backTab], .previousChoice),
                    KeyBinding([.right, .character("l"), .tab], .nextChoice),
                ], Messages.trNoop("previous · next choice"), separator: " · "),
            KeyHelpEntry(KeyBinding([.enter, .character(" ")], .choose), Messages.trNoop("choose")),
            KeyHelpEntry(KeyBinding([.escape, .character("q")], .later), Messages.trNoop("later")),
            KeyHelpEntry(KeyBinding(.character("n"), .never), Messages.trNoop("never")),
        ])

    public static let choiceQuestion = KeyMap(
        .choiceQuestion,
        [
            KeyHelpEntry(
                [
                    KeyBinding([.up, .character("k")], .previousOption),
                    KeyBinding([.down, .character("j")], .nextOption),
                ], Messages.trNoop("move among the choices"), separator: " · "),
            KeyHelpEntry(
                KeyBinding([.character(" "), .character("x")], .pickOption), Messages.trNoop("pick or unpick"),
                note: "with several allowed; with one, picks it"),
            KeyHelpEntry(
                KeyBinding([.enter, .tab], .answerQuestion), Messages.trNoop("answer and go on"),
                note: "with one choice, the highlighted one; `→` goes on too, once answered"),
            KeyHelpEntry(KeyBinding(.backTab, .previousPage), Messages.trNoop("previous page")),
        ])

    public static let survey = KeyMap(
        .survey,
        [
            KeyHelpEntry(
                KeyBinding(.escape, .close), Messages.trNoop("go on without answering"),
                note: "the survey's choices take the keys of a question with choices"),
            KeyHelpEntry(KeyBinding(.character("q"), .quit), Messages.trNoop("quit")),
        ])

    public static let inputQuestion = KeyMap(
        .inputQuestion,
        [
            KeyHelpEntry(
                .anyKey(.typeText), Messages.trNoop("type the answer"),
                note: "letters, digits, `q` and Space are typed; a paste is typed as one line"),
            KeyHelpEntry(
                [KeyBinding(.left, .cursorLeft), KeyBinding(.right, .cursorRight)],
                Messages.trNoop("move the cursor"), separator: " · "),
            KeyHelpEntry(
                [
                    KeyBinding([.home, .control("a")], .lineStart), KeyBinding([.end, .control("e")], .lineEnd),
                ], Messages.trNoop("start · end of the line"), separator: " · "),
            KeyHelpEntry(
                [
                    KeyBinding([.backspace, .control("h")], .deleteBackward),
                    KeyBinding([.delete, .control("d")], .deleteForward),
                ], Messages.trNoop("delete before · after the cursor"), separator: " · "),
            KeyHelpEntry(
                [
                    KeyBinding(.control("u"), .deleteToStart), KeyBinding(.control("k"), .deleteToEnd),
                    KeyBinding(.control("w"), .deleteWordBackward),
                ], Messages.trNoop("delete to the start · to the end · a word"), separator: " · "),
            KeyHelpEntry(
                KeyBinding([.enter, .tab], .answerQuestion), Messages.trNoop("answer and go on"),
                note: "the answer is checked first; what is wrong shows under the field"),
            KeyHelpEntry(
                KeyBinding(.backTab, .previousPage), Messages.trNoop("previous page"),
                note: "`PgUp` and `PgDn` turn pages too; `Esc` quits"),
        ])

    public static let confirmQuestion = KeyMap(
        .confirmQuestion,
        [
            KeyHelpEntry(
                [
                    KeyBinding([.left, .character("h")], .previousOption),
                    KeyBinding([.right, .character("l")], .nextOption),
                ], Messages.trNoop("yes · no"), separator: " · "),
            KeyHelpEntry(
                [KeyBinding(.character("y"), .answerYes), KeyBinding(.character("n"), .answerNo)],
                Messages.trNoop("answer yes · no and go on"), separator: " · "),
            KeyHelpEntry(
                KeyBinding([.enter, .character(" "), .tab], .answerQuestion),
                Messages.trNoop("answer and go on"), note: "with the highlighted answer"),
            KeyHelpEntry(
                KeyBinding(.backTab, .previousPage), Messages.trNoop("previous page"),
                note: "`Backspace` and `PgUp` too"),
        ])

    public static let autoplay = KeyMap(
        .autoplay,
        [
            KeyHelpEntry(KeyBinding(.character("q"), .quit), Messages.trNoop("quit")),
            KeyHelpEntry(
                .anyKey(.pauseAutoplay), Messages.trNoop("pause"),
                note: "only that: keys then work as on the page, and nothing is bought"),
        ])

    public static let autoplayPaused = KeyMap(
        .autoplayPaused,
        [KeyHelpEntry(KeyBinding(.character("p"), .resumeAutoplay), Messages.trNoop("resume autoplay"))])

    /// Every context's map, in the order the documentation lists them.
    public static let all: [KeyMap] = [
        carousel, anywhere, help, choiceQuestion, inputQuestion, confirmQuestion, paywall, testStoreSheet,
        checkoutSheet, confirmation, transactionManager, offerCode, notice, message, review, survey, autoplay,
        autoplayPaused,
    ]

    public static func map(for context: KeyContext) -> KeyMap {
        switch context {
        case .anywhere: return anywhere
        case .carousel: return carousel
        case .paywall: return paywall
        case .testStoreSheet: return testStoreSheet
        case .checkoutSheet: return checkoutSheet
        case .confirmation: return confirmation
        case .transactionManager: return transactionManager
        case .offerCode: return offerCode
        case .notice: return notice
        case .message: return message
        case .help: return help
        case .review: return review
        case .choiceQuestion: return choiceQuestion
        case .inputQuestion: return inputQuestion
        case .confirmQuestion: return confirmQuestion
        case .survey: return survey
        case .autoplay: return autoplay
        case .autoplayPaused: return autoplayPaused
        }
    }

    /// What `key` does in `context`, or nil when nothing.
    public static func action(for key: Key, in context: KeyContext) -> KeyAction? {
        map(for: context).action(for: key)
    }
}
