import FoundationEssentials

/// The simulated store behind the paywall: a purchase flow state machine that takes
/// `--simulate` outcomes (or asks, like RevenueCat's test store sheet), waits `latency`
/// seconds the way a real store would, and returns the transactions to record.
///
/// While a purchase or restore is in progress every further request is ignored, so a
/// customer hammering the buy key cannot buy twice. Time only moves through `tick`.
public struct StoreSimulator: Sendable {
    /// Spinner frames per second of busy time, for `spinnerFrame`.
    public static let spinnerFramesPerSecond: Double = 10
    /// The reason `--simulate fail` gives.
    public static var simulatedFailureReason: String {
        Messages.tr("The payment could not be completed (simulated failure). No money was taken.")
    }
    /// Seconds between attempts to record while another process holds the ledger's lock.
    public static let lockRetryInterval: Double = 0.2
    /// Seconds to wait for another process's lock before giving up on recording.
    public static let lockPatience: Double = 5
    /// What the customer is told when the lock was never released.
    public static var lockTimeoutReason: String {
        Messages.tr(
            "Another tui-onboard kept the purchase ledger locked, so nothing was bought. Try again in a moment.")
    }

    public let mode: SimulationMode
    /// Seconds a purchase or restore takes.
    public let latency: Double
    public private(set) var phase: Phase = .idle
    /// What the paywall shows after the last operation; nil once dismissed.
    public var notice: Notice? {
        didSet { noticeSerial &+= 1 }
    }
    /// Counts every change of `notice`, so that a box can tell whether the notice up now is
    /// the one the screen showed, even when the same words came back.
    public private(set) var noticeSerial = 0
    /// The package the prompt sheet asks about or whose purchase is in flight.
    public private(set) var activePackage: Package?
    /// The package whose purchase failed last, for `retry`.
    public private(set) var failedPackage: Package?
    private var busyTime: Double = 0
    /// The entitlements active when the running restore began, so it tells only what changed.
    private var activeBeforeRestore: Set<String> = []
    /// The source of transaction IDs.
    var generator: SeededGenerator
    /// What happened since the last `takeActivity()`, for the event stream.
    public private(set) var activity: [StoreActivity] = []

    /// - Parameter latency: seconds each purchase and restore takes; negative or non-finite
    ///   values count as 0 (done at once).
    public init(mode: SimulationMode, latency: Double, seed: UInt64) {
        self.mode = mode
        self.latency = latency.isFinite ? max(0, latency) : 0
        generator = SeededGenerator(seed: seed)
    }

    /// True while the prompt sheet is up or a purchase or restore is in progress.
    public var isBusy: Bool { phase != .idle }

    /// True while a latency countdown runs or a record waits for a lock, so the app keeps ticking.
    public var isAnimating: Bool {
        switch phase {
        case .purchasing, .restoring: return true
        case .saving(let saving): return saving.isWaitingForLock
        case .idle, .confirming: return false
        }
    }

    /// The spinner frame to draw for the time spent busy so far; the view takes it modulo its
    /// number of glyphs.
    public var spinnerFrame: Int { Int((busyTime * Self.spinnerFramesPerSecond).rounded(.down)) }

    // MARK: Purchasing

    /// Starts buying `package`: ignored while busy; refused with a notice when the product is
    /// already subscribed (itself or its group), owned, or waiting for approval; shows the
    /// prompt sheet in `prompt` mode; else puts the purchase in flight with the mode's outcome.
    public mutating func purchase(_ package: Package, in context: StoreContext) -> [StoreEvent] {
        guard !isBusy else { return [] }
        let gate = PurchaseGate(catalog: context.catalog, calendar: context.calendar)
        activity.append(.purchaseStarted(package))
        if let refusal = gate.refusal(ofBuying: package.product, in: context.ledger, at: context.now) {
            notice = refusal
            activity.append(.purchaseFailed(package, .refused, message: refusal.message))
            return []
        }
        notice = nil
        failedPackage = nil
        activePackage = package
        busyTime = 0
        guard let outcome = mode.outcome else {
            phase = .confirming(packageID: package.identifier)
            return []
        }
        return start(outcome, package: package, in: context)
    }

    /// Answers the prompt sheet: cancelling closes it at once, any other outcome puts the
    /// purchase in flight. Ignored unless the sheet is up.
    public mutating func choose(_ outcome: PurchaseResult, in context: StoreContext) -> [StoreEvent] {
        guard case .confirming = phase, let package = activePackage else { return [] }
        guard outcome != .cancelled else {
            activity.append(.purchaseFailed(package, .cancelled, message: nil))
            finish()
            return []
        }
        return start(outcome, package: package, in: context)
    }

    /// Buys the package whose purchase just failed again; ignored unless a failure is shown.
    public mutating func retry(in context: StoreContext) -> [StoreEvent] {
        guard !isBusy, notice?.isRetryable == true, let package = failedPackage else { return [] }
        return purchase(package, in: context)
    }

    public mutating func dismissNotice() {
        notice = nil
        failedPackage = nil
    }

