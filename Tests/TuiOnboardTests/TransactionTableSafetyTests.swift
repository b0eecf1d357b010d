import Foundation
import OnboardKit
import Testing

@testable import tui_onboard

/// `store transactions` prints what a ledger holds, and a ledger may be edited by hand: its
/// table shows no control raw, and its JSON escapes them as every JSON tui-onboard writes does.
@Suite struct TransactionTableSafetyTests {
    static let hostile = "T\u{1B}[2J\u{7F}\u{85}\u{9B}31m\u{2028}\u{2029}\n1"

    static func table() -> TransactionTable {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let lifetime = Product(
            id: "pro.lifetime", type: .nonConsumable, price: 9.99, currencyCode: "USD", localizedTitle: "Lifetime")
        let catalog = Catalog(
            offerings: [], currentOfferingID: "default", products: [lifetime.id: lifetime],
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: [lifetime.id])])
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let ledger = Ledger([
            LedgerTransaction(id: hostile, productID: lifetime.id, purchaseDate: now, willRenew: false)
        ])
        return TransactionTable(
            rows: TransactionListing(catalog: catalog, calendar: calendar).rows(of: ledger, at: now), now: now,
            isSandbox: false, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    }

    static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
            || scalar == "\u{2029}"
    }

    @Test func theTableAndItsJSONCarryNoControlRaw() throws {
        let table = Self.table()
        let text = table.text(appID: "demo")
        #expect(!text.unicodeScalars.contains(where: Self.isRaw), "\(text.debugDescription)")
        #expect(text.split(separator: "\n").count == 2, "one heading and one row: \(text.debugDescription)")
        let json = table.json()
        #expect(!json.unicodeScalars.contains(where: Self.isRaw), "\(json.debugDescription)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require(document["transactions"] as? [[String: Any]])
        #expect(rows.first?["id"] as? String == Self.hostile)
    }
}
