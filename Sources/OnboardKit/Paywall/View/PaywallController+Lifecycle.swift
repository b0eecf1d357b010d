import FoundationEssentials

/// The subscription lifecycle on the paywall: plan changes and what Enter does to the current
/// plan, each after a confirmation, and the words the rows say about them.
extension PaywallController {
    // MARK: Enter on a package

    /// Buys `package`, or first asks when the purchase changes a plan, turns a renewal back on,
    /// or pays for what an active subscription already gives: one keypress never charges twice.
    mutating func buyOrConfirm(_ package: Package) -> [StoreEvent] {
        let product = package.product
        let snapshot = entitlements.snapshot
        // Chosen already: it takes over at the renewal; the current plan's row calls it off.
        if snapshot.scheduledProductIDs.contains(product.id) { return [] }
        if let change = snapshot.planChanges[product.id] {
            open(.confirmation(planChangeConfirmation(to: product, change)))
            return []
        }
        if snapshot.resumableProductIDs.contains(product.id) {
            open(.confirmation(resumeConfirmation(of: product)))
            return []
        }
        if product.type == .autoRenewable,
            case .inBillingRetry(let since) = GroupStanding(groupOf: product, in: context).current?.state
        {
            store.notice = .refused(
                message: Messages.tr(
                    "The payment failed on {{ date }}: resolve it in the transaction manager, or cancel, before buying in this group.",
                    ["date": day(since)]))
            return []
        }
        if let access = snapshot.alreadyEntitled[product.id] {
            open(.confirmation(alreadyActiveConfirmation(of: package, access: access)))
            return []
        }
        return store.purchase(package, in: context)
    }

    /// The box asking before a change of plan to `product`, now or at the renewal.
    func planChangeConfirmation(to product: Product, _ change: PlanChangeOffer) -> PaywallConfirmation {
        let from = SafeText.sanitize(catalog.products[change.currentProductID]?.localizedTitle ?? "")
        let values = [
            "from": from, "to": SafeText.sanitize(product.localizedTitle),
            "price": formatter.pricePerPeriod(of: product),
        ]
        let message: String
        let label: String
        if change.isImmediate {
            label = change.change == .upgrade ? Messages.tr("Upgrade") : Messages.tr("Switch")
            message = immediateChangeMessage(to: product, change, values: values)
        } else {
            label = Messages.tr("Change plan")
            message =
                change.effectiveDate.map {
                    Messages.tr(
                        "Change from {{ from }} to {{ to }} on {{ date }}? {{ from }} stays until then; {{ to }} renews at {{ price }} from that day.",
                        values.merging(["date": day($0)]) { $1 })
                }
                ?? Messages.tr(
                    "Change from {{ from }} to {{ to }} at the next renewal? {{ from }} stays until then; {{ to }} renews at {{ price }} from that day.",
                    values)
        }
        return PaywallConfirmation(
            title: change.isImmediate ? Messages.tr("Change plan now") : Messages.tr("Change plan at renewal"),
            message: message,
            confirmLabel: label,
            action: .lifecycle(.buy(productID: product.id, offerID: nil), doneTitle: Messages.tr("Plan changed")))
    }

    /// What an upgrade or a switch now says: the refund of the unused part, as the store would
    /// record it now, where it has one.
    func immediateChangeMessage(to product: Product, _ change: PlanChangeOffer, values: [String: String]) -> String {
        let lifecycle = StoreLifecycle(catalog: catalog, calendar: calendar, locale: locale, timeZone: timeZone)
        let refund =
            (try? lifecycle.plan(
                .buy(productID: product.id, offerID: nil), in: context,
                transactionID: "?"
            ).get())?.transaction.proratedRefund.flatMap { Decimal(string: $0) }
        let currency = catalog.products[change.currentProductID]?.currencyCode ?? product.currencyCode
        let values = values.merging(
            ["refund": refund.map { formatter.string(for: $0, currencyCode: currency) } ?? ""]) { $1 }
        switch (change.change == .upgrade, refund != nil) {
        case (true, true):
            return Messages.tr(
                "Upgrade from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} ({{ refund }}) is refunded.",
                values)
        case (true, false):
            return Messages.tr(
                "Upgrade from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} is refunded.",
                values)
        case (false, true):
            return Messages.tr(
                "Switch from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} ({{ refund }}) is refunded.",
                values)
        case (false, false):
            return Messages.tr(
                "Switch from {{ from }} to {{ to }} now, at {{ price }}? The unused part of {{ from }} is refunded.",
                values)
        }
    }

    /// The box asking before `product`'s renewal is turned back on, or a change to another plan
    /// called off.
    func resumeConfirmation(of product: Product) -> PaywallConfirmation {
        let name = SafeText.sanitize(product.localizedTitle)
        let status = statuses.first { $0.productID == product.id }
        let pending = status?.subscription?.pendingProductID.flatMap { catalog.products[$0]?.localizedTitle }
        let message =
            pending.map {
                Messages.tr(
                    "Stay on {{ name }}? The change to {{ other }} is called off.",
                    ["name": name, "other": SafeText.sanitize($0)])
            }
            ?? Messages.tr(
                "Turn auto-renew of {{ name }} back on? It renews at {{ price }}.",
                ["name": name, "price": formatter.pricePerPeriod(of: product)])
        return PaywallConfirmation(
            title: pending == nil ? Messages.tr("Resume subscription") : Messages.tr("Keep your plan"),
            message: message,
            confirmLabel: pending == nil ? Messages.tr("Resume") : Messages.tr("Keep plan"),
            action: .lifecycle(.buy(productID: product.id, offerID: nil), doneTitle: Messages.tr("Subscription kept")))
    }

