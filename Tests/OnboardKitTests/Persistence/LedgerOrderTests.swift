import Foundation
import Testing

@testable import OnboardKit

/// Ledger lines whose checksums hold but that no store could have recorded where they stand:
/// each one counts for nothing (it neither grants, withdraws nor changes), and is named.
@Suite struct LedgerOrderTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    static let catalog = L.catalog()

    /// A sound ledger: Silver Annual bought on 10 January, upgraded to Gold Annual on 1 March.
    static func sound() throws -> Ledger {
        var customer = L.Customer()
        customer.buy("silver.annual")
        customer.now = F.date(2026, 3, 1)
        customer.buy("gold.annual")
        return customer.ledger
    }

    static func event(
        _ id: String, _ state: LedgerTransaction.State, on date: Date, appliesTo: String?, original: String? = nil,
        product: String = "silver.annual", planChange: String? = nil
    ) -> LedgerTransaction {
        LedgerTransaction(
            id: id, originalID: original, productID: product, purchaseDate: date,
            expiresDate: state == .purchased ? F.date(2027, 3, 1) : nil, state: state, willRenew: state == .purchased,
            appliesTo: appliesTo, planChange: planChange)
    }

    /// A line added to the sound ledger, what `LedgerOrder` says of it, and whether Pro is still
    /// active on 2 March (a line that counted would change that, or the plan).
    static let impossible: [(String, LedgerTransaction, String)] = [
        (
            "a refund dated before its purchase",
            event("R", .refunded, on: F.date(2026, 1, 1), appliesTo: "T1", original: "T1"),
            "is dated 2026-01-01T00:00:00Z, before T1"
        ),
        (
            "a refund of a transaction never recorded",
            event("R", .refunded, on: F.date(2026, 3, 2), appliesTo: "T9", original: "T1"),
            "acts on T9, which is not recorded before it"
        ),
        (
            "a cancel belonging to a purchase never recorded",
            event("C", .renewalCancelled, on: F.date(2026, 3, 2), appliesTo: nil, original: "T7"),
            "belongs to T7, which is not recorded before it"
        ),
        (
            "an upgrade to another group's product",
            event(
                "U", .purchased, on: F.date(2026, 3, 2), appliesTo: "T2", original: "T1", product: "gold.lifetime",
                planChange: "upgrade"),
            "puts T1 (silver.annual) on gold.lifetime, which is not in its subscription group"
        ),
        (
            "a refund of a renewal dated before the purchase it renews",
            event("R", .refunded, on: F.date(2025, 12, 1), appliesTo: "T1.2", original: "T1"),
            "before T1.2"
        ),
    ]

    @Test(arguments: impossible)
    func anImpossibleLineCountsForNothingAndIsNamed(
        _ description: String, _ line: LedgerTransaction, _ reason: String
    ) throws {
        let sound = try Self.sound()
        #expect(LedgerOrder.problems(in: sound, catalog: Self.catalog).isEmpty)
        var edited = sound
        edited.append(line)
        let problems = LedgerOrder.problems(in: edited, catalog: Self.catalog)
        #expect(problems.map(\.transactionID) == [line.id], "\(description): \(problems)")
        #expect(problems.first?.position == edited.count)
        #expect(problems.first?.reason.contains(reason) == true, "\(description): \(problems)")
        // What the customer has is what the sound ledger gives, at any moment after.
        for now in [F.date(2026, 3, 2), F.date(2026, 6, 1), F.date(2028, 1, 1)] {
            let status = { (ledger: Ledger) in
                EntitlementResolver.status(
                    of: Self.catalog.entitlement(id: "pro")!,
                    in: StoreContext(catalog: Self.catalog, ledger: ledger, now: now, calendar: F.calendar))
            }
            #expect(status(edited) == status(sound), "\(description) at \(now)")
        }
        let listed = TransactionListing(catalog: Self.catalog, calendar: F.calendar).rows(
            of: edited, at: F.date(2026, 6, 1))
        #expect(!listed.contains { $0.id == line.id }, "\(description)")
    }

    @Test func whatActsOnALineThatDoesNotCountDoesNotCountEither() {
        let purchase = Self.event("P", .purchased, on: F.date(2026, 1, 10), appliesTo: nil)
        let misplaced = Self.event("U", .purchased, on: F.date(2026, 1, 5), appliesTo: "P", original: "P")
        let refund = Self.event("R", .refunded, on: F.date(2026, 2, 1), appliesTo: "U", original: "P")
        let problems = LedgerOrder.problems(in: Ledger([purchase, misplaced, refund]), catalog: Self.catalog)
        #expect(problems.map(\.transactionID) == ["U", "R"])
    }

    /// Every ledger the store's own steps make is sound: the whole lifecycle table of
    /// `ConcurrentLifecycleTests`, each standing with every action after it.
    @Test func everyLedgerTheStoreWritesIsSound() throws {
        typealias C = ConcurrentLifecycleTests
        for standing in C.standings {
            let start = try standing.ledger()
            for action in C.actions {
                var ledger = start
                _ = C.record(try? C.plan(action, on: start, at: standing.now, id: "A").get(), on: &ledger)
                #expect(
                    LedgerOrder.problems(in: ledger, catalog: Self.catalog).isEmpty, "\(standing) then \(action)")
            }
        }
    }
}
