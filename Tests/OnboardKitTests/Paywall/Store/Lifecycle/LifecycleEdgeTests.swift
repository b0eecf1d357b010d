import Foundation
import Testing

@testable import OnboardKit

/// The corners where two actions meet: a refund and a plan change planned against the same
/// ledger, a cancel while payment fails, an offer waiting when the plan changes, a declined
/// price increase turned back on, buying during billing retry, and ledgers that would list for
/// minutes.
@Suite struct LifecycleEdgeTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    static let gate = PurchaseGate(catalog: L.catalog(), calendar: F.calendar)

    @Test func aRefundOfAPaymentAnUpgradeReplacedIsRefusedAndWouldNotEndTheNewPlan() throws {
        var customer = L.Customer()
        customer.buy("bronze.monthly")
        customer.now = F.date(2026, 1, 15)
        // Planned before the upgrade is recorded, as another window would.
        let refund = try customer.lifecycle.plan(
            .refund(transactionID: "T1", reason: nil, revoke: false), in: customer.context, transactionID: "R"
        ).get()
        customer.buy("gold.monthly")
        #expect(Self.gate.refusal(of: refund.transaction, in: customer.ledger) != nil)
        // Written anyway (by hand), it ends nothing of the upgrade.
        customer.ledger.append(refund.transaction)
        #expect(customer.pro.productID == "gold.monthly")
        #expect(customer.pro.isActive)
    }

    @Test func anUpgradeOverAPaymentRefundedSinceIsRefusedWhateverTheDates() throws {
        var customer = L.Customer()
        customer.buy("bronze.monthly")
        customer.now = F.date(2026, 1, 12)
        let upgrade = try customer.lifecycle.plan(
            .buy(productID: "gold.monthly", offerID: nil), in: customer.context, transactionID: "U"
        ).get()
        customer.now = F.date(2026, 1, 20)
        customer.must(.refund(transactionID: "T1", reason: nil, revoke: false))
        #expect(Self.gate.refusal(of: upgrade.transaction, in: customer.ledger) != nil)
    }

    @Test func cancellingInTheGracePeriodThenTurningItBackOnKeepsRetrying() throws {
        var customer = L.Customer()
        customer.buy("gold.monthly")
        customer.must(.billingIssue(productID: "gold.monthly"))
        customer.now = F.date(2026, 2, 12)
        customer.must(.cancel(productID: "gold.monthly"))
        #expect(customer.pro.subscription?.willRenew == false)
        #expect(customer.refusal(.resolve(productID: "gold.monthly"))?.message.contains("turn it on first") == true)
        customer.now = F.date(2026, 2, 14)
        customer.must(.uncancel(productID: "gold.monthly"))
        #expect(customer.pro.state == .inGracePeriod(until: F.date(2026, 2, 26)))
        #expect(customer.pro.subscription?.willRenew == true)
        customer.now = F.date(2026, 2, 20)
        customer.must(.resolve(productID: "gold.monthly"))
        #expect(customer.pro.state == .active(until: F.date(2026, 3, 10), willRenew: true))
    }

    @Test func aPlanChangeAtRenewalIsRefusedWhileAnOfferWaitsForIt() {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.now = F.date(2026, 1, 20)
        customer.must(.buy(productID: "silver.monthly", offerID: "SAVE50"))
        #expect(customer.refusal(.buy(productID: "bronze.monthly", offerID: nil))?.message.contains("SAVE50") == true)
        // An upgrade still goes at once, the offer given up with the old plan.
        customer.must(.buy(productID: "gold.monthly", offerID: nil))
        #expect(customer.pro.productID == "gold.monthly")
    }

    @Test func anOfferForThePlanIsRefusedWhileAChangeToAnotherWaits() {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.now = F.date(2026, 1, 20)
        customer.must(.buy(productID: "bronze.monthly", offerID: nil))
        #expect(
            customer.refusal(.buy(productID: "silver.monthly", offerID: "SAVE50"))?.message
                .contains("call the change off first") == true)
    }

    @Test func anOfferRecordedForTheOldPlanLapsesWithAPlanChange() {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.now = F.date(2026, 1, 20)
        customer.must(.buy(productID: "silver.monthly", offerID: "SAVE50"))
        // A hand-written change after it: the new plan renews at its own price.
        customer.ledger.append(
            LedgerTransaction(
                id: "C", originalID: "T1", productID: "silver.monthly", purchaseDate: F.date(2026, 1, 21),
                state: .planChangeScheduled, appliesTo: "T1", offerKind: "promotional", offerID: "SAVE50",
                pendingProductID: "bronze.monthly"))
        customer.now = F.date(2026, 2, 20)
        #expect(customer.pro.productID == "bronze.monthly")
        #expect(customer.pro.subscription?.periodPrice == 2.99)
    }

    @Test func aDeclinedIncreaseTurnedBackOnAsksForConsentAgain() {
        var customer = L.Customer()
        customer.buy("gold.monthly")
        customer.must(.priceIncrease(productID: "gold.monthly", price: 12.99, consent: true))
        customer.must(.answerPriceIncrease(productID: "gold.monthly", agree: false))
        let step = customer.act(.uncancel(productID: "gold.monthly"))
        #expect((try? step.get())?.summary == "gold.monthly renews again once the new price is accepted.")
        #expect(customer.pro.subscription?.priceIncrease?.status == .awaitingConsent)
        customer.now = F.date(2026, 2, 10)
        #expect(customer.pro.state == .expired(on: F.date(2026, 2, 10)))
    }

    @Test func buyingInTheGroupDuringBillingRetryIsRefusedByTheGate() {
        var customer = L.Customer()
        customer.buy("gold.monthly")
        customer.must(.billingIssue(productID: "gold.monthly"))
        customer.now = F.date(2026, 3, 1)
        #expect(customer.pro.state == .inBillingRetry(since: F.date(2026, 2, 10)))
        let monthly = customer.catalog.products["gold.monthly"]!
        #expect(Self.gate.refusal(ofBuying: monthly, in: customer.ledger, at: customer.now) != nil)
        #expect(customer.refusal(.buy(productID: "gold.annual", offerID: nil))?.message.contains("failing") == true)
    }

    @Test func aLedgerOfCenturiesOfWeeklyRenewalsListsAtMostTheLimit() {
        let weekly = Product(
            id: "w", type: .autoRenewable, price: 1, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .week), subscriptionGroup: "w",
            localizedTitle: "Weekly")
        let catalog = Catalog(
            offerings: [], currentOfferingID: "default", products: ["w": weekly],
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: ["w"])])
        let ledger = Ledger(
            (0..<100).map {
                LedgerTransaction(
                    id: "P\($0)", productID: "w", purchaseDate: F.date(1, 1, 1 + $0 % 28), willRenew: true)
            })
        let rows = TransactionListing(catalog: catalog, calendar: F.calendar).rows(of: ledger, at: F.date(2026, 1, 1))
        #expect(rows.count <= TransactionListing.rowLimit)
        #expect(rows.count >= TransactionListing.periodLimit)
    }

    @Test func theStatusTextNeverCarriesAnEscapeFromAName() {
        var status = EntitlementStatus(
            entitlement: Entitlement(id: "pro", displayName: "Pro", productIDs: []),
            state: .active(until: F.date(2026, 2, 1), willRenew: true), productID: "p",
            subscription: SubscriptionDetails(
                originalTransactionID: "T", latestGrantID: "T", periodStart: F.date(2026, 1, 1), willRenew: true,
                pendingProductID: "q"))
        status.pendingProductName = "Evil\u{1B}]0;pwned\u{07}"
        let report = StatusReport(
            appID: "a", stateDirectory: "/s", now: F.date(2026, 1, 10), onboarding: nil, catalogPath: "/c",
            entitlements: [status])
        let text = report.text(locale: F.enUS, timeZone: F.utc)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.contains("then changes to Evil"))
    }
}
