import Foundation
import Testing

@testable import OnboardKit

private typealias F = StoreFixtures

/// The paywall works entitlements out when the ledger or the simulated clock changes them, not
/// on every frame, and its cached answers are always those a fresh computation gives.
struct EntitlementCacheTests {
    static let start = F.date(2026, 1, 1)
    static let page = PaywallPage(offeringID: "default")

    /// A controller whose store starts at `start` and runs `timeRate` times the wall clock.
    static func controller(ledger: Ledger = Ledger(), timeRate: Double = 1, simulatedStart: Date = start)
        -> PaywallController
    {
        let clock = StoreClock(
            startWallDate: Date(timeIntervalSince1970: 0), startSimulatedDate: simulatedStart, timeRate: timeRate)
        return PaywallController(
            setup: PaywallSetup(catalog: F.catalog, ledger: ledger, clock: clock, timeZone: F.utc), seed: 1)
    }

    static let monthlyBoughtOnNewYear = Ledger([
        LedgerTransaction(
            id: "m1", productID: "pro.monthly", purchaseDate: start, expiresDate: F.date(2026, 2, 1),
            willRenew: true)
    ])

    /// Advances the controller's wall clock by `frames` frames of 1/60 s, drawing each one.
    static func play(_ controller: inout PaywallController, frames: Int) {
        for _ in 0..<frames {
            controller.setWallDate(controller.wallDate.addingTimeInterval(1.0 / 60))
            _ = controller.tick(seconds: 1.0 / 60)
            _ = controller.presentation(for: page)
        }
    }

    @Test func framesWithoutAChangeWorkEntitlementsOutOnce() {
        var controller = Self.controller(ledger: Self.monthlyBoughtOnNewYear)
        Self.play(&controller, frames: 300)
        #expect(controller.entitlements.computations == 1)
        #expect(controller.statuses[0].state == .active(until: F.date(2026, 2, 1), willRenew: true))
    }

    @Test func aRenewalWorksThemOutAgainOnceAndOnlyOnce() throws {
        // Ten simulated days per wall second: the renewal on 1 February comes after 3.1 seconds.
        var controller = Self.controller(ledger: Self.monthlyBoughtOnNewYear, timeRate: 864_000)
        #expect(controller.entitlements.snapshot.validUntil == F.date(2026, 2, 1))
        Self.play(&controller, frames: 3 * 60)
        #expect(controller.entitlements.computations == 1)
        Self.play(&controller, frames: 12)
        #expect(controller.entitlements.computations == 2)
        #expect(controller.statuses[0].state == .active(until: F.date(2026, 3, 1), willRenew: true))
        #expect(controller.entitlements.snapshot.validUntil == F.date(2026, 3, 1))
        Self.play(&controller, frames: 2 * 60)
        #expect(controller.entitlements.computations == 2)
    }

    @Test func onlyANewLedgerWorksThemOutAgain() {
        var controller = Self.controller()
        controller.replaceLedger(Ledger())
        #expect(controller.entitlements.computations == 1)
        controller.replaceLedger(Self.monthlyBoughtOnNewYear)
        #expect(controller.entitlements.computations == 2)
        #expect(controller.statuses[0].isActive)
        controller.replaceLedger(Self.monthlyBoughtOnNewYear)
        #expect(controller.entitlements.computations == 2)
    }

    @Test func withNothingThatEndsTheAnswerHoldsUntilTheLedgerChanges() {
        let ledger = Ledger([LedgerTransaction(id: "l1", productID: "pro.lifetime", purchaseDate: Self.start)])
        var controller = Self.controller(ledger: ledger, timeRate: 86_400 * 365)
        #expect(controller.entitlements.snapshot.validUntil == nil)
        Self.play(&controller, frames: 300)
        #expect(controller.entitlements.computations == 1)
    }

    // MARK: Against a fresh computation

    /// The answers as the paywall worked them out before they were cached: every question
    /// asked of the resolver on its own, for every product.
    struct Answers: Equatable {
        var statuses: [EntitlementStatus]
        var owned: Set<String>
        var blocked: Set<String>
        var eligible: Set<String>

        init(reference context: StoreContext) {
            let products = context.catalog.products.values
            statuses = EntitlementResolver.statuses(in: context)
            let owned = Set(
                products.filter {
                    EntitlementResolver.isOwned($0, in: context)
                        || EntitlementResolver.state(ofProduct: $0.id, in: context).isActive
                }.map(\.id))
            self.owned = owned
            blocked = Set(
                products.filter {
                    !owned.contains($0.id) && EntitlementResolver.activeSubscription(for: $0, in: context) != nil
                }.map(\.id))
            eligible = Set(
                products.filter {
                    EntitlementResolver.isEligibleForIntroductoryOffer(
                        $0, catalog: context.catalog, ledger: context.ledger)
                }.map(\.id))
        }

