import Foundation
import Testing

@testable import OnboardKit

@Suite struct EntitlementResolverTests {
    typealias F = StoreFixtures
    static let wall = Date(timeIntervalSince1970: 1_900_000_000)

    /// A harness whose purchases go through at once, at 2026-01-01 00:00 UTC.
    static func buying(_ packageIDs: String...) -> StoreHarness {
        var harness = StoreHarness(mode: .success)
        for packageID in packageIDs { harness.purchase(packageID) }
        return harness
    }

    static func cancelRenewal(_ harness: inout StoreHarness, productID: String) {
        let original = harness.ledger.transactions.last { $0.productID == productID }!.originalID
        harness.ledger.append(
            LedgerTransaction(
                id: "cancel-\(harness.ledger.count)", originalID: original, productID: productID,
                purchaseDate: harness.now,
                state: .renewalCancelled))
    }

    static func refund(_ harness: inout StoreHarness, productID: String) {
        let grant = harness.ledger.transactions.last { $0.productID == productID && $0.grantsAccess }!
        harness.ledger.append(
            LedgerTransaction(
                id: "refund-\(harness.ledger.count)", originalID: grant.originalID, productID: productID,
                purchaseDate: harness.now, state: .refunded, appliesTo: grant.id))
    }

    @Test func aMonthlySubscriptionRenewsOnTheAcceleratedClockUntilRenewalIsTurnedOff() {
        let clock = StoreClock(startWallDate: Self.wall, startSimulatedDate: F.date(2026, 1, 1), timeRate: 86_400)
        var harness = StoreHarness(mode: .success, now: clock.simulatedDate(atWall: Self.wall))
        harness.purchase("$rc_monthly")
        #expect(harness.ledger.count == 1)

        harness.now = clock.simulatedDate(atWall: Self.wall.addingTimeInterval(10))
        #expect(harness.status("pro").state == .active(until: F.date(2026, 2, 1), willRenew: true))
        #expect(harness.line("pro") == "Active until Feb 1, 2026 (renews)")

        harness.now = clock.simulatedDate(atWall: Self.wall.addingTimeInterval(40))
        #expect(harness.line("pro") == "Active until Mar 1, 2026 (renews)")
        #expect(harness.status("pro").productID == "pro.monthly")

        Self.cancelRenewal(&harness, productID: "pro.monthly")
        #expect(harness.line("pro") == "Active until Mar 1, 2026 (won't renew)")
        // Renewals were derived, never recorded: the ledger holds the purchase and the cancellation.
        #expect(harness.ledger.count == 2)

        harness.now = clock.simulatedDate(atWall: Self.wall.addingTimeInterval(59))
        #expect(harness.status("pro").state == .expired(on: F.date(2026, 3, 1)))
        harness.now = clock.simulatedDate(atWall: Self.wall.addingTimeInterval(70))
        #expect(harness.line("pro") == "Expired on Mar 1, 2026")
        #expect(!harness.status("pro").isActive)
    }

    @Test func aSevenDayFreeTrialIsTheFirstPeriodThenMonthsFollowFromItsEnd() throws {
        var harness = Self.buying("studio")
        let purchase = try #require(harness.ledger.transactions.first)
        #expect(purchase.offer == .freeTrial)
        #expect(purchase.expiresDate == F.date(2026, 1, 8))

        harness.now = F.date(2026, 1, 3)
        #expect(harness.status("studio").state == .active(until: F.date(2026, 1, 8), willRenew: true))
        #expect(harness.status("studio").periodType == .trial)

        harness.now = F.date(2026, 1, 10)
        #expect(harness.status("studio").state == .active(until: F.date(2026, 2, 8), willRenew: true))
        #expect(harness.status("studio").periodType == .normal)
    }

    @Test func turningRenewalOffDuringTheTrialEndsAccessWhenTheTrialEnds() {
        var harness = Self.buying("studio")
        harness.now = F.date(2026, 1, 4)
        Self.cancelRenewal(&harness, productID: "studio.monthly")
        #expect(harness.line("studio") == "Free trial until Jan 8, 2026 (won't renew)")
        harness.now = F.date(2026, 1, 9)
        #expect(harness.line("studio") == "Expired on Jan 8, 2026")
        #expect(harness.status("studio").periodType == .trial)
    }

