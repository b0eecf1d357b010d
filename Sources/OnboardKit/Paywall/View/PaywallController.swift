import FoundationEssentials

/// The paywall's state inside the app: the selected package per offering, the simulated
/// store, the ledger as this session knows it, and the boxes open over the page (`openBoxes`). Entitlements are always worked out from the ledger.
public struct PaywallController: Sendable {
    public let catalog: Catalog
    public private(set) var ledger: Ledger
    public internal(set) var store: StoreSimulator
    public let clock: StoreClock
    /// True when purchases go to the sandbox ledger (see `PaywallSetup.isSandbox`).
    public let isSandbox: Bool
    /// The wall time the shell last reported; the store's time follows from it.
    public private(set) var wallDate: Date
    let formatter: PriceFormatter
    let locale: Locale
    let timeZone: TimeZone
    let calendar: Calendar
    /// The selected package and the list's first row (so it scrolls only as needed), per
    /// offering and per set of packages its tab and period switch show (`viewKey`).
    private var selection: [String: Int] = [:]
    private var listTop: [String: Int] = [:]
    /// The tab and the period switch's side chosen per offering, kept while the paywall is open.
    var tierChoice: [String: Int] = [:]
    var periodChoice: [String: PeriodSide] = [:]
    /// The boxes the paywall itself opened over its page, bottom first; the store's come over
    /// them (`openBoxes`, `top`).
    var ownBoxes: [PaywallBox] = []
    /// The lifecycle's words for the rows, and the snapshot they were worked out from.
    private(set) var lifecycleText = PaywallLifecycleText()
    private var lifecycleTextSource: Int?
    let checkoutReference: String?
    /// Where a countdown `"for"` a while counts from, on the store's clock (`PaywallSetup`).
    let countdownStart: Date
    /// The stored licenses that verify: they grant beside the simulated store, counted at the
    /// store's `now`, as `has --now` and `status --now` count them.
    public internal(set) var licenses: [License]
    /// The `StoreSimulator.noticeSerial` of the notice the terminal last showed.
    private var presentedNoticeSerial: Int?
    /// The transactions this session recorded in the ledger (purchases, ask-to-buy requests
    /// and their answers), in order: only those the shell confirmed as saved.
    public private(set) var recordedThisRun: [LedgerTransaction] = []
    /// What the customer has, worked out again only when the ledger changes or the simulated
    /// clock passes a renewal or an expiry, not on every frame.
    public private(set) var entitlements: EntitlementCache
    /// Each page's formatted prices, discounts and copy (`prepare(_:)`): they depend only on
    /// the page, the catalog and the locale, none of which a key changes.
    var offeringTexts: [OfferingTextKey: PaywallOfferingText] = [:]
    /// The entitlement lines under the button, worked out again only when the entitlements or
    /// the pending requests change (their dates go through ICU).
    public private(set) var statusLines: [String] = []
    /// What to do about a license file's own expiry, under the status lines (wrapped, not cut:
    /// they end with the address to go to).
    public private(set) var statusNotes: [String] = []
    private var statusLinesSource: (statuses: [EntitlementStatus], hasPending: Bool)?

    public enum Link: Hashable, Sendable {
        case privacyPolicy
        case termsOfUse
    }

    public init(setup: PaywallSetup, seed: UInt64) {
        catalog = setup.catalog
        ledger = setup.ledger
        store = StoreSimulator(mode: setup.mode, latency: setup.latency, seed: seed)
        clock = setup.clock
        isSandbox = setup.isSandbox
        wallDate = setup.clock.startWallDate
        formatter = PriceFormatter(locale: setup.locale)
        locale = setup.locale
        timeZone = setup.timeZone
        calendar = setup.calendar
        checkoutReference = setup.checkoutReference
        countdownStart = setup.countdownStart ?? setup.clock.simulatedDate(atWall: setup.clock.startWallDate)
        licenses = setup.licenses
        entitlements = EntitlementCache(
            StoreContext(
                catalog: setup.catalog, ledger: setup.ledger, now: setup.clock.simulatedDate(atWall: wallDate),
                calendar: setup.calendar))
        refreshStatusLines()
    }

