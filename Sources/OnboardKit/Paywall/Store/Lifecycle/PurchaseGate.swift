import FoundationEssentials

/// Whether a transaction may still be recorded, judged against the ledger as it stands on
/// disk at the moment of writing.
///
/// The shell asks it while holding the ledger's lock, between reading the ledger and appending
/// to it, so that two instances finishing the same purchase at once cannot both record it: the
/// second finds the first's line and is refused. The simulated store asks the same question
/// before it starts a purchase, from the ledger it knows.
public struct PurchaseGate: Sendable {
    public let catalog: Catalog
    public let calendar: Calendar

    public init(catalog: Catalog, calendar: Calendar) {
        self.catalog = catalog
        self.calendar = calendar
    }

    /// Why `transaction` must not be recorded on top of `ledger`, or nil when it may be.
    /// Its own purchase date is the moment it is judged at.
    public func refusal(of transaction: LedgerTransaction, in ledger: Ledger) -> StoreSimulator.Notice? {
        if ledger.transaction(id: transaction.id) != nil {
            return .failed(
                reason: Messages.tr("Another purchase was recorded under the same transaction ID. Nothing was bought."))
        }
        if transaction.offerKind == SubscriptionOffer.Kind.code.rawValue, let code = transaction.offerID,
            ledger.transactions.contains(where: {
                $0.offerKind == transaction.offerKind && $0.offerID?.uppercased() == code.uppercased()
            })
        {
            return .failed(
                reason: Messages.tr(
                    "The code {{ code }} was redeemed in another window already. Nothing was changed.", ["code": code]))
        }
        switch transaction.state {
        case .purchased where transaction.planChange != nil:
            return staleness(of: transaction, in: ledger) ?? replanning(transaction, in: ledger)
        case .refunded, .revoked:
            let target = transaction.appliesTo
            if ledger.transactions.contains(where: { $0.withdrawsAccess && $0.appliesTo == target && target != nil }) {
                return .failed(
                    reason: Messages.tr("That payment was refunded in another window already. Nothing was changed."))
            }
            // A payment a plan change replaced since it was planned (whatever the dates): the
            // refund would end the new plan too.
            if let target, let latest = latestGrant(of: transaction, in: ledger), latest.planChange != nil,
                target != latest.id, !target.hasPrefix(latest.id + ".")
            {
                return .failed(reason: Messages.tr("That payment was replaced by a plan change. Nothing was changed."))
            }
            return replanning(transaction, in: ledger)
        case .renewalCancelled, .renewalResumed, .planChangeScheduled, .planChangeCancelled, .billingIssue,
            .billingResolved, .priceIncrease, .priceIncreaseAgreed, .priceIncreaseDeclined, .offerScheduled:
            return staleness(of: transaction, in: ledger) ?? replanning(transaction, in: ledger)
        case .purchased where transaction.appliesTo == nil, .pending:
            guard let product = catalog.products[transaction.productID] else { return nil }
            return refusal(ofBuying: product, in: ledger, at: transaction.purchaseDate)
        case .approved, .declined:
            // An answer to an ask-to-buy request counts once: a second answer (from another
            // instance) would approve the same request twice.
            guard let request = transaction.appliesTo,
                !ledger.pendingTransactions.contains(where: { $0.id == request })
            else { return nil }
            let name = catalog.products[transaction.productID]?.localizedTitle ?? transaction.productID
            return .alreadyAnswered(productName: name)
        default:
            return nil
        }
    }

