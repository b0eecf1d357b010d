import Foundation
import Testing

@testable import OnboardKit

/// Plan changes within a subscription group, over every pair of 3 levels x 2 durations: an
/// upgrade takes effect at once with the unused part refunded pro rata; a downgrade, or a
/// crossgrade to another duration, at the next renewal; a crossgrade of the same duration at once.
@Suite struct PlanChangeTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    struct Pair: CustomTestStringConvertible, Sendable {
        var from: Product
        var to: Product
        var testDescription: String { "\(from.id) -> \(to.id)" }
    }

    static let pairs: [Pair] = (L.plans + [L.silverAlternative]).flatMap { from in
        (L.plans + [L.silverAlternative]).filter { $0.id != from.id }.map { Pair(from: from, to: $0) }
    }

    /// The rule, written out independently of the store: levels, then durations.
    static func expectsImmediate(_ pair: Pair) -> Bool {
        let (fromLevel, toLevel) = (pair.from.subscriptionGroupLevel!, pair.to.subscriptionGroupLevel!)
        if toLevel < fromLevel { return true }
        if toLevel > fromLevel { return false }
        return pair.from.subscriptionPeriod == pair.to.subscriptionPeriod
    }

    @Test(arguments: pairs)
    func aPlanChangeTakesEffectWhenTheStoreSays(_ pair: Pair) throws {
        var customer = L.Customer()
        customer.buy(pair.from.id)
        customer.now = F.date(2026, 1, 20)
        // Where the old plan stands at the change (silver.monthly is past its week of trial).
        let periodStart = try #require(customer.pro.subscription?.periodStart)
        let periodEnd = try #require(customer.pro.state.accessEnd)
        let periodPrice = try #require(customer.pro.subscription?.periodPrice)
        let currentRow = try #require(customer.rows.last { $0.isPayment })
        let firstEnd = periodEnd
        let step = try customer.act(.buy(productID: pair.to.id, offerID: nil)).get()
        if Self.expectsImmediate(pair) {
            #expect(step.transaction.state == .purchased)
            #expect(customer.pro.productID == pair.to.id)
            #expect(
                customer.pro.state
                    == .active(
                        until: pair.to.subscriptionPeriod!.adding(
                            to: customer.now,
                            calendar: F.calendar), willRenew: true))
            // The unused part of the old period's price, worked out here in floating point.
            let unused = periodEnd.timeIntervalSince(customer.now) / periodEnd.timeIntervalSince(periodStart)
            let refund = try #require(step.transaction.proratedRefund.flatMap { Decimal(string: $0) })
            let expected = NSDecimalNumber(decimal: periodPrice).doubleValue * unused
            #expect(periodPrice == pair.from.price)
            #expect(abs(NSDecimalNumber(decimal: refund).doubleValue - expected) < 0.011)
            #expect(
                step.transaction.planChange
                    == (pair.to.subscriptionGroupLevel! < pair.from.subscriptionGroupLevel!
                        ? "upgrade" : "crossgrade"))
            // The old payment is marked replaced in the listing, with the refund on the new one.
            let rows = customer.rows
            #expect(rows.first { $0.id == currentRow.id }?.replacedBy == "T2")
            #expect(rows.first { $0.id == currentRow.id }?.expiresDate == customer.now)
            #expect(rows.first { $0.id == "T2" }?.proratedRefund == step.transaction.proratedRefund)
        } else {
            #expect(step.transaction.state == .planChangeScheduled)
            #expect(customer.pro.productID == pair.from.id)
            #expect(customer.pro.subscription?.pendingProductID == pair.to.id)
            #expect(customer.pro.subscription?.pendingChangeDate == firstEnd)
            #expect(customer.pro.subscription?.renewalPrice == pair.to.price)
            #expect(customer.pro.statusLine(locale: F.enUS, timeZone: F.utc).contains("then changes to \(pair.to.id)"))
            customer.now = firstEnd
            #expect(customer.pro.productID == pair.to.id)
            #expect(
                customer.pro.state
                    == .active(
                        until: pair.to.subscriptionPeriod!.adding(
                            to: firstEnd,
                            calendar: F.calendar), willRenew: true))
            #expect(customer.pro.subscription?.pendingProductID == nil)
        }
        // An introductory offer is never given on a plan change.
        #expect(customer.pro.periodType == .normal)
        // Still one subscription: the plan change shares the first purchase's original ID.
        #expect(customer.pro.subscription?.originalTransactionID == "T1")
    }

    @Test func aScheduledDowngradeCanBeCalledOffByChoosingTheCurrentPlanAgain() throws {
        var customer = L.Customer()
        customer.buy("gold.monthly")
        customer.now = F.date(2026, 1, 20)
        customer.buy("bronze.monthly")
        #expect(customer.pro.subscription?.pendingProductID == "bronze.monthly")
        let keep = try customer.act(.buy(productID: "gold.monthly", offerID: nil)).get()
        #expect(keep.transaction.state == .planChangeCancelled)
        customer.now = F.date(2026, 2, 15)
        #expect(customer.pro.productID == "gold.monthly")
        #expect(customer.pro.state == .active(until: F.date(2026, 3, 10), willRenew: true))
    }

    @Test func choosingTheSameScheduledPlanTwiceIsRefused() {
        var customer = L.Customer()
        customer.buy("gold.annual")
        customer.buy("bronze.annual")
        #expect(customer.refusal(.buy(productID: "bronze.annual", offerID: nil))?.message.contains("already") == true)
    }

    @Test func anUpgradeOutOfAFreeTrialRefundsNothing() throws {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        #expect(customer.pro.periodType == .trial)
        customer.now = F.date(2026, 1, 12)
        let step = try customer.act(.buy(productID: "gold.monthly", offerID: nil)).get()
        #expect(step.transaction.proratedRefund == "0")
        #expect(customer.pro.productID == "gold.monthly")
    }

    @Test func twoWindowsUpgradingTheSamePlanRecordOneUpgrade() throws {
        var customer = L.Customer()
        customer.buy("bronze.monthly")
        customer.now = F.date(2026, 1, 15)
        // Both windows plan against the same ledger; the second reaches the gate after the first.
        let first = try customer.lifecycle.plan(
            .buy(productID: "gold.monthly", offerID: nil), in: customer.context,
            transactionID: "A"
        ).get()
        let second = try customer.lifecycle.plan(
            .buy(productID: "silver.monthly", offerID: nil), in: customer.context,
            transactionID: "B"
        ).get()
        let gate = PurchaseGate(catalog: customer.catalog, calendar: F.calendar)
        #expect(gate.refusal(of: first.transaction, in: customer.ledger) == nil)
        customer.ledger.append(first.transaction)
        #expect(gate.refusal(of: second.transaction, in: customer.ledger) != nil)
    }

    @Test func aLifetimeUnlockOnTopOfAnActiveSubscriptionIsStillSold() throws {
        // The store sells it (the paywall asks first); the entitlement then lasts.
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.buy("gold.lifetime")
        customer.now = F.date(2030, 1, 1)
        #expect(customer.pro.state == .lifetime)
        #expect(customer.refusal(.buy(productID: "gold.lifetime", offerID: nil))?.kind == .notAllowed)
    }
}
