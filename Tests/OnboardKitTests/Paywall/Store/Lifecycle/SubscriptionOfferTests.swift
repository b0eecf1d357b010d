import Foundation
import Testing

@testable import OnboardKit

/// Offers beyond the introductory one, each with its eligibility: promotional offers for current
/// or lapsed subscribers, offer codes, win-back offers for lapsed ones; and the introductory
/// offer given once per group.
@Suite struct SubscriptionOfferTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    /// A customer whose Silver Monthly lapsed on `lapse` after a cancellation.
    static func lapsed() -> L.Customer {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.must(.cancel(productID: "silver.monthly"))
        customer.now = F.date(2026, 3, 1)
        return customer
    }

    @Test func theIntroductoryOfferIsGivenOncePerGroup() {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        #expect(customer.pro.periodType == .trial)
        #expect(customer.pro.state.accessEnd == F.date(2026, 1, 17))
        customer.must(.cancel(productID: "silver.monthly"))
        customer.now = F.date(2026, 2, 1)
        customer.buy("silver.monthly")
        #expect(customer.pro.periodType == .normal)
    }

    @Test func aPromotionalOfferIsForCurrentOrLapsedSubscribers() throws {
        let newcomer = L.Customer()
        #expect(
            newcomer.refusal(.buy(productID: "silver.monthly", offerID: "SAVE50"))?.message
                == "the offer SAVE50 is for current subscribers and lapsed subscribers only; this customer never subscribed"
        )
        var lapsed = Self.lapsed()
        let step = try lapsed.act(.buy(productID: "silver.monthly", offerID: "SAVE50")).get()
        #expect(step.transaction.offerKind == "promotional")
        #expect(lapsed.pro.periodType == .intro)
        // Three months at the offer price, then the regular one.
        #expect(lapsed.pro.state.accessEnd == F.date(2026, 6, 1))
        #expect(lapsed.pro.subscription?.periodPrice == 3.49)
        lapsed.now = F.date(2026, 6, 2)
        #expect(lapsed.pro.subscription?.periodPrice == 6.99)
        #expect(lapsed.pro.state == .active(until: F.date(2026, 7, 1), willRenew: true))
        #expect(
            lapsed.refusal(.buy(productID: "silver.monthly", offerID: "NOPE"))?.message
                == "silver.monthly has no offer \"NOPE\"; it has \"SAVE50\", \"COMEBACK\"")
    }

    @Test func aPromotionalOfferForTheCurrentPlanAppliesFromTheNextRenewal() throws {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.now = F.date(2026, 1, 20)
        let step = try customer.act(.buy(productID: "silver.monthly", offerID: "SAVE50")).get()
        #expect(step.transaction.state == .offerScheduled)
        #expect(customer.pro.subscription?.renewalOfferID == "SAVE50")
        #expect(customer.pro.subscription?.renewalPrice == 3.49)
        customer.now = F.date(2026, 2, 20)
        #expect(customer.pro.periodType == .intro)
        #expect(customer.pro.state.accessEnd == F.date(2026, 5, 17))
    }

    @Test func anOfferCodeForNewSubscribersStartsItsTrial() throws {
        var customer = L.Customer()
        let step = try customer.act(.redeem(code: "welcome3")).get()
        #expect(step.transaction.offerKind == "code")
        #expect(step.transaction.offerID == "WELCOME3")
        #expect(customer.pro.periodType == .trial)
        #expect(customer.pro.state.accessEnd == F.date(2026, 4, 10))
        #expect(
            customer.refusal(.redeem(code: "WELCOME3"))?.message
                == "the code WELCOME3 was already redeemed on Jan 10, 2026")
        #expect(customer.refusal(.redeem(code: "WELCOME4"))?.kind == .unknownName)
    }

    @Test func anOfferCodeOutsideItsEligibilityIsRefusedAndWritesNothing() {
        var lapsed = Self.lapsed()
        let before = lapsed.ledger
        #expect(
            lapsed.act(.redeem(code: "WELCOME3")).failure?.message
                == "the code WELCOME3 is for new subscribers only; this customer's subscription lapsed")
        #expect(lapsed.ledger == before)
        #expect(lapsed.refusal(.redeem(code: "LOYAL"))?.message.contains("current subscribers only") == true)
    }

    @Test func anOfferCodeForCurrentSubscribersAppliesAtTheNextRenewal() {
        var customer = L.Customer()
        customer.buy("silver.monthly")
        customer.now = F.date(2026, 1, 12)
        customer.must(.redeem(code: "LOYAL"))
        #expect(customer.pro.subscription?.renewalPrice == 1.99)
        customer.now = F.date(2026, 1, 18)
        #expect(customer.pro.subscription?.periodPrice == 1.99)
        #expect(customer.pro.state.accessEnd == F.date(2026, 3, 17))
    }

    @Test func anOfferCodeForAnotherPlanChangesToItAtTheNextRenewal() {
        var customer = L.Customer()
        customer.buy("bronze.monthly")
        customer.now = F.date(2026, 1, 12)
        customer.must(.redeem(code: "LOYAL"))
        #expect(customer.pro.subscription?.pendingProductID == "silver.monthly")
        customer.now = F.date(2026, 2, 11)
        #expect(customer.pro.productID == "silver.monthly")
        #expect(customer.pro.subscription?.periodPrice == 1.99)
    }

    @Test func aWinBackOfferGoesToLapsedSubscribersAfterItsWait() throws {
        var lapsed = Self.lapsed()
        // Lapsed on 17 January; the offer wants a month since.
        lapsed.now = F.date(2026, 2, 1)
        #expect(
            lapsed.lifecycle.winBackOffer(for: lapsed.catalog.products["silver.monthly"]!, in: lapsed.context)
                == nil)
        lapsed.now = F.date(2026, 3, 1)
        let offer = lapsed.lifecycle.winBackOffer(for: lapsed.catalog.products["silver.monthly"]!, in: lapsed.context)
        #expect(offer?.id == "COMEBACK")
        let step = try lapsed.act(.buy(productID: "silver.monthly", offerID: nil)).get()
        #expect(step.transaction.offerID == "COMEBACK")
        #expect(lapsed.pro.periodType == .trial)
        #expect(lapsed.pro.state.accessEnd == F.date(2026, 4, 1))
        // A newcomer gets the introductory offer instead.
        var newcomer = L.Customer()
        newcomer.buy("silver.monthly")
        #expect(newcomer.ledger.transactions.first?.offerID == nil)
        #expect(newcomer.ledger.transactions.first?.offer == .freeTrial)
        #expect(newcomer.refusal(.buy(productID: "silver.monthly", offerID: "COMEBACK"))?.kind == .notAllowed)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