        init(_ snapshot: EntitlementSnapshot) {
            statuses = snapshot.statuses
            owned = snapshot.ownedProductIDs
            blocked = snapshot.blockedProductIDs
            eligible = snapshot.introEligibleProductIDs
        }
    }

    /// A random ledger event on top of `ledger`: purchases of every kind (with and without
    /// offers, with recorded or derived ends, some dated ahead of the clock), renewals,
    /// cancellations of auto-renew, refunds, revocations, ask-to-buy requests and their answers,
    /// and purchases of a product the catalog does not list.
    static func randomTransaction(
        after ledger: Ledger, around now: Date, using generator: inout SeededGenerator
    ) -> LedgerTransaction {
        let productIDs = F.products.map(\.id) + ["pro.retired"]
        let id = "T\(ledger.count)"
        let date = now.addingTimeInterval(Double.random(in: -40...10, using: &generator) * 86_400)
        let earlier = ledger.transactions.randomElement(using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0...3:
            let productID = productIDs.randomElement(using: &generator)!
            let product = F.catalog.products[productID]
            let offer: LedgerOffer? = Bool.random(using: &generator) ? .freeTrial : nil
            let recordsEnd = Bool.random(using: &generator)
            let end =
                recordsEnd
                ? product.flatMap {
                    EntitlementResolver.firstPeriodEnd(of: $0, offer: offer, from: date, calendar: F.calendar)
                }
                : nil
            return LedgerTransaction(
                id: id, productID: productID, purchaseDate: date, expiresDate: end, offer: offer,
                willRenew: product?.type == .autoRenewable && Int.random(in: 0..<4, using: &generator) > 0)
        case 4:
            guard let earlier else { return LedgerTransaction(id: id, productID: "pro.monthly", purchaseDate: date) }
            return LedgerTransaction(
                id: id, originalID: earlier.originalID, productID: earlier.productID, purchaseDate: date,
                expiresDate: date.addingTimeInterval(Double.random(in: 1...60, using: &generator) * 86_400),
                willRenew: Bool.random(using: &generator))
        case 5, 6:
            guard let earlier else { return LedgerTransaction(id: id, productID: "pass.season", purchaseDate: date) }
            let state: LedgerTransaction.State = [.refunded, .revoked, .renewalCancelled].randomElement(
                using: &generator)!
            return LedgerTransaction(
                id: id, originalID: earlier.originalID, productID: earlier.productID, purchaseDate: date, state: state,
                appliesTo: Bool.random(using: &generator) ? earlier.id : nil)
        case 7:
            return LedgerTransaction(
                id: id, productID: productIDs.randomElement(using: &generator)!, purchaseDate: date, state: .pending)
        default:
            guard let request = ledger.pendingTransactions.randomElement(using: &generator) else {
                return LedgerTransaction(id: id, productID: "studio.monthly", purchaseDate: date, state: .pending)
            }
            let state: LedgerTransaction.State = Bool.random(using: &generator) ? .approved : .declined
            return LedgerTransaction(
                id: id, originalID: request.originalID, productID: request.productID, purchaseDate: date,
                expiresDate: state == .approved && Bool.random(using: &generator)
                    ? date.addingTimeInterval(7 * 86_400) : nil,
                state: state, willRenew: state == .approved, appliesTo: request.id)
        }
    }

    @Test(arguments: 0..<25 as Range<UInt64>)
    func cachedAnswersEqualAFreshComputationAtEveryStep(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var ledger = Ledger()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            ledger.append(Self.randomTransaction(after: ledger, around: Self.start, using: &generator))
        }
        // One simulated day per wall second, so 160 steps of up to 3 seconds cross many renewals.
        var controller = Self.controller(ledger: ledger, timeRate: 86_400)
        for _ in 0..<160 {
            let before = controller.entitlements.computations
            switch Int.random(in: 0..<20, using: &generator) {
            case 0:
                var grown = controller.ledger
                grown.append(Self.randomTransaction(after: grown, around: controller.now, using: &generator))
                controller.replaceLedger(grown)
                #expect(controller.entitlements.computations == before + 1)
            case 1:
                // Land exactly on the boundary the cache gave, where renewals and expiries happen.
                if let boundary = controller.entitlements.snapshot.validUntil {
                    controller.setWallDate(controller.clock.wallDate(atSimulated: boundary))
                }
            default:
                let frame = Double.random(in: 0...3, using: &generator)
                controller.setWallDate(controller.wallDate.addingTimeInterval(frame))
            }
            let fresh = Answers(reference: controller.context)
            #expect(Answers(controller.entitlements.snapshot) == fresh, "seed \(seed) at \(controller.now)")
        }
        // The cache did skip work: far fewer computations than frames.
        #expect(controller.entitlements.computations < 160)
    }
}
