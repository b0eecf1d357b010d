/// What a key does, as the table of key bindings (`KeyBindings`) names it. Whoever handles a
/// context (the app, the paywall, the review box, the terminal shell) carries actions out.
public enum KeyAction: Hashable, Sendable, CaseIterable {
    // Anywhere.
    /// Ctrl-C: quit at once, as interrupted.
    case interrupt
    /// Ctrl-Z: the terminal shell suspends the app.
    case suspend

    // The tour.
    /// The next page; nothing on the last.
    case nextPage
    /// The next page, or finish the tour on the last.
    case advance
    case previousPage
    case firstPage
    case lastPage
    /// The page the digit names; a digit past the last page does nothing.
    case jumpToPage
    case scrollDown
    case scrollUp
    case skip
    case showHelp
    case celebrate
    case quit

    // The paywall page.
    case previousPackage
    case nextPackage
    case buy
    case restore
    case showPrivacyPolicy
    case showTermsOfUse
    case notNow
    case approveRequest
    case declineRequest
    /// Open the transaction manager.
    case manageTransactions
    /// Open the box to type an offer code into.
    case enterOfferCode
    /// The card to the left or right on a `cards` paywall (mirrored right to left by the app).
    case previousCard
    case nextCard
    /// The tab before or after on a `tiers` paywall.
    case previousTier
    case nextTier
    /// Monthly | Yearly on a paywall with a period switch.
    case togglePeriod

    // The confirmation box.
    case confirm

    // The transaction manager.
    case previousRow
    case nextRow
    /// Turn the selected subscription's auto-renew off, or back on.
    case toggleRenewal
    case refundTransaction
    /// Make the selected subscription's next renewal fail.
    case failRenewal
    case resolveBilling
    /// Answer a price increase that asks for the customer's consent.
    case acceptPriceIncrease
    case declinePriceIncrease

    // The offer code box.
    case redeemCode

    // The test store's sheet.
    case purchaseSucceeds
    case purchaseFails
    case purchaseCancelled
    case purchaseAsksToBuy

    // The checkout sheet.
    /// Open the checkout address in the browser.
    case openCheckout

    // Boxes.
    /// Try the failed purchase or restore again.
    case retry
    /// Close the box on top (help, a notice, an address).
    case close

    // The review prompt.
    /// The number of stars the digit names.
    case rate
    case previousChoice
    case nextChoice
    case choose
    case later
    case never

    // Question pages.
    case previousOption
    case nextOption
    /// Pick the highlighted choice (or, with several allowed, pick or unpick it).
    case pickOption
    /// Answer with what the page holds and go on; the answer is checked first.
    case answerQuestion
    case answerYes
    case answerNo
    /// A key that puts its character into the text field.
    case typeText
    case cursorLeft
    case cursorRight
    case lineStart
    case lineEnd
    case deleteBackward
    case deleteForward
    case deleteToStart
    case deleteToEnd
    case deleteWordBackward

    // Autoplay.
    case pauseAutoplay
    case resumeAutoplay
}