    /// Why `product` cannot be bought at `now` given `ledger`: already owned, a subscription of
    /// its group already active, or a request for it still waiting for approval.
    ///
    /// Every recorded transaction counts here, even one dated after `now`: instances started
    /// with `--now` a moment apart have clocks a moment apart, and the one behind must not sell
    /// again what the one ahead recorded (entitlements still count a purchase only from its date).
    public func refusal(ofBuying product: Product, in ledger: Ledger, at now: Date) -> StoreSimulator.Notice? {
        let context = StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar)
        let records = PurchaseRecords(everythingRecordedIn: ledger, catalog: catalog)
        switch product.type {
        case .consumable, .nonRenewing:
            return nil
        case .nonConsumable:
            if EntitlementResolver.access(toProduct: product.id, records: records, in: context)?.state == .lifetime {
                return .alreadyOwned
            }
        case .autoRenewable:
            let active = EntitlementResolver.activeSubscription(for: product, records: records, in: context)
            if active != nil { return .alreadySubscribed }
            // A subscription whose payment is being retried is still the customer's: a second
            // one in the group would be paid for alongside it.
            if case .inBillingRetry = GroupStanding(groupOf: product, in: context).current?.state {
                return .refused(
                    message: Messages.tr(
                        "The payment for your subscription is failing: update billing, or cancel it first."))
            }
        }
        // A second request while one waits could end in two approved purchases.
        if EntitlementResolver.hasPendingRequest(for: product, catalog: catalog, ledger: ledger) {
            return .awaitingApproval(productName: product.localizedTitle)
        }
        return nil
    }

    /// Why a plan change or lifecycle event planned against an older ledger must not be
    /// recorded: the subscription it acts on changed plan since (another window upgraded it),
    /// or it is no longer current. Nil when it still acts on the latest grant.
    func staleness(of transaction: LedgerTransaction, in ledger: Ledger) -> StoreSimulator.Notice? {
        guard let target = transaction.appliesTo else { return nil }
        guard latestGrant(of: transaction, in: ledger)?.id == target else {
            return .failed(
                reason: Messages.tr("The subscription changed in another window. Nothing was changed; look again."))
        }
        // Refunded or revoked since it was planned, whatever the refund's date says.
        if ledger.transactions.contains(where: {
            $0.withdrawsAccess && ($0.appliesTo == target || $0.appliesTo?.hasPrefix(target + ".") == true)
        }) {
            return .failed(reason: Messages.tr("The subscription was refunded in another window. Nothing was changed."))
        }
        if transaction.state == .purchased, let product = catalog.products[transaction.productID] {
            let context = StoreContext(
                catalog: catalog, ledger: ledger, now: transaction.purchaseDate, calendar: calendar)
            guard GroupStanding(groupOf: product, in: context).current?.originalID == transaction.originalID else {
                return .failed(reason: Messages.tr("The subscription is no longer current. Nothing was changed."))
            }
        }
        return nil
    }

    /// Why a lifecycle step planned against an older ledger must not be recorded on `ledger`:
    /// planned again now, at its own date and under its own ID, the store refuses it or would
    /// record something else (a cancel after another window cancelled, a resolve after a
    /// cancel, a consent price increase over one the customer was only told of). Every
    /// precondition of `StoreLifecycle` is asked again here, under the ledger's lock, so no two
    /// steps planned at once are both recorded in an order that no sequence of them allows.
    func replanning(_ transaction: LedgerTransaction, in ledger: Ledger) -> StoreSimulator.Notice? {
        guard let action = LifecycleAction(replaying: transaction) else { return nil }
        let context = StoreContext(catalog: catalog, ledger: ledger, now: transaction.purchaseDate, calendar: calendar)
        let planned = StoreLifecycle(catalog: catalog, calendar: calendar)
            .plan(action, in: context, transactionID: transaction.id)
        if case .success(let step) = planned, step.transaction == transaction { return nil }
        return .failed(
            reason: Messages.tr("The subscription changed in another window. Nothing was changed; look again."))
    }

    /// The latest grant of the purchase `transaction` belongs to, by its original ID.
    private func latestGrant(of transaction: LedgerTransaction, in ledger: Ledger) -> LedgerTransaction? {
        ledger.transactions.last { $0.grantsAccess && $0.originalID == transaction.originalID }
    }
}