    /// The store's simulated date now.
    public var now: Date { clock.simulatedDate(atWall: wallDate) }

    /// The catalog, the ledger as this session knows it, and the store's date now.
    public var context: StoreContext { StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar) }

    public mutating func setWallDate(_ date: Date) {
        wallDate = max(wallDate, date)
        entitlements.clockMoved(context)
        refreshStatusLines()
    }

    /// The page's offering as its design shows it now: its copy overridden by what the page
    /// says, its tab and period switch as chosen.
    func designed(for page: PaywallPage) -> DesignedOffering? {
        guard var offering = page.offeringID.flatMap(catalog.offering(id:)) ?? catalog.currentOffering else {
            return nil
        }
        offering.copy = page.overriding(offering.copy)
        return DesignedOffering(
            base: offering, design: page.design.overriding(catalog.paywall), tierIndex: tierChoice[offering.id],
            period: periodChoice[offering.id])
    }

    /// The packages the page shows now (its tab's, on the period switch's side), with its copy.
    func offering(for page: PaywallPage) -> Offering? { designed(for: page)?.visible }

    /// What the selection and the list's scrolling are kept under: the offering and the
    /// packages shown, so each tab and each side of the switch keeps its own.
    static func viewKey(_ offering: Offering) -> String {
        offering.id + "\u{1F}" + offering.packages.map(\.identifier).joined(separator: "\u{1F}")
    }

    /// The package the cursor is on for an offering: the offering's default until moved.
    func selectedIndex(in offering: Offering) -> Int {
        if let index = selection[Self.viewKey(offering)] { return index }
        if let id = offering.defaultPackageID, let index = offering.packages.firstIndex(where: { $0.identifier == id })
        {
            return index
        }
        return 0
    }

    public var statuses: [EntitlementStatus] { entitlements.snapshot.statuses }

    /// `shownStatuses` as of the last change of the ledger, the clock or the licenses: what the
    /// status lines were made from, so a frame does not work the licenses out again.
    public var currentStatuses: [EntitlementStatus] { statusLinesSource?.statuses ?? shownStatuses }

    public var isAnimating: Bool { store.isAnimating }

    /// When, in wall time, the next subscription renews or runs out, the clock reaches a
    /// purchase recorded for later (by a run whose clock was ahead), or a stored license or its
    /// file expires, so the shell can wake then and the status line changes on time without
    /// polling.
    public var nextChange: Date? {
        let next = [entitlements.snapshot.validUntil, nextLicenseChange].compactMap { $0 }.min()
        return next.map { clock.wallDate(atSimulated: $0) }
    }

    /// What the page shows now. Formats nothing once `prepare(_:)` has seen the page.
    public func presentation(for page: PaywallPage) -> PaywallPresentation? {
        guard let designed = designed(for: page) else { return nil }
        if let text = offeringTexts[OfferingTextKey(page: page, view: Self.viewKey(designed.visible))] {
            return counting(presentation(from: text, designed: designed), on: page)
        }
        return freshPresentation(for: page)
    }

    /// The presentation built from nothing kept: what the kept texts must always give.
    func freshPresentation(for page: PaywallPage) -> PaywallPresentation? {
        guard let designed = designed(for: page) else { return nil }
        let statuses = shownStatuses
        return counting(
            presentation(
                from: PaywallOfferingText(designed: designed, catalog: catalog, formatter: formatter),
                designed: designed,
                statusLines: Self.statusLines(
                    statuses, catalog: catalog, formatter: formatter, locale: locale, timeZone: timeZone,
                    isSandbox: isSandbox, hasPending: !pendingTransactions.isEmpty),
                statusNotes: Self.licenseNotes(statuses, locale: locale, timeZone: timeZone)), on: page)
    }

    func presentation(
        from text: PaywallOfferingText, designed: DesignedOffering, statusLines: [String]? = nil,
        statusNotes: [String]? = nil
    ) -> PaywallPresentation {
        let offering = text.offering
        let productIDs = Set(offering.packages.map(\.product.id))
        // Owned: this very product is active or bought. Blocked: its subscription group is
        // active through another plan, so the store refuses it while that lasts.
        let snapshot = entitlements.snapshot
        let licensed = licensedProductIDs.intersection(productIDs)
        var presentation = text.presentation(
            selectedIndex: selectedIndex(in: offering),
            ownedProductIDs: snapshot.ownedProductIDs.intersection(productIDs),
            blockedProductIDs: snapshot.blockedProductIDs.intersection(productIDs),
            introEligibleProductIDs: snapshot.introEligibleProductIDs.intersection(productIDs).subtracting(licensed),
            licensedProductIDs: licensed, statusLines: statusLines ?? self.statusLines, progress: progressText,
            listTop: listTop[Self.viewKey(offering)] ?? 0,
            lifecycle: lifecycleTextSource == entitlements.computations ? lifecycleText : lifecycleWords(snapshot))
        presentation.statusNotes = statusNotes ?? self.statusNotes
        text.keepLinesOfEveryPackage(in: &presentation, introEligibleProductIDs: snapshot.introEligibleProductIDs)
        presentation.applyDesign(designed, selectedIndex: selectedIndex(in: offering))
        return presentation
    }

    mutating func refreshStatusLines() {
        let snapshot = entitlements.snapshot
        if lifecycleTextSource != entitlements.computations {
            lifecycleText = lifecycleWords(snapshot)
            lifecycleTextSource = entitlements.computations
        }
        let source = (statuses: shownStatuses, hasPending: !pendingTransactions.isEmpty)
        if let kept = statusLinesSource, kept.statuses == source.statuses, kept.hasPending == source.hasPending {
            return
        }
        statusLinesSource = source
        statusLines = Self.statusLines(
            source.statuses, catalog: catalog, formatter: formatter, locale: locale, timeZone: timeZone,
            isSandbox: isSandbox, hasPending: source.hasPending)
        statusNotes = Self.licenseNotes(source.statuses, locale: locale, timeZone: timeZone)
    }

    /// What the status line starts with while purchases go to the sandbox ledger: first, so a
    /// narrow window cuts the entitlement rather than it.
    public static var sandboxLabel: String { Messages.tr("Sandbox") }

    /// "a approves · d declines the request", with the keys of the table.
    static var requestKeys: String {
        let approve = KeyBindings.paywall.keyNames(for: .approveRequest).first ?? ""
        let decline = KeyBindings.paywall.keyNames(for: .declineRequest).first ?? ""
        return Messages.tr(
            "{{ approve_key }} approves · {{ decline_key }} declines the request",
            ["approve_key": approve, "decline_key": decline])
    }

    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    var progressText: String? {
        let frame = PaywallController.spinner[store.spinnerFrame % PaywallController.spinner.count]
        switch store.phase {
        case .idle: return nil
        case .confirming: return Messages.tr("Waiting for the test store…")
        case .purchasing:
            let name = SafeText.sanitize(store.activePackage?.product.localizedTitle ?? "")
            return "\(frame) " + Messages.tr("Purchasing {{ name }}…", ["name": name])
        case .restoring: return "\(frame) " + Messages.tr("Restoring purchases…")
        case .saving(let saving):
            if saving.isWaitingForLock { return "\(frame) " + Messages.tr("Waiting for another tui-onboard…") }
            let name = catalog.products[saving.transaction.productID]?.localizedTitle ?? saving.transaction.productID
            return "\(frame) " + Messages.tr("Saving {{ name }}…", ["name": SafeText.sanitize(name)])
        }
    }

    var pendingTransactions: [LedgerTransaction] {
        ledger.pendingTransactions
    }

    // MARK: Input

    /// True while input other than quitting must wait: a purchase or restore runs, or a box is open.
    public var isBlockingNavigation: Bool {
        store.isBusy || top != nil
    }

    /// The shell showed a frame: the notice up now, if any, has been seen and may take keys.
    public mutating func framePresented() {
        presentedNoticeSerial = store.noticeSerial
    }

    /// True when the notice up now is the one the terminal last showed. Until then keys meant
    /// for what was on screen before do nothing, rather than close a box never seen.
    public var isNoticePresented: Bool { store.notice != nil && presentedNoticeSerial == store.noticeSerial }

    /// Handles a key on a paywall page, as `KeyBindings` says for `keyContext`. Returns nil when
    /// the key is not the paywall's (the carousel then handles it), else the events the store
    /// produced.
    mutating func handle(_ key: Key, on page: PaywallPage) -> [StoreEvent]? {
        perform(KeyBindings.action(for: key, in: keyContext), on: page)
    }

    /// Carries out `action` (nil: a key that binds none) on a paywall page, for the box on top
    /// or the page itself, as a key or a click asks. Returns nil when the action is not the
    /// paywall's (the carousel then has it), else the events the store produced.
    mutating func perform(_ action: KeyAction?, on page: PaywallPage) -> [StoreEvent]? {
        guard let offering = offering(for: page) else { return nil }
        switch top {
        case .link:
            closeOwnBox()
            return []
        case .notice:
            return handleNotice(action)
        case .testStoreSheet:
            return performOnTestStoreSheet(action)
        case .checkoutSheet(let sheet):
            return performOnCheckout(action, sheet: sheet)
        case .confirmation(let asked):
            return performOnConfirmation(action, asked: asked)
        case .offerCode(let entry):
            return performOnOfferCode(action, entry: entry)
        case .transactionManager(let box):
            return performOnManager(action, box: box)
        case nil:
            return performDesignAction(action, on: page) ?? performOnPage(action, offering: offering)
        }
    }

    /// The test store's sheet: each outcome's key ends the purchase so; other keys do nothing.
    mutating func performOnTestStoreSheet(_ action: KeyAction?) -> [StoreEvent] {
        let outcome: StoreSimulator.PurchaseResult
        switch action {
        case .purchaseSucceeds: outcome = .success
        case .purchaseFails: outcome = .failure(reason: StoreSimulator.simulatedFailureReason)
        case .purchaseCancelled: outcome = .cancelled
        case .purchaseAsksToBuy: outcome = .pending
        default: return []
        }
        return store.choose(outcome, in: context)
    }

    /// An action on the page itself, no box being open: nil when it is not the paywall's.
    mutating func performOnPage(_ action: KeyAction?, offering: Offering) -> [StoreEvent]? {
        if store.isBusy { return [] }  // the in-progress guard: nothing starts twice
        let index = selectedIndex(in: offering)
        switch action {
        case .previousPackage:
            selection[Self.viewKey(offering)] = max(0, index - 1)
        case .nextPackage:
            selection[Self.viewKey(offering)] = min(offering.packages.count - 1, index + 1)
        case .buy:
            guard offering.packages.indices.contains(index),
                !licensedProductIDs.contains(offering.packages[index].product.id)
            else { return [] }
            if openCheckout(for: offering.packages[index].product) {
                return checkout.map { [.checkoutOpened($0)] } ?? []
            }
            return buyOrConfirm(offering.packages[index])
        case .manageTransactions:
            open(.transactionManager(TransactionManagerBox(selected: max(0, managerRows.count - 1))))
        case .enterOfferCode:
            open(.offerCode(OfferCodeEntry()))
        case .restore:
            return store.restore(in: context)
        case .showPrivacyPolicy where catalog.links.privacyPolicy != nil:
            open(.link(.privacyPolicy))
        case .showTermsOfUse where catalog.links.termsOfUse != nil:
            open(.link(.termsOfUse))
        case .approveRequest:
            guard let pending = pendingTransactions.last else { return [] }
            return store.approvePending(transactionID: pending.id, in: context)
        case .declineRequest:
            guard let pending = pendingTransactions.last else { return [] }
            return store.declinePending(transactionID: pending.id, in: context)
        default:
            return nil
        }
        return []
    }

    /// A key for the notice box, on whatever page it is up: Enter retries a failure that can
    /// be retried, any other key closes it. Nothing happens until a frame has shown the box.
    mutating func handleNoticeKey(_ key: Key) -> [StoreEvent] {
        handleNotice(KeyBindings.action(for: key, in: .notice))
    }

    /// The notice box's action (nil: a key that binds none, which closes it too).
    mutating func handleNotice(_ action: KeyAction?) -> [StoreEvent] {
        guard isNoticePresented else { return [] }
        if action == .retry, store.notice?.isRetryable == true {
            // retry() needs the failure it retries and replaces the notice itself.
            guard store.failedPackage != nil else {
                store.dismissNotice()
                return []
            }
            return store.retry(in: context)
        }
        store.dismissNotice()
        return []
    }

    /// Closes the box on top as a click beside it does, which is what Escape does there: a
    /// link's address or a notice goes, the test store's sheet is cancelled; a purchase under
    /// way goes on.
    mutating func dismissBox(on page: PaywallPage?) -> [StoreEvent] {
        switch top {
        case .link, .checkoutSheet, .confirmation, .offerCode, .transactionManager:
            closeOwnBox()
            return []
        case .notice:
            return handleNotice(.close)
        case .testStoreSheet:
            guard page != nil else { return [] }
            return performOnTestStoreSheet(.purchaseCancelled)
        case nil:
            return []
        }
    }

    /// Selects the package at `index` of the page's offering (a click on its row).
    mutating func select(_ index: Int, on page: PaywallPage) {
        guard !store.isBusy, let offering = offering(for: page), offering.packages.indices.contains(index) else {
            return
        }
        selection[Self.viewKey(offering)] = index
    }

    /// Remembers where the list of the page's offering was scrolled to when last drawn.
    mutating func setListTop(_ top: Int, on page: PaywallPage) {
        guard let offering = offering(for: page) else { return }
        listTop[Self.viewKey(offering)] = top
    }

    /// The selected package of the page's offering.
    func selectedIndex(on page: PaywallPage) -> Int? {
        offering(for: page).map(selectedIndex(in:))
    }

    mutating func tick(seconds: Double) -> [StoreEvent] {
        store.tick(seconds: seconds, in: context)
    }

    /// Takes the shell's answer to recording a transaction. The session's ledger changes only
    /// through the shell's answers, so it never shows a purchase the disk does not hold.
    mutating func finishRecording(_ transactionID: String, result: RecordResult) -> [StoreEvent] {
        if case .saved = result, let transaction = store.transactionBeingSaved, transaction.id == transactionID {
            recordedThisRun.append(transaction)
        }
        switch result {
        case .saved(let newLedger), .refused(_, let newLedger): replaceLedger(newLedger)
        case .busy, .failed: break
        }
        return store.finishRecording(transactionID, result: result)
    }

    /// Takes the ledger as it now stands on disk, so purchases made elsewhere count here too.
    mutating func replaceLedger(_ newLedger: Ledger) {
        guard newLedger != ledger else { return }
        ledger = newLedger
        entitlements.ledgerChanged(context)
        refreshStatusLines()
    }

    /// Tells the customer something went wrong with the stored purchases (the ledger was found
    /// damaged and repaired, or could not be read), in a box they must dismiss.
    mutating func reportStorageProblem(_ problem: StorageProblem) {
        store.notice = .storageProblem(problem)
    }

    /// The address `link` opens.
    public func url(of link: Link) -> String? {
        switch link {
        case .privacyPolicy: return catalog.links.privacyPolicy?.absoluteString
        case .termsOfUse: return catalog.links.termsOfUse?.absoluteString
        }
    }

}