    @Test func aPayAsYouGoOfferCoversAllItsPeriodsBeforeRegularWeeks() throws {
        var harness = Self.buying("extras")
        let purchase = try #require(harness.ledger.transactions.first)
        #expect(purchase.offer == .payAsYouGo)
        #expect(purchase.expiresDate == F.date(2026, 1, 15))
        harness.now = F.date(2026, 1, 10)
        #expect(harness.status("extras").periodType == .intro)
        harness.now = F.date(2026, 1, 16)
        #expect(harness.status("extras").state == .active(until: F.date(2026, 1, 22), willRenew: true))
        #expect(harness.status("extras").periodType == .normal)
    }

    @Test(arguments: [
        // Each renewal counts from the first period's end, so a short month does not pull later ones earlier.
        (bought: F.date(2026, 1, 31), now: F.date(2026, 2, 10), until: F.date(2026, 2, 28)),
        (bought: F.date(2026, 1, 31), now: F.date(2026, 3, 1), until: F.date(2026, 3, 31)),
        (bought: F.date(2026, 1, 31), now: F.date(2026, 4, 15), until: F.date(2026, 4, 30)),
        (bought: F.date(2026, 1, 1), now: F.date(2026, 2, 1), until: F.date(2026, 3, 1)),
        (bought: F.date(2026, 1, 1), now: F.date(2036, 6, 15, hour: 12), until: F.date(2036, 7, 1)),
    ])
    func monthlyRenewalsLandOnCalendarDates(bought: Date, now: Date, until: Date) {
        var harness = StoreHarness(mode: .success, now: bought)
        harness.purchase("$rc_monthly")
        harness.now = now
        #expect(harness.status("pro").state == .active(until: until, willRenew: true))
    }

    /// Absurd time rates reach dates millions of years on; beyond ten million periods the mean
    /// month length takes over from calendar arithmetic, and the period still contains `now`.
    @Test(arguments: [1.0e12, 1.0e15])
    func renewalsFarInTheFutureStillContainNow(secondsLater: Double) throws {
        var harness = Self.buying("$rc_monthly")
        harness.now = harness.now.addingTimeInterval(secondsLater)
        guard case .active(let until, let willRenew) = harness.status("pro").state else {
            Issue.record("expected an active subscription, got \(harness.status("pro").state)")
            return
        }
        #expect(willRenew)
        #expect(until > harness.now)
        #expect(until.timeIntervalSince(harness.now) <= 31 * 86_400)
    }

    @Test func aLifetimePurchaseLastsAndARefundWithdrawsIt() {
        var harness = Self.buying("$rc_lifetime")
        harness.now = F.date(2099, 1, 1)
        #expect(harness.line("pro") == "Lifetime")
        #expect(harness.status("pro").productID == "pro.lifetime")
        Self.refund(&harness, productID: "pro.lifetime")
        // The refunded purchase still speaks for the entitlement, saying it was refunded.
        #expect(harness.line("pro") == "Refunded on Jan 1, 2099")
        #expect(harness.status("pro").productID == "pro.lifetime")
        #expect(!harness.status("pro").isActive)
    }

    @Test func aRefundedSubscriptionEndsOnTheRefundDate() {
        var harness = Self.buying("$rc_monthly")
        harness.now = F.date(2026, 1, 20)
        Self.refund(&harness, productID: "pro.monthly")
        #expect(harness.status("pro").state == .refunded(on: F.date(2026, 1, 20)))
        #expect(harness.status("pro").subscription?.refundedAt == F.date(2026, 1, 20))
        harness.now = F.date(2026, 3, 5)
        #expect(harness.line("pro") == "Refunded on Jan 20, 2026")
    }

    @Test func aSeasonPassLastsItsPeriodAndNeverRenews() {
        var harness = Self.buying("season")
        harness.now = F.date(2026, 2, 1)
        #expect(harness.line("season") == "Active until Apr 1, 2026 (won't renew)")
        harness.now = F.date(2026, 4, 2)
        #expect(harness.line("season") == "Expired on Apr 1, 2026")
    }

    @Test func aRecordedExpiryDateWinsOverThePeriod() {
        var harness = StoreHarness(mode: .success)
        harness.ledger.append(
            LedgerTransaction(
                id: "pass", productID: "pass.season", purchaseDate: F.date(2026, 1, 1), expiresDate: F.date(2026, 1, 15)
            ))
        harness.now = F.date(2026, 1, 10)
        #expect(harness.status("season").state == .active(until: F.date(2026, 1, 15), willRenew: false))
    }

