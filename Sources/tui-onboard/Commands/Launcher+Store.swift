import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `store ACTION`: the simulated store driven from the command line, as `SKTestSession` drives
/// StoreKit testing. Every action is planned by `StoreLifecycle` and recorded through the same
/// gate, lock and ledger as the paywall's purchases.
extension Launcher {
    func store(_ action: Options.StoreAction) -> Int32 {
        let subject: Subject
        switch self.subject() {
        case .success(let found): subject = found
        case .failure(let status): return status.code
        }
        guard let catalog = subject.catalog else {
            printError("no catalog to act on; pass the app's --deck FILE (whose catalog is used) or --catalog FILE")
            return ExitCode.usage
        }
        let ledgerFile = LedgerFile(directory: runLedgerDirectory)
        // Listing only looks, as status does: damage is reported, never repaired. Acting loads as
        // a run does: the sandbox directory is made the first time, damage salvaged.
        let loaded: Result<Ledger, ExitStatus> =
            action == .transactions ? readLedger(in: runLedgerDirectory) : loadLedger(from: ledgerFile)
        guard case .success(let ledger) = loaded else {
            if case .failure(let status) = loaded { return status.code }
            return ExitCode.ioError
        }
        warnOfImpossibleTransactions(in: ledger, catalog: catalog, directory: runLedgerDirectory)
        let context = StoreContext(catalog: catalog, ledger: ledger, now: subject.now, calendar: Self.storeCalendar)
        let lifecycle = StoreLifecycle(
            catalog: catalog, calendar: Self.storeCalendar, locale: userLocale,
            timeZone: TimeZone.current)
        let lifecycleAction: LifecycleAction
        switch self.lifecycleAction(for: action) {
        case .success(.some(let planned)): lifecycleAction = planned
        case .success(.none): return listTransactions(context, appID: subject.appID)
        case .failure(let status): return status.code
        }
        // Planned first against the ledger as loaded, to refuse without waiting for the lock;
        // then again under the lock, where it is recorded only if it still holds.
        if case .failure(let refusal) = lifecycle.plan(
            lifecycleAction, in: context, transactionID: Self.newTransactionID(avoiding: ledger))
        {
            printError("\(refusal.message); nothing was recorded")
            return ExitStatus(for: refusal).code
        }
        let gate = PurchaseGate(catalog: catalog, calendar: Self.storeCalendar)
        do {
            let result = try ledgerFile.record(wait: .patiently, gate: gate) { current in
                lifecycle.plan(
                    lifecycleAction,
                    in: StoreContext(catalog: catalog, ledger: current, now: subject.now, calendar: Self.storeCalendar),
                    transactionID: Self.newTransactionID(avoiding: current))
            }
            return report(result)
        } catch {
            printError("\(error); nothing was recorded")
            return ExitStatus(for: error).code
        }
    }

    /// Says what recording a step did. A step that is committed exits 0, or `recordedUnconfirmed`
    /// when the disk did not confirm it or its summary cannot be written: it counts all the
    /// same, and a script that ran the action again would act twice.
    private func report(_ result: PlannedRecord) -> Int32 {
        switch result {
        case .saved(let step, _, let unconfirmed):
            let written = writeOutput(SafeText.sanitize(step.summary) + "\n")
            if let unconfirmed {
                printError("recorded, but the disk did not confirm it will survive a power cut: \(unconfirmed)")
                return ExitCode.recordedUnconfirmed
            }
            guard written == ExitCode.success else {
                printError("recorded all the same; running it again would act twice")
                return ExitCode.recordedUnconfirmed
            }
            return ExitCode.success
        case .refused(let refusal, _):
            printError("\(refusal.message) (another tui-onboard recorded something first); nothing was recorded")
            return ExitStatus(for: refusal).code
        case .busy:
            printError("another tui-onboard kept the purchase ledger locked; nothing was recorded")
            return ExitCode.ioError
        }
    }

    private func loadLedger(from file: LedgerFile) -> Result<Ledger, ExitStatus> {
        do {
            return .success(try file.load(wait: .patiently))
        } catch {
            printError("\(error)")
            return .failure(ExitStatus(for: error))
        }
    }

    /// The lifecycle action the command line asks for; nil for `store transactions`.
    private func lifecycleAction(for action: Options.StoreAction) -> Result<LifecycleAction?, ExitStatus> {
        switch action {
        case .transactions: return .success(nil)
        case .buy(let product): return .success(.buy(productID: product, offerID: options.storeAction.offerID))
        case .cancel(let product): return .success(.cancel(productID: product))
        case .uncancel(let product): return .success(.uncancel(productID: product))
        case .refund(let transaction):
            return .success(
                .refund(
                    transactionID: transaction, reason: options.storeAction.refundReason,
                    revoke: options.storeAction.revokes))
        case .billingIssue(let product): return .success(.billingIssue(productID: product))
        case .resolve(let product): return .success(.resolve(productID: product))
        case .redeem(let code): return .success(.redeem(code: code))
        case .priceIncrease(let product, let priceText):
            if let agree = options.storeAction.priceAnswer {
                guard priceText == nil, !options.storeAction.needsConsent else {
                    printError("store price-increase takes a PRICE (and --consent) or --agree or --decline, not both")
                    return .failure(ExitStatus(code: ExitCode.usage))
                }
                return .success(.answerPriceIncrease(productID: product, agree: agree))
            }
            guard let priceText else {
                printError("store price-increase needs a PRICE such as 5.99, or --agree or --decline")
                return .failure(ExitStatus(code: ExitCode.usage))
            }
            // Up to 999,999,999 and some cents: a price, not a number that overflows a display.
            guard priceText.utf8.count <= 20, priceText.wholeMatch(of: /[0-9]{1,9}(\.[0-9]+)?/) != nil,
                let price = Decimal(string: priceText), price > 0
            else {
                printError(
                    "store price-increase: \"\(SafeText.excerpt(priceText))\" is not a price such as 5.99 (up to 999999999)"
                )
                return .failure(ExitStatus(code: ExitCode.usage))
            }
            return .success(.priceIncrease(productID: product, price: price, consent: options.storeAction.needsConsent))
        }
    }

    /// "T" and 16 hex digits from the system's generator, none already in the ledger.
    static func newTransactionID(avoiding ledger: Ledger) -> String {
        var generator = SystemRandomNumberGenerator()
        let taken = Set(ledger.transactions.map(\.id))
        while true {
            let id = "T" + String(zeroPadded: generator.next(), radix: 16, width: 16, uppercase: true)
            if !taken.contains(id) { return id }
        }
    }

    private func listTransactions(_ context: StoreContext, appID: String) -> Int32 {
        let rows = TransactionListing(catalog: context.catalog, calendar: context.calendar)
            .rows(of: context.ledger, at: context.now)
        let listing = TransactionTable(
            rows: rows, now: context.now, isSandbox: runsInSandbox, locale: userLocale,
            timeZone: TimeZone.current, currencies: context.catalog.products.mapValues(\.currencyCode))
        return writeOutput(options.output.isJSON ? listing.json() : listing.text(appID: appID))
    }
}
