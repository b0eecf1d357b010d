import Foundation
import Testing

@testable import OnboardKit

/// A ledger read at a date says what the customer had then: a transaction dated later (a
/// purchase made under `--now 2099-01-01`, a refund still to come) does not count yet, and a
/// transaction with an absurd date (a forged 1e300) never counts.
@Suite struct TransactionDateTests {
    typealias F = StoreFixtures

    /// One row: what is in the ledger, the date it is read at, and the `pro` or `season`
    /// entitlement's state then.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var transactions: [LedgerTransaction]
        var now: Date
        var entitlement = "pro"
        var expected: EntitlementStatus.State
        var testDescription: String { name }
    }

    static func purchase(
        _ productID: String, on date: Date, expires: Date? = nil, id: String = "t1", willRenew: Bool = false
    ) -> LedgerTransaction {
        LedgerTransaction(id: id, productID: productID, purchaseDate: date, expiresDate: expires, willRenew: willRenew)
    }

    static func refund(of id: String, productID: String, on date: Date) -> LedgerTransaction {
        LedgerTransaction(
            id: "r-\(id)", originalID: id, productID: productID, purchaseDate: date, state: .refunded, appliesTo: id)
    }

    static let future = F.date(2099, 1, 1)
    static let today = F.date(2026, 6, 1)
    static let absurd = Date(timeIntervalSince1970: 1e300)

    static let cases: [Case] = [
        Case(
            name: "a monthly subscription bought in 2099 is nothing in 2026",
            transactions: [purchase("pro.monthly", on: future, willRenew: true)], now: today, expected: .notPurchased),
        Case(
            name: "a monthly subscription bought in 2099 is active in 2099",
            transactions: [purchase("pro.monthly", on: future, willRenew: true)], now: F.date(2099, 1, 2),
            expected: .active(until: F.date(2099, 2, 1), willRenew: true)),
        Case(
            name: "a lifetime purchase in 2099 is nothing in 2026",
            transactions: [purchase("pro.lifetime", on: future)], now: today, expected: .notPurchased),
        Case(
            name: "a lifetime purchase counts from the second it was made",
            transactions: [purchase("pro.lifetime", on: future)], now: future, expected: .lifetime),
        Case(
            name: "a season pass bought in 2099 is nothing in 2026",
            transactions: [purchase("pass.season", on: future)],
            now: today, entitlement: "season", expected: .notPurchased),
        Case(
            name: "a refund dated later has not withdrawn anything yet",
            transactions: [
                purchase("pro.lifetime", on: F.date(2026, 1, 1)),
                refund(of: "t1", productID: "pro.lifetime", on: F.date(2026, 9, 1)),
            ], now: today, expected: .lifetime),
        Case(
            name: "a refund withdraws from its date",
            transactions: [
                purchase("pro.lifetime", on: F.date(2026, 1, 1)),
                refund(of: "t1", productID: "pro.lifetime", on: F.date(2026, 3, 1)),
            ], now: today, expected: .refunded(on: F.date(2026, 3, 1))),
        Case(
            name: "a renewal turned off later still renews until then",
            transactions: [
                purchase("pro.monthly", on: F.date(2026, 1, 1), willRenew: true),
                LedgerTransaction(
                    id: "c", originalID: "t1", productID: "pro.monthly", purchaseDate: F.date(2026, 8, 15),
                    state: .renewalCancelled),
            ], now: today, expected: .active(until: F.date(2026, 7, 1), willRenew: true)),
        Case(
            name: "a purchase date of 1e300 seconds never grants, however late it is read",
            transactions: [purchase("pro.lifetime", on: absurd)], now: Date(timeIntervalSince1970: 1e301),
            expected: .notPurchased),
        Case(
            name: "a purchase date of -1e300 seconds never grants",
            transactions: [purchase("pro.lifetime", on: Date(timeIntervalSince1970: -1e300))], now: today,
            expected: .notPurchased),
        Case(
            name: "an expiry of 1e300 seconds never grants",
            transactions: [purchase("pro.monthly", on: F.date(2026, 1, 1), expires: absurd)], now: today,
            expected: .notPurchased),
        Case(
            name: "an infinite purchase date never grants",
            transactions: [purchase("pro.lifetime", on: Date(timeIntervalSince1970: .infinity))], now: today,
            expected: .notPurchased),
        Case(
            name: "an absurd purchase beside a sound one leaves the sound one alone",
            transactions: [
                purchase("pro.monthly", on: absurd, id: "forged", willRenew: true),
                purchase("pro.monthly", on: F.date(2026, 5, 10), willRenew: true),
            ], now: today, expected: .active(until: F.date(2026, 6, 10), willRenew: true)),
    ]

    @Test(arguments: cases)
    func theLedgerSaysWhatTheCustomerHadAtThatDate(_ row: Case) throws {
        let context = StoreContext(
            catalog: F.catalog, ledger: Ledger(row.transactions), now: row.now, calendar: F.calendar)
        let entitlement = try #require(F.catalog.entitlement(id: row.entitlement))
        #expect(EntitlementResolver.status(of: entitlement, in: context).state == row.expected)
        // The snapshot the paywall draws from agrees with the resolver.
        let snapshot = EntitlementSnapshot(context)
        #expect(snapshot.statuses.first { $0.entitlement.id == row.entitlement }?.state == row.expected)
    }

    @Test func aPurchaseRecordedForLaterCanBeBoughtNowAndIsNotOwnedYet() {
        let ledger = Ledger([Self.purchase("pro.lifetime", on: Self.future)])
        let context = StoreContext(catalog: F.catalog, ledger: ledger, now: Self.today, calendar: F.calendar)
        #expect(!EntitlementResolver.isOwned(F.lifetime, in: context))
        #expect(EntitlementSnapshot(context).ownedProductIDs.isEmpty)
    }

    @Test func theSnapshotIsWorkedOutAgainWhenTheClockReachesALaterPurchase() {
        let ledger = Ledger([Self.purchase("pro.lifetime", on: Self.future)])
        var cache = EntitlementCache(
            StoreContext(catalog: F.catalog, ledger: ledger, now: Self.today, calendar: F.calendar))
        #expect(cache.snapshot.validUntil == Self.future)
        cache.clockMoved(StoreContext(catalog: F.catalog, ledger: ledger, now: Self.future, calendar: F.calendar))
        #expect(cache.snapshot.statuses.first?.state == .lifetime)
    }

    @Test func anAbsurdDateIsNoBoundaryToWakeFor() {
        let ledger = Ledger([Self.purchase("pro.lifetime", on: Self.absurd)])
        let snapshot = EntitlementSnapshot(
            StoreContext(catalog: F.catalog, ledger: ledger, now: Self.today, calendar: F.calendar))
        #expect(snapshot.validUntil == nil)
    }

    @Test(arguments: [
        (-62_135_596_800.0, true), (253_402_300_799, true), (-62_135_596_801, false), (253_402_300_800, false),
        (1e300, false), (.nan, false),
    ])
    func meaningfulDatesAreTheYearsOneToNineThousandNineHundredNinetyNine(seconds: Double, isMeaningful: Bool) {
        let transaction = Self.purchase("pro.lifetime", on: Date(timeIntervalSince1970: seconds))
        #expect(transaction.hasMeaningfulDates == isMeaningful)
    }
}

