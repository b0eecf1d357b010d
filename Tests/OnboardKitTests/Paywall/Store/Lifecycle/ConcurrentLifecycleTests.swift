import Foundation
import Testing

@testable import OnboardKit

/// Two lifecycle steps planned at once, as two windows or a window and `tui-onboard store` plan
/// them from the same ledger, then recorded one after the other through the purchase gate (as
/// the ledger's lock orders them). For every standing and every ordered pair of actions, what
/// ends up recorded must be what one sequence gives: the second step is recorded exactly when,
/// planned after the first, it would be recorded as the very same transaction.
@Suite struct ConcurrentLifecycleTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    /// A customer's standing: the steps that make it, and the moment the pair acts at.
    struct Standing: CustomStringConvertible, Sendable {
        var description: String
        var steps: [(LifecycleAction, Date)]
        var now: Date

        func ledger() throws -> Ledger {
            var ledger = Ledger()
            for (number, (action, date)) in steps.enumerated() {
                let step = try ConcurrentLifecycleTests.plan(action, on: ledger, at: date, id: "S\(number + 1)").get()
                ledger.append(step.transaction)
            }
            return ledger
        }
    }

    static let gate = PurchaseGate(catalog: L.catalog(), calendar: F.calendar)
    static let bought = F.date(2026, 1, 10)
    static let renewal = F.date(2027, 1, 10)

    static let standings: [Standing] = [
        Standing(
            description: "subscribed", steps: [(.buy(productID: "silver.annual", offerID: nil), bought)],
            now: F.date(2026, 3, 1)),
        Standing(
            description: "auto-renew off",
            steps: [
                (.buy(productID: "silver.annual", offerID: nil), bought), (.cancel(productID: "silver.annual"), bought),
            ], now: F.date(2026, 3, 1)),
        Standing(
            description: "in the grace period",
            steps: [
                (.buy(productID: "silver.annual", offerID: nil), bought),
                (.billingIssue(productID: "silver.annual"), bought),
            ], now: F.date(2027, 1, 15)),
        Standing(
            description: "in billing retry",
            steps: [
                (.buy(productID: "silver.annual", offerID: nil), bought),
                (.billingIssue(productID: "silver.annual"), bought),
            ], now: F.date(2027, 2, 1)),
        Standing(
            description: "told of a price increase",
            steps: [
                (.buy(productID: "silver.annual", offerID: nil), bought),
                (.priceIncrease(productID: "silver.annual", price: 79.99, consent: false), bought),
            ], now: F.date(2026, 3, 1)),
        Standing(
            description: "asked to agree to a price increase",
            steps: [
                (.buy(productID: "silver.annual", offerID: nil), bought),
                (.priceIncrease(productID: "silver.annual", price: 79.99, consent: true), bought),
            ], now: F.date(2026, 3, 1)),
        Standing(
            description: "a downgrade waiting",
            steps: [
                (.buy(productID: "silver.annual", offerID: nil), bought),
                (.buy(productID: "bronze.annual", offerID: nil), bought),
            ], now: F.date(2026, 3, 1)),
        Standing(
            description: "an offer waiting",
            steps: [
                (.buy(productID: "silver.monthly", offerID: nil), bought),
                (.buy(productID: "silver.monthly", offerID: "SAVE50"), bought),
            ], now: F.date(2026, 3, 1)),
    ]

    /// Every action of the store, on the group's current plan where it names one.
    static let actions: [LifecycleAction] = [
        .cancel(productID: "silver.annual"), .uncancel(productID: "silver.annual"),
        .keepPlan(productID: "silver.annual"), .billingIssue(productID: "silver.annual"),
        .resolve(productID: "silver.annual"),
        .priceIncrease(productID: "silver.annual", price: 89.99, consent: true),
        .priceIncrease(productID: "silver.annual", price: 89.99, consent: false),
        .answerPriceIncrease(productID: "silver.annual", agree: true),
        .answerPriceIncrease(productID: "silver.annual", agree: false),
        .buy(productID: "gold.annual", offerID: nil), .buy(productID: "bronze.annual", offerID: nil),
        .buy(productID: "silver.monthly", offerID: nil), .buy(productID: "silver.monthly", offerID: "SAVE50"),
        .redeem(code: "LOYAL"), .refund(transactionID: "S1", reason: "asked", revoke: false),
        .refund(transactionID: "S1", reason: nil, revoke: true),
    ]

    static func plan(_ action: LifecycleAction, on ledger: Ledger, at now: Date, id: String)
        -> Result<LifecycleStep, LifecycleRefusal>
    {
        let catalog = L.catalog()
        return StoreLifecycle(catalog: catalog, calendar: F.calendar)
            .plan(
                action, in: StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: F.calendar),
                transactionID: id)
    }

    /// Records `step` on `ledger` if the gate lets it: the transaction recorded, or nil.
    static func record(_ step: LifecycleStep?, on ledger: inout Ledger) -> LedgerTransaction? {
        guard let step, gate.refusal(of: step.transaction, in: ledger) == nil else { return nil }
        ledger.append(step.transaction)
        return step.transaction
    }

    /// The steps recorded when `first` is planned and recorded, then `second` is.
    static func serially(_ first: LifecycleAction, _ second: LifecycleAction, on start: Ledger, at now: Date)
        -> [LedgerTransaction?]
    {
        var ledger = start
        let one = record(try? plan(first, on: ledger, at: now, id: "A").get(), on: &ledger)
        let two = record(try? plan(second, on: ledger, at: now, id: "B").get(), on: &ledger)
        return [one, two]
    }

    @Test(arguments: standings)
    func everyPairPlannedAtOnceEndsAsOneSequenceOfThem(_ standing: Standing) throws {
        let start = try standing.ledger()
        var bothRecorded = 0
        for first in Self.actions {
            for second in Self.actions {
                let plannedFirst = try? Self.plan(first, on: start, at: standing.now, id: "A").get()
                let plannedSecond = try? Self.plan(second, on: start, at: standing.now, id: "B").get()
                var ledger = start
                let one = Self.record(plannedFirst, on: &ledger)
                let two = Self.record(plannedSecond, on: &ledger)
                let inOrder = Self.serially(first, second, on: start, at: standing.now)
                // The first to take the lock sees what it planned against.
                #expect(one == inOrder[0], "\(standing): \(first) then \(second)")
                // The second is recorded only as it would be after the first, else refused.
                if let two {
                    #expect(two == inOrder[1], "\(standing): \(first) then \(second) recorded \(two)")
                    if one != nil { bothRecorded += 1 }
                } else if let plannedSecond, plannedSecond.transaction == inOrder[1] {
                    Issue.record("\(standing): \(second) after \(first) refused, though it holds after it")
                }
            }
        }
        // Not a table of refusals only: in every standing some pairs both go through.
        #expect(bothRecorded > 0, "\(standing)")
    }
}