    @Test func consumablesGrantNoEntitlement() {
        let harness = Self.buying("coffee", "coffee")
        #expect(harness.ledger.count == 2)
        #expect(harness.status("tips").state == .notPurchased)
        #expect(
            EntitlementResolver.state(ofProduct: "tips.coffee", in: harness.context) == .notPurchased)
    }

    @Test func lifetimeOutranksAnActiveSubscriptionForTheSameEntitlement() {
        let harness = Self.buying("$rc_monthly", "$rc_lifetime")
        #expect(harness.status("pro").state == .lifetime)
        #expect(harness.status("pro").productID == "pro.lifetime")
    }

    @Test func theLongestActiveSubscriptionSpeaksForTheEntitlement() {
        var harness = StoreHarness(mode: .success)
        harness.ledger.append(
            LedgerTransaction(
                id: "m", productID: "pro.monthly", purchaseDate: F.date(2026, 1, 1), expiresDate: F.date(2026, 2, 1),
                willRenew: true))
        harness.ledger.append(
            LedgerTransaction(
                id: "y", productID: "pro.annual", purchaseDate: F.date(2026, 1, 1), expiresDate: F.date(2027, 1, 1)))
        harness.now = F.date(2026, 1, 5)
        #expect(harness.status("pro").state == .active(until: F.date(2027, 1, 1), willRenew: false))
        #expect(harness.status("pro").productID == "pro.annual")
    }

    @Test func anAskToBuyRequestAwaitsThenCountsFromItsApproval() throws {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("$rc_monthly")
        let request = try #require(harness.ledger.transactions.first)
        #expect(request.state == .pending)
        #expect(harness.line("pro") == "Awaiting approval")

        harness.now = F.date(2026, 1, 10)
        harness.approve(request.id)
        #expect(harness.line("pro") == "Active until Feb 10, 2026 (renews)")
    }

    @Test func aDeclinedRequestLeavesNothingPurchased() throws {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("$rc_lifetime")
        let request = try #require(harness.ledger.transactions.first)
        harness.decline(request.id)
        #expect(harness.line("pro") == "Not purchased")
    }

    @Test func anActiveAccessOutranksAnOlderRequestStillWaiting() {
        var harness = StoreHarness(mode: .pending)
        harness.purchase("studio")
        #expect(harness.line("studio") == "Awaiting approval")
        harness.ledger.append(LedgerTransaction(id: "life", productID: "pro.lifetime", purchaseDate: harness.now))
        #expect(harness.line("pro") == "Lifetime")
        #expect(harness.line("studio") == "Awaiting approval")
    }

    @Test func statusesFollowTheCatalogOrder() {
        let harness = Self.buying("season", "$rc_annual")
        let statuses = EntitlementResolver.statuses(in: harness.context)
        #expect(statuses.map(\.entitlement.id) == harness.catalog.entitlements.map(\.id))
        #expect(statuses.map(\.isActive) == [true, false, true, false, false])
    }

    @Test func theIntroductoryOfferIsForCustomersNewToTheGroup() {
        var harness = StoreHarness(mode: .success)
        let annual = F.annual
        #expect(
            EntitlementResolver.isEligibleForIntroductoryOffer(annual, catalog: harness.catalog, ledger: harness.ledger)
        )
        harness.purchase("$rc_monthly")
        #expect(
            !EntitlementResolver.isEligibleForIntroductoryOffer(
                annual, catalog: harness.catalog, ledger: harness.ledger))
        #expect(
            !EntitlementResolver.isEligibleForIntroductoryOffer(
                F.monthly, catalog: harness.catalog, ledger: harness.ledger))
        #expect(
            EntitlementResolver.isEligibleForIntroductoryOffer(
                F.studio, catalog: harness.catalog, ledger: harness.ledger))
    }

    @Test func aProductTheCatalogNoLongerListsGrantsNothing() {
        var catalog = F.catalog
        catalog.entitlements[0].productIDs.append("pro.retired")
        let ledger = Ledger([LedgerTransaction(id: "old", productID: "pro.retired", purchaseDate: F.date(2025, 1, 1))])
        let pro = EntitlementResolver.status(
            of: catalog.entitlements[0],
            in: StoreContext(catalog: catalog, ledger: ledger, now: F.date(2026, 1, 1), calendar: F.calendar))
        #expect(pro.state == .notPurchased)
        catalog.products["pro.retired"] = Product(
            id: "pro.retired", type: .nonConsumable, price: 1, currencyCode: "USD", localizedTitle: "Retired")
        let listed = EntitlementResolver.status(
            of: catalog.entitlements[0],
            in: StoreContext(catalog: catalog, ledger: ledger, now: F.date(2026, 1, 1), calendar: F.calendar))
        #expect(listed.state == .lifetime)
    }
}