    /// The box asking before buying `package` when what it grants is active already (until
    /// `access`, when that ends).
    func alreadyActiveConfirmation(of package: Package, access: Date?) -> PaywallConfirmation {
        let names = catalog.entitlements(grantedBy: package.product.id).filter { entitlement in
            statuses.contains { $0.entitlement.id == entitlement.id && $0.isActive }
        }.map { SafeText.sanitize($0.displayName) }
        let values = ["entitlements": Messages.list(names), "name": SafeText.sanitize(package.product.localizedTitle)]
        return PaywallConfirmation(
            title: Messages.tr("Already active"),
            message: access.map {
                Messages.tr(
                    "You have {{ entitlements }} until {{ date }}: buy {{ name }} anyway?",
                    values.merging(["date": day($0)]) { $1 })
            } ?? Messages.tr("You have {{ entitlements }}: buy {{ name }} anyway?", values),
            confirmLabel: Messages.tr("Buy anyway"), action: .purchase(package))
    }

    /// An action on the confirmation, on top: Enter does what it asked about, Escape leaves
    /// everything as it was.
    mutating func performOnConfirmation(_ action: KeyAction?, asked: PaywallConfirmation) -> [StoreEvent] {
        switch action {
        case .confirm:
            closeOwnBox()
            switch asked.action {
            case .lifecycle(let lifecycleAction, let title):
                return store.perform(lifecycleAction, title: title, in: context, locale: locale, timeZone: timeZone)
            case .purchase(let package):
                return store.purchase(package, in: context)
            }
        case .close:
            closeOwnBox()
        default:
            break
        }
        return []
    }

    // MARK: Words

    /// What the rows say about plan changes, renewals to restore and win-back offers.
    func lifecycleWords(_ snapshot: EntitlementSnapshot) -> PaywallLifecycleText {
        var text = PaywallLifecycleText()
        for (id, change) in snapshot.planChanges {
            text.planChangeTags[id] = change.tag(day: day)
            let name = SafeText.sanitize(catalog.products[id]?.localizedTitle ?? id)
            if snapshot.scheduledProductIDs.contains(id) {
                text.planChangeCalls[id] =
                    change.effectiveDate.map {
                        Messages.tr("Changes to {{ name }} on {{ date }}", ["name": name, "date": day($0)])
                    }
                    ?? Messages.tr("Changes to {{ name }} at renewal", ["name": name])
                text.buyLabels[id] = ""
            } else if change.isImmediate {
                text.planChangeCalls[id] =
                    change.change == .upgrade
                    ? Messages.tr("Upgrade to {{ name }} now", ["name": name])
                    : Messages.tr("Switch to {{ name }} now", ["name": name])
                text.buyLabels[id] = change.change == .upgrade ? Messages.tr("upgrade") : Messages.tr("switch")
            } else {
                text.planChangeCalls[id] =
                    change.effectiveDate.map {
                        Messages.tr("Change to {{ name }} on {{ date }}", ["name": name, "date": day($0)])
                    }
                    ?? Messages.tr("Change to {{ name }} at renewal", ["name": name])
                text.buyLabels[id] = Messages.tr("change plan")
            }
        }
        for id in snapshot.resumableProductIDs {
            let pending = statuses.first { $0.productID == id }?.subscription?.pendingProductID
            text.resumeCalls[id] = pending == nil ? Messages.tr("Resume auto-renew") : Messages.tr("Keep this plan")
            text.buyLabels[id] = pending == nil ? Messages.tr("resume") : Messages.tr("keep plan")
        }
        for (id, offer) in snapshot.winBackOffers {
            guard let product = catalog.products[id] else { continue }
            let terms = offer.terms
            let duration = terms.totalDuration.description
            text.winBackOffers[id] =
                switch terms.paymentMode {
                case .freeTrial:
                    Messages.tr(
                        "Welcome back: {{ duration }} free, then {{ price }}",
                        ["duration": duration, "price": formatter.pricePerPeriod(of: product)])
                case .payUpFront:
                    Messages.tr(
                        "Welcome back: {{ offer_price }} for {{ duration }}",
                        [
                            "duration": duration,
                            "offer_price": formatter.string(for: terms.price, currencyCode: product.currencyCode),
                        ])
                case .payAsYouGo:
                    Messages.tr(
                        "Welcome back: {{ offer_price }} a period for {{ duration }}",
                        [
                            "duration": duration,
                            "offer_price": formatter.string(for: terms.price, currencyCode: product.currencyCode),
                        ])
                }
        }
        return text
    }

    func day(_ date: Date) -> String { EntitlementStatus.day(date, locale: locale, timeZone: timeZone) }
}