    // MARK: Restoring

    /// A restore that finished: what it made active again, and everything active after it.
    public struct CompletedRestore: Hashable, Sendable {
        public var date: Date
        /// Entitlement ids that were not active when the restore began.
        public var restored: [String]
        public var active: [String]
    }

    /// Every restore this session finished, in order.
    public private(set) var completedRestores: [CompletedRestore] = []

    /// Starts a restore: busy for `latency`, then it says what changed: "Purchases restored"
    /// naming the entitlements that became active, "Already up to date" when those active were
    /// active before, else "No purchases to restore". Ignored while busy.
    public mutating func restore(in context: StoreContext) -> [StoreEvent] {
        guard !isBusy else { return [] }
        activeBeforeRestore = Set(
            EntitlementResolver.statuses(in: context)
                .filter(\.isActive).map(\.entitlement.id))
        notice = nil
        failedPackage = nil
        busyTime = 0
        phase = .restoring(remaining: latency)
        activity.append(.restoreStarted)
        if latency == 0 { completeRestore(in: context) }
        return []
    }

    // MARK: Time

    /// Lets `seconds` of wall time pass: counts the latency down and, when it runs out,
    /// completes the purchase or restore at `now` (the simulated date of that moment).
    public mutating func tick(seconds: Double, in context: StoreContext) -> [StoreEvent] {
        guard seconds.isFinite, seconds > 0 else { return [] }
        switch phase {
        case .idle, .confirming:
            return []
        case .purchasing(let packageID, let outcome, let remaining):
            busyTime += seconds
            guard remaining - seconds <= 0, let package = activePackage else {
                phase = .purchasing(packageID: packageID, outcome: outcome, remaining: remaining - seconds)
                return []
            }
            return complete(outcome, package: package, in: context)
        case .restoring(let remaining):
            busyTime += seconds
            guard remaining - seconds <= 0 else {
                phase = .restoring(remaining: remaining - seconds)
                return []
            }
            completeRestore(in: context)
            return []
        case .saving(var saving):
            guard saving.isWaitingForLock else { return [] }
            busyTime += seconds
            saving.waited += seconds
            saving.sinceLastAsk += seconds
            if saving.waited >= Self.lockPatience {
                finish()
                notice = .failed(reason: Self.lockTimeoutReason)
                failedPackage = saving.package
                if let package = saving.package {
                    activity.append(.purchaseFailed(package, .notSaved, message: Self.lockTimeoutReason))
                }
                return []
            }
            guard saving.sinceLastAsk >= Self.lockRetryInterval else {
                phase = .saving(saving)
                return []
            }
            saving.sinceLastAsk = 0
            phase = .saving(saving)
            return [.record(saving.transaction)]
        }
    }

    // MARK: Recording

    /// The transaction waiting for the shell to record it, if any.
    public var transactionBeingSaved: LedgerTransaction? {
        if case .saving(let saving) = phase { return saving.transaction }
        return nil
    }

    /// Takes the shell's answer to recording `transactionID`: only a saved transaction is
    /// announced (and celebrated); a refusal or failure says why nothing was bought, and a busy
    /// lock keeps the store waiting, asking again on later ticks. Other answers are ignored.
    public mutating func finishRecording(_ transactionID: String, result: RecordResult) -> [StoreEvent] {
        guard case .saving(var saving) = phase, saving.transaction.id == transactionID else { return [] }
        switch result {
        case .saved:
            finish()
            notice = saving.notice
            if let package = saving.package { activity.append(.purchaseFinished(package, saving.transaction)) }
            return saving.celebrates ? [.celebrate] : []
        case .refused(let refusal, _):
            finish()
            notice = refusal
            failedPackage = refusal.isRetryable ? saving.package : nil
            if let package = saving.package {
                activity.append(.purchaseFailed(package, .refused, message: refusal.message))
            }
            return []
        case .failed(let reason):
            finish()
            // True since purchases are committed: a failure leaves nothing that counts.
            notice = .failed(
                reason: Messages.tr(
                    "Nothing was bought: the purchase could not be saved ({{ reason }}).", ["reason": reason]))
            failedPackage = saving.package
            if let package = saving.package {
                activity.append(.purchaseFailed(package, .notSaved, message: notice?.message))
            }
            return []
        case .busy:
            if !saving.isWaitingForLock { busyTime = 0 }
            saving.isWaitingForLock = true
            saving.sinceLastAsk = 0
            phase = .saving(saving)
            return []
        }
    }

    /// Waits for the shell to record `transaction`, then says `notice`.
    private mutating func save(
        _ transaction: LedgerTransaction, notice: Notice, celebrates: Bool, package: Package?
    ) -> [StoreEvent] {
        phase = .saving(Saving(transaction: transaction, notice: notice, celebrates: celebrates, package: package))
        return [.record(transaction)]
    }

    // MARK: The lifecycle

