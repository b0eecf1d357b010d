import Foundation
import Testing

@testable import OnboardKit

/// The transaction listing is oldest first, and a row that names another (an upgrade the payment
/// it replaces, a refund the payment it returns) comes after it, even when the ledger's dates
/// disagree, as two windows under simulated clocks or a ledger written by hand can make them.
@Suite struct TransactionOrderTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    static func grant(_ id: String, _ product: String, _ day: Int, original: String? = nil, replacing: String? = nil)
        -> LedgerTransaction
    {
        LedgerTransaction(
            id: id, originalID: original, productID: product, purchaseDate: F.date(2026, 1, day),
            willRenew: true, appliesTo: replacing, planChange: replacing == nil ? nil : "upgrade",
            proratedRefund: replacing == nil ? nil : "1.00")
    }

    static func refund(_ id: String, of payment: String, original: String, _ day: Int) -> LedgerTransaction {
        LedgerTransaction(
            id: id, originalID: original, productID: "gold.monthly", purchaseDate: F.date(2026, 1, day),
            state: .refunded, appliesTo: payment)
    }

    static let ledgers: [(name: String, transactions: [LedgerTransaction])] = [
        ("in order", [grant("P", "bronze.monthly", 5), grant("U", "gold.monthly", 8, original: "P", replacing: "P")]),
        (
            "an upgrade dated before the purchase it replaces",
            [grant("P", "bronze.monthly", 5), grant("U", "gold.monthly", 2, original: "P", replacing: "P")]
        ),
        (
            "an upgrade recorded before the purchase it replaces, at the same moment",
            [grant("U", "gold.monthly", 5, original: "P", replacing: "P"), grant("P", "bronze.monthly", 5)]
        ),
        (
            "a refund dated before its payment, and another purchase between",
            [
                grant("P", "bronze.monthly", 6), grant("L", "gold.lifetime", 4),
                refund("R", of: "P", original: "P", 3),
            ]
        ),
        (
            "an upgrade replacing a renewal, dated before it",
            [grant("P", "bronze.monthly", 1), grant("U", "gold.monthly", 20, original: "P", replacing: "P")]
        ),
    ]

    @Test(arguments: ledgers.indices)
    func aRowThatNamesAnotherComesAfterIt(index: Int) {
        let (name, transactions) = Self.ledgers[index]
        let rows = TransactionListing(catalog: L.catalog(), calendar: F.calendar)
            .rows(of: Ledger(transactions), at: F.date(2026, 3, 1))
        let position = Dictionary(rows.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        for (at, row) in rows.enumerated() {
            if let named = row.appliesTo, let before = position[named] {
                #expect(before < at, "\(name): \(row.id) is listed before \(named), which it names")
            }
            if let replacement = row.replacedBy, let after = position[replacement] {
                #expect(at < after, "\(name): \(replacement) is listed before \(row.id), which it replaces")
            }
        }
        // Every row is listed once.
        #expect(rows.count == Set(rows.map(\.id)).count, "\(name)")
        #expect(!rows.isEmpty)
    }

    @Test func rowsTheDatesOrderKeepTheirOrder() {
        let ledger = Ledger([
            Self.grant("A", "gold.lifetime", 9), Self.grant("B", "bronze.monthly", 3),
            Self.grant("C", "silver.annual", 6),
        ])
        let rows = TransactionListing(catalog: L.catalog(), calendar: F.calendar).rows(
            of: ledger, at: F.date(2026, 1, 20))
        #expect(rows.map(\.id) == ["B", "C", "A"])
    }

    @Test func namesThatFormALoopAreListedByDateAtTheEnd() {
        let rows: [(row: TransactionListing.Row, order: Int)] = [
            (Self.row("X", day: 2, appliesTo: "Y"), 0), (Self.row("Y", day: 1, appliesTo: "X"), 1),
            (Self.row("Z", day: 3, appliesTo: nil), 2),
        ]
        #expect(TransactionListing.ordered(rows).map(\.id) == ["Z", "Y", "X"])
    }

    static func row(_ id: String, day: Int, appliesTo: String?) -> TransactionListing.Row {
        TransactionListing.Row(
            id: id, originalID: id, productID: "p", kind: .refund, date: F.date(2026, 1, day), appliesTo: appliesTo)
    }
}