extension TransactionDateTests {
    /// Two instances started with `--now` a moment apart: the one whose clock is behind finds
    /// the other's purchase dated a little after its own now, and must still not sell it again.
    @Test(arguments: [
        (StoreFixtures.lifetime, StoreSimulator.Notice.alreadyOwned),
        (StoreFixtures.monthly, StoreSimulator.Notice.alreadySubscribed),
    ])
    func aPurchaseRecordedByAClockAheadStillBlocksSellingTwice(product: Product, refusal: StoreSimulator.Notice) {
        let ahead = F.date(2026, 1, 1).addingTimeInterval(2)
        let ledger = Ledger([Self.purchase(product.id, on: ahead, willRenew: product.type == .autoRenewable)])
        let behind = LedgerTransaction(id: "t2", productID: product.id, purchaseDate: F.date(2026, 1, 1))
        let gate = PurchaseGate(catalog: F.catalog, calendar: F.calendar)
        #expect(gate.refusal(of: behind, in: ledger) == refusal)
    }

    @Test func aForgedLifetimeDoesNotBlockBuyingIt() {
        let ledger = Ledger([Self.purchase("pro.lifetime", on: Self.absurd)])
        let gate = PurchaseGate(catalog: F.catalog, calendar: F.calendar)
        #expect(gate.refusal(ofBuying: F.lifetime, in: ledger, at: Self.today) == nil)
    }
}

extension TransactionDateTests {
    /// A second run started at the same `--now` as the run that bought: the purchase, made a
    /// little into the first run, counts once this run's clock reaches it, and the shell is
    /// told to wake then.
    @Test func thePaywallWakesWhenItsClockReachesAPurchaseRecordedForLater() throws {
        let start = F.date(2026, 1, 1)
        let ledger = Ledger([Self.purchase("tui_onboard_pro_lifetime", on: start.addingTimeInterval(3))])
        var controller = PaywallController(
            setup: PaywallSetup(
                catalog: try PaywallFixtures.defaultCatalog(), ledger: ledger, clock: StoreClock(startWallDate: start)),
            seed: 1)
        #expect(controller.statuses.first?.state == .notPurchased)
        #expect(controller.nextChange == start.addingTimeInterval(3))
        controller.setWallDate(start.addingTimeInterval(3))
        #expect(controller.statuses.first?.state == .lifetime)
        #expect(controller.nextChange == nil)
    }
}