    /// Plans `action` against the store's context and, when the store agrees, waits for the
    /// shell to record it; a refusal is said in a notice. Ignored while busy.
    public mutating func perform(
        _ action: LifecycleAction, title: String, in context: StoreContext, locale: Locale,
        timeZone: TimeZone
    ) -> [StoreEvent] {
        guard !isBusy else { return [] }
        let lifecycle = StoreLifecycle(
            catalog: context.catalog, calendar: context.calendar, locale: locale, timeZone: timeZone)
        switch lifecycle.plan(action, in: context, transactionID: nextTransactionID(avoiding: context.ledger)) {
        case .success(let step):
            notice = nil
            failedPackage = nil
            return save(
                step.transaction, notice: .changed(title: title, message: step.summary), celebrates: step.celebrates,
                package: nil)
        case .failure(let refusal):
            notice = .refused(message: refusal.message)
            return []
        }
    }

    // MARK: Ask to buy

    /// A parent approves the ask-to-buy request `transactionID`: records the approval, which
    /// grants the product from `now`. Ignored while busy or when no such request waits.
    public mutating func approvePending(transactionID: String, in context: StoreContext) -> [StoreEvent] {
        guard !isBusy, let request = context.ledger.pendingTransactions.first(where: { $0.id == transactionID })
        else {
            return []
        }
        let product = context.catalog.products[request.productID]
        let namedOffer = SubscriptionTimeline.offer(named: request, catalog: context.catalog)
        let approval = LedgerTransaction(
            id: nextTransactionID(avoiding: context.ledger), originalID: request.originalID,
            productID: request.productID, purchaseDate: context.now,
            expiresDate: namedOffer.map { $0.terms.totalDuration.adding(to: context.now, calendar: context.calendar) }
                ?? product.flatMap {
                    EntitlementResolver.firstPeriodEnd(
                        of: $0, offer: request.offer, from: context.now, calendar: context.calendar)
                },
            offer: request.offer, state: .approved, willRenew: product?.type == .autoRenewable, appliesTo: request.id,
            offerKind: request.offerKind, offerID: request.offerID)
        return save(
            approval, notice: .approved(productName: product?.localizedTitle ?? request.productID), celebrates: true,
            package: nil)
    }

    /// A parent declines the ask-to-buy request `transactionID`: records the decline, which
    /// grants nothing. Ignored while busy or when no such request waits.
    public mutating func declinePending(transactionID: String, in context: StoreContext) -> [StoreEvent] {
        guard !isBusy, let request = context.ledger.pendingTransactions.first(where: { $0.id == transactionID })
        else {
            return []
        }
        let decline = LedgerTransaction(
            id: nextTransactionID(avoiding: context.ledger), originalID: request.originalID,
            productID: request.productID, purchaseDate: context.now, offer: request.offer, state: .declined,
            appliesTo: request.id)
        let name = context.catalog.products[request.productID]?.localizedTitle ?? request.productID
        return save(decline, notice: .declined(productName: name), celebrates: false, package: nil)
    }

    // MARK: Steps

    private mutating func start(_ outcome: PurchaseResult, package: Package, in context: StoreContext) -> [StoreEvent] {
        phase = .purchasing(packageID: package.identifier, outcome: outcome, remaining: latency)
        guard latency == 0 else { return [] }
        return complete(outcome, package: package, in: context)
    }

    private mutating func complete(_ outcome: PurchaseResult, package: Package, in context: StoreContext)
        -> [StoreEvent]
    {
        finish()
        let product = package.product
        switch outcome {
        case .success:
            let transaction = newPurchase(of: product, state: .purchased, in: context)
            return save(
                transaction, notice: .purchased(productName: product.localizedTitle), celebrates: true,
                package: package)
        case .failure(let reason):
            notice = .failed(reason: reason)
            failedPackage = package
            activity.append(.purchaseFailed(package, .failed, message: reason))
            return []
        case .cancelled:
            activity.append(.purchaseFailed(package, .cancelled, message: nil))
            return []
        case .pending:
            let request = newPurchase(of: product, state: .pending, in: context)
            return save(
                request, notice: .awaitingApproval(productName: product.localizedTitle), celebrates: false,
                package: package)
        }
    }

    private mutating func completeRestore(in context: StoreContext) {
        finish()
        let active = EntitlementResolver.statuses(in: context)
            .filter(\.isActive).map(\.entitlement)
        let regained = active.filter { !activeBeforeRestore.contains($0.id) }
        let restore = CompletedRestore(date: context.now, restored: regained.map(\.id), active: active.map(\.id))
        completedRestores.append(restore)
        activity.append(.restoreFinished(restore))
        if active.isEmpty {
            notice = .nothingToRestore
        } else if regained.isEmpty {
            notice = .alreadyActive(entitlements: active.map(\.displayName))
        } else {
            notice = .restored(entitlements: regained.map(\.displayName))
        }
    }

    /// What happened since the last call, oldest first; the store forgets it.
    public mutating func takeActivity() -> [StoreActivity] {
        defer { activity = [] }
        return activity
    }

    private mutating func finish() {
        phase = .idle
        activePackage = nil
        busyTime = 0
    }
}
