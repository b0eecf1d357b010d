import Foundation
import Testing

@testable import OnboardKit

/// The rest of a subscription's life on the store clock: auto-renew off and on, refunds and
/// revocations, failed renewals through the grace period and billing retry, price increases
/// with and without consent.
@Suite struct SubscriptionLifecycleTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    /// Monthly Gold from 10 January 2026: renews on the 10th.
    static func gold(grace: SubscriptionPeriod? = SubscriptionPeriod(value: 16, unit: .day)) -> L.Customer {
        var customer = L.Customer(grace: grace)
        customer.buy("gold.monthly")
        return customer
    }

    // MARK: Cancel and un-cancel

    @Test func cancellingKeepsAccessToTheEndOfThePeriodThenEnds() {
        var customer = Self.gold()
        customer.now = F.date(2026, 1, 25)
        customer.must(.cancel(productID: "gold.monthly"))
        #expect(customer.pro.state == .active(until: F.date(2026, 2, 10), willRenew: false))
        #expect(customer.pro.subscription?.unsubscribeDetectedAt == F.date(2026, 1, 25))
        #expect(customer.pro.subscription?.renewalPrice == nil)
        customer.now = F.date(2026, 2, 10)
        #expect(customer.pro.state == .expired(on: F.date(2026, 2, 10)))
        #expect(customer.refusal(.uncancel(productID: "gold.monthly"))?.message.contains("expired on") == true)
    }

    @Test func cancellingTwiceIsRefusedAndNamesTheEnd() {
        var customer = Self.gold()
        customer.must(.cancel(productID: "gold.annual"))
        let refusal = customer.refusal(.cancel(productID: "gold.monthly"))
        #expect(refusal?.kind == .notAllowed)
        #expect(refusal?.message == "auto-renew of gold.monthly is off already; it ends on Feb 10, 2026")
    }

    @Test func unCancellingBeforeTheEndRestoresRenewal() {
        var customer = Self.gold()
        customer.now = F.date(2026, 1, 25)
        customer.must(.cancel(productID: "gold.monthly"))
        customer.now = F.date(2026, 2, 1)
        customer.must(.uncancel(productID: "gold.monthly"))
        #expect(customer.pro.subscription?.unsubscribeDetectedAt == nil)
        customer.now = F.date(2026, 3, 20)
        #expect(customer.pro.state == .active(until: F.date(2026, 4, 10), willRenew: true))
        #expect(customer.refusal(.uncancel(productID: "gold.monthly"))?.message.contains("renews already") == true)
    }

    @Test func actingOnAGroupWithoutASubscriptionSaysSo() {
        let customer = L.Customer()
        #expect(customer.refusal(.cancel(productID: "gold.monthly"))?.kind == .notAllowed)
        #expect(
            customer.refusal(.cancel(productID: "gold.montly"))?.message
                == "no product \"gold.montly\" in the catalog; did you mean \"gold.monthly\"?")
        #expect(
            customer.refusal(.cancel(productID: "gold.lifetime"))?.message
                == "gold.lifetime is not an auto-renewable subscription")
    }

    // MARK: Refund and revoke

    @Test func aRefundEndsAccessAtOnceAndKeepsThePurchase() throws {
        var customer = Self.gold()
        customer.now = F.date(2026, 3, 15)
        // The third period is the second renewal, listed as T1.2.
        #expect(customer.rows.map(\.id) == ["T1", "T1.1", "T1.2"])
        customer.must(.refund(transactionID: "T1.2", reason: "accidental purchase", revoke: false))
        #expect(customer.pro.state == .refunded(on: F.date(2026, 3, 15)))
        #expect(customer.pro.subscription?.refundedAt == F.date(2026, 3, 15))
        #expect(customer.pro.subscription?.withdrawalReason == "accidental purchase")
        #expect(!customer.pro.isActive)
        let row = try #require(customer.rows.first { $0.id == "T1.2" })
        #expect(row.refundedAt == F.date(2026, 3, 15))
        #expect(row.reason == "accidental purchase")
        #expect(customer.ledger.transactions.contains { $0.id == "T1" && $0.state == .purchased })
        let again = customer.refusal(.refund(transactionID: "T1.2", reason: nil, revoke: false))
        #expect(again?.message == "T1.2 was refunded on Mar 15, 2026 already")
        #expect(customer.refusal(.refund(transactionID: "T9", reason: nil, revoke: false))?.kind == .unknownName)
        #expect(
            customer.refusal(.refund(transactionID: "T2", reason: nil, revoke: false))?.message
                == "T2 is a refund, not a payment; refund a purchase or renewal")
    }

    @Test func aRevocationEndsAccessWithoutARefund() {
        var customer = L.Customer()
        customer.buy("gold.lifetime")
        customer.now = F.date(2026, 2, 1)
        customer.must(.refund(transactionID: "T1", reason: "family sharing ended", revoke: true))
        #expect(customer.pro.state == .revoked(on: F.date(2026, 2, 1)))
        #expect(customer.rows.first?.withdrawalWord == "revoked")
    }

    @Test func theGateRefusesASecondRefundFromAnotherWindow() throws {
        var customer = Self.gold()
        let first = try customer.lifecycle.plan(
            .refund(transactionID: "T1", reason: nil, revoke: false), in: customer.context, transactionID: "A"
        ).get()
        let second = try customer.lifecycle.plan(
            .refund(transactionID: "T1", reason: nil, revoke: false), in: customer.context, transactionID: "B"
        ).get()
        let gate = PurchaseGate(catalog: customer.catalog, calendar: F.calendar)
        customer.ledger.append(first.transaction)
        #expect(gate.refusal(of: second.transaction, in: customer.ledger) != nil)
    }

    // MARK: Billing trouble

    @Test func aFailedRenewalGoesThroughGraceThenRetryThenExpires() {
        var customer = Self.gold()
        customer.now = F.date(2026, 1, 15)
        customer.must(.billingIssue(productID: "gold.monthly"))
        // Nothing shows before the renewal that fails.
        #expect(customer.pro.state == .active(until: F.date(2026, 2, 10), willRenew: true))
        #expect(customer.pro.subscription?.billingIssueDetectedAt == nil)
        customer.now = F.date(2026, 2, 11)
        #expect(customer.pro.state == .inGracePeriod(until: F.date(2026, 2, 26)))
        #expect(customer.pro.isActive)
        #expect(customer.pro.subscription?.billingIssueDetectedAt == F.date(2026, 2, 10))
        #expect(customer.pro.subscription?.gracePeriodExpiresDate == F.date(2026, 2, 26))
        #expect(customer.pro.subscription?.willRenew == true)
        customer.now = F.date(2026, 3, 1)
        #expect(customer.pro.state == .inBillingRetry(since: F.date(2026, 2, 10)))
        #expect(!customer.pro.isActive)
        // No access, but the store still retries: it renews once the payment goes through.
        #expect(customer.pro.subscription?.willRenew == true)
        #expect(customer.pro.subscription?.renewalPrice == customer.catalog.products["gold.monthly"]?.price)
        customer.now = F.date(2026, 4, 11)  // 60 days after 10 February
        #expect(customer.pro.state == .expired(on: F.date(2026, 2, 26)))
    }

    @Test func withoutAGracePeriodAccessStopsAtTheFailedRenewal() {
        var customer = Self.gold(grace: nil)
        customer.must(.billingIssue(productID: "gold.monthly"))
        customer.now = F.date(2026, 2, 10)
        #expect(customer.pro.state == .inBillingRetry(since: F.date(2026, 2, 10)))
        #expect(customer.pro.subscription?.gracePeriodExpiresDate == nil)
    }

    @Test func resolvingInTheGracePeriodKeepsTheRenewalDate() {
        var customer = Self.gold()
        customer.must(.billingIssue(productID: "gold.monthly"))
        customer.now = F.date(2026, 2, 20)
        customer.must(.resolve(productID: "gold.monthly"))
        #expect(customer.pro.state == .active(until: F.date(2026, 3, 10), willRenew: true))
        #expect(customer.pro.subscription?.billingIssueDetectedAt == nil)
    }

    @Test func resolvingInBillingRetryStartsAPeriodThatDay() {
        var customer = Self.gold()
        customer.must(.billingIssue(productID: "gold.monthly"))
        customer.now = F.date(2026, 3, 1)
        customer.must(.resolve(productID: "gold.monthly"))
        #expect(customer.pro.state == .active(until: F.date(2026, 4, 1), willRenew: true))
        customer.now = F.date(2026, 6, 15)
        #expect(customer.pro.state == .active(until: F.date(2026, 7, 1), willRenew: true))
    }

    @Test func resolvingBeforeTheRenewalLetsItThrough() {
        var customer = Self.gold()
        customer.must(.billingIssue(productID: "gold.monthly"))
        #expect(customer.refusal(.billingIssue(productID: "gold.monthly"))?.message.contains("failing already") == true)
        customer.must(.resolve(productID: "gold.monthly"))
        customer.now = F.date(2026, 2, 11)
        #expect(customer.pro.state == .active(until: F.date(2026, 3, 10), willRenew: true))
        #expect(customer.refusal(.resolve(productID: "gold.monthly"))?.message.contains("not failing") == true)
    }

    @Test func cancellingInBillingRetryStopsTheRetries() {
        var customer = Self.gold()
        customer.must(.billingIssue(productID: "gold.monthly"))
        customer.now = F.date(2026, 3, 1)
        customer.must(.cancel(productID: "gold.monthly"))
        #expect(customer.pro.state == .expired(on: F.date(2026, 2, 26)))
        #expect(customer.refusal(.resolve(productID: "gold.monthly")) != nil)
    }

    @Test func aSubscriptionThatWillNotRenewCannotFailARenewal() {
        var customer = Self.gold()
        customer.must(.cancel(productID: "gold.monthly"))
        #expect(customer.refusal(.billingIssue(productID: "gold.monthly"))?.message.contains("will not renew") == true)
    }

    // MARK: Price increase

    @Test func aNoticedIncreaseRenewsAtTheNewPrice() throws {
        var customer = Self.gold()
        customer.must(.priceIncrease(productID: "gold.monthly", price: 11.99, consent: false))
        #expect(customer.pro.subscription?.renewalPrice == 11.99)
        #expect(customer.pro.subscription?.priceIncrease == .init(newPrice: 11.99, status: .notified))
        customer.now = F.date(2026, 5, 1)
        #expect(customer.pro.state == .active(until: F.date(2026, 5, 10), willRenew: true))
        #expect(customer.pro.subscription?.periodPrice == 11.99)
        #expect(customer.rows.first { $0.id == "T1" }?.price == 9.99)
        #expect(customer.rows.first { $0.id == "T1.1" }?.price == 11.99)
    }

    @Test func anIncreaseNeedingConsentEndsTheSubscriptionUnlessAgreed() {
        var declined = Self.gold()
        declined.must(.priceIncrease(productID: "gold.monthly", price: 12.99, consent: true))
        #expect(declined.pro.subscription?.willRenew == false)
        #expect(declined.pro.statusLine(locale: F.enUS, timeZone: F.utc).contains("accept the new price"))
        var agreed = declined
        declined.must(.answerPriceIncrease(productID: "gold.monthly", agree: false))
        #expect(declined.pro.subscription?.priceIncrease?.status == .declined)
        #expect(declined.pro.subscription?.unsubscribeDetectedAt == F.date(2026, 1, 10))
        declined.now = F.date(2026, 2, 10)
        #expect(declined.pro.state == .expired(on: F.date(2026, 2, 10)))

        agreed.must(.answerPriceIncrease(productID: "gold.monthly", agree: true))
        #expect(agreed.pro.subscription?.willRenew == true)
        agreed.now = F.date(2026, 2, 11)
        #expect(agreed.pro.state == .active(until: F.date(2026, 3, 10), willRenew: true))
        #expect(agreed.pro.subscription?.periodPrice == 12.99)
        #expect(agreed.refusal(.answerPriceIncrease(productID: "gold.monthly", agree: true)) != nil)
    }

    @Test func anIncreaseNobodyAnsweredEndsAtTheRenewal() {
        var customer = Self.gold()
        customer.must(.priceIncrease(productID: "gold.monthly", price: 12.99, consent: true))
        customer.now = F.date(2026, 2, 10)
        #expect(customer.pro.state == .expired(on: F.date(2026, 2, 10)))
    }

    @Test func aLowerPriceOrTooManyDecimalsIsNotAnIncrease() {
        let customer = Self.gold()
        #expect(
            customer.refusal(.priceIncrease(productID: "gold.monthly", price: 9.99, consent: false))?.message
                == "$9.99 is not an increase: gold.monthly renews at $9.99")
        #expect(
            customer.refusal(.priceIncrease(productID: "gold.monthly", price: 10.999, consent: false))?.message
                == "10.999 has more decimals than USD has (2)")
        #expect(
            customer.refusal(.priceIncrease(productID: "gold.annual", price: 120, consent: false))?.message
                == "the customer is on gold.monthly, not gold.annual")
    }

    // MARK: Hand-written lines

    @Test(arguments: ["gold.lifetime", "nowhere", "gold.monthly"])
    func aScheduledChangeToSomethingThatIsNotAnotherPlanOfTheGroupChangesNothing(_ target: String) {
        var customer = Self.gold()
        customer.ledger.append(
            LedgerTransaction(
                id: "forged", originalID: "T1", productID: "gold.monthly", purchaseDate: F.date(2026, 1, 20),
                state: .planChangeScheduled, appliesTo: "T1", pendingProductID: target))
        customer.now = F.date(2026, 4, 1)
        #expect(customer.pro.productID == "gold.monthly")
        #expect(customer.pro.state == .active(until: F.date(2026, 4, 10), willRenew: true))
        #expect(customer.pro.subscription?.pendingProductID == nil)
    }
}
