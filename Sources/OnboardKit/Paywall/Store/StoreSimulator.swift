import Foundation

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
    public static let simulatedFailureReason =
        "The payment could not be completed (simulated failure). No money was taken."

    public let mode: SimulationMode
    /// Seconds a purchase or restore takes.
    public let latency: Double
    public private(set) var phase: Phase = .idle
    /// What the paywall shows after the last operation; nil once dismissed.
    public var notice: Notice?
    /// The package the prompt sheet asks about or whose purchase is in flight.
    public private(set) var activePackage: Package?
    /// The package whose purchase failed last, for `retry`.
    public private(set) var failedPackage: Package?
    private var busyTime: Double = 0
    /// The source of transaction IDs.
    var generator: SeededGenerator

    /// - Parameter latency: seconds each purchase and restore takes; negative or non-finite
    ///   values count as 0 (done at once).
    public init(mode: SimulationMode, latency: Double, seed: UInt64) {
        self.mode = mode
        self.latency = latency.isFinite ? max(0, latency) : 0
        generator = SeededGenerator(seed: seed)
    }

    /// True while the prompt sheet is up or a purchase or restore is in progress.
    public var isBusy: Bool { phase != .idle }

    /// True while a latency countdown runs, so the app keeps ticking.
    public var isAnimating: Bool {
        switch phase {
        case .purchasing, .restoring: return true
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
    public mutating func purchase(_ package: Package, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar)
        -> [StoreEvent]
    {
        guard !isBusy else { return [] }
        if let refusal = refusal(of: package.product, catalog: catalog, ledger: ledger, now: now, calendar: calendar) {
            notice = refusal
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
        return start(outcome, package: package, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
    }

    /// Answers the prompt sheet: cancelling closes it at once, any other outcome puts the
    /// purchase in flight. Ignored unless the sheet is up.
    public mutating func choose(_ outcome: Outcome, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar)
        -> [StoreEvent]
    {
        guard case .confirming = phase, let package = activePackage else { return [] }
        guard outcome != .cancelled else {
            finish()
            return []
        }
        return start(outcome, package: package, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
    }

    /// Buys the package whose purchase just failed again; ignored unless a failure is shown.
    public mutating func retry(catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar) -> [StoreEvent] {
        guard !isBusy, notice?.isRetryable == true, let package = failedPackage else { return [] }
        return purchase(package, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
    }

    public mutating func dismissNotice() {
        notice = nil
        failedPackage = nil
    }

    // MARK: Restoring

    /// Starts a restore: busy for `latency`, then "Purchases restored" when any entitlement is
    /// active at that moment, else "No purchases to restore". Ignored while busy.
    public mutating func restore(ledger: Ledger, catalog: Catalog, now: Date, calendar: Calendar) -> [StoreEvent] {
        guard !isBusy else { return [] }
        notice = nil
        failedPackage = nil
        busyTime = 0
        phase = .restoring(remaining: latency)
        if latency == 0 { completeRestore(catalog: catalog, ledger: ledger, now: now, calendar: calendar) }
        return []
    }

    // MARK: Time

    /// Lets `seconds` of wall time pass: counts the latency down and, when it runs out,
    /// completes the purchase or restore at `now` (the simulated date of that moment).
    public mutating func tick(seconds: Double, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar)
        -> [StoreEvent]
    {
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
            return complete(outcome, package: package, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
        case .restoring(let remaining):
            busyTime += seconds
            guard remaining - seconds <= 0 else {
                phase = .restoring(remaining: remaining - seconds)
                return []
            }
            completeRestore(catalog: catalog, ledger: ledger, now: now, calendar: calendar)
            return []
        }
    }

    // MARK: Ask to buy

    /// A parent approves the ask-to-buy request `transactionID`: records the approval, which
    /// grants the product from `now`. Ignored while busy or when no such request waits.
    public mutating func approvePending(
        transactionID: String, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar
    ) -> [StoreEvent] {
        guard !isBusy, let request = ledger.pendingTransactions.first(where: { $0.id == transactionID }) else {
            return []
        }
        let product = catalog.products[request.productID]
        let approval = LedgerTransaction(
            id: nextTransactionID(avoiding: ledger), originalID: request.originalID, productID: request.productID,
            purchaseDate: now,
            expiresDate: product.flatMap {
                EntitlementResolver.firstPeriodEnd(of: $0, offer: request.offer, from: now, calendar: calendar)
            },
            offer: request.offer, state: .approved, willRenew: product?.type == .autoRenewable, appliesTo: request.id)
        notice = .approved(productName: product?.localizedTitle ?? request.productID)
        return [.record(approval), .celebrate]
    }

    /// A parent declines the ask-to-buy request `transactionID`: records the decline, which
    /// grants nothing. Ignored while busy or when no such request waits.
    public mutating func declinePending(transactionID: String, catalog: Catalog, ledger: Ledger, now: Date)
        -> [StoreEvent]
    {
        guard !isBusy, let request = ledger.pendingTransactions.first(where: { $0.id == transactionID }) else {
            return []
        }
        let decline = LedgerTransaction(
            id: nextTransactionID(avoiding: ledger), originalID: request.originalID, productID: request.productID,
            purchaseDate: now, offer: request.offer, state: .declined, appliesTo: request.id)
        notice = .declined(productName: catalog.products[request.productID]?.localizedTitle ?? request.productID)
        return [.record(decline)]
    }

    // MARK: Steps

    private func refusal(of product: Product, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar)
        -> Notice?
    {
        switch product.type {
        case .consumable, .nonRenewing:
            return nil
        case .nonConsumable:
            if EntitlementResolver.isOwned(product, catalog: catalog, ledger: ledger, now: now, calendar: calendar) {
                return .alreadyOwned
            }
        case .autoRenewable:
            let active = EntitlementResolver.activeSubscription(
                for: product, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
            if active != nil { return .alreadySubscribed }
        }
        // A second request while one waits could end in two approved purchases.
        if EntitlementResolver.hasPendingRequest(for: product, catalog: catalog, ledger: ledger) {
            return .awaitingApproval(productName: product.localizedTitle)
        }
        return nil
    }

    private mutating func start(
        _ outcome: Outcome, package: Package, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar
    ) -> [StoreEvent] {
        phase = .purchasing(packageID: package.identifier, outcome: outcome, remaining: latency)
        guard latency == 0 else { return [] }
        return complete(outcome, package: package, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
    }

    private mutating func complete(
        _ outcome: Outcome, package: Package, catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar
    ) -> [StoreEvent] {
        finish()
        let product = package.product
        switch outcome {
        case .success:
            let transaction = newPurchase(
                of: product, state: .purchased, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
            notice = .purchased(productName: product.localizedTitle)
            return [.record(transaction), .celebrate]
        case .failure(let reason):
            notice = .failed(reason: reason)
            failedPackage = package
            return []
        case .cancelled:
            return []
        case .pending:
            let request = newPurchase(
                of: product, state: .pending, catalog: catalog, ledger: ledger, now: now, calendar: calendar)
            notice = .awaitingApproval(productName: product.localizedTitle)
            return [.record(request)]
        }
    }

    private mutating func completeRestore(catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar) {
        finish()
        let count = EntitlementResolver.activeEntitlementCount(
            catalog: catalog, ledger: ledger, now: now, calendar: calendar)
        notice = count > 0 ? .restored(count: count) : .nothingToRestore
    }

    private mutating func finish() {
        phase = .idle
        activePackage = nil
        busyTime = 0
    }
}
