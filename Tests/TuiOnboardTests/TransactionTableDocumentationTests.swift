import Foundation
import OnboardKit
import Testing

@testable import tui_onboard

/// docs/store.md describes `store transactions --json` as it is printed: the example's keys, the
/// schema's required keys and kinds, and the version are the table's own.
@Suite struct TransactionTableDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The JSON object in the first ```json block after `heading`.
    static func documented(after heading: String) throws -> [String: Any] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/store.md"), encoding: .utf8)
        let section = try #require(text.range(of: "\n\(heading)\n"))
        let start = try #require(text[section.upperBound...].range(of: "```json\n"))
        let end = try #require(text[start.upperBound...].range(of: "\n```"))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any])
    }

    /// What the table prints for one monthly purchase.
    static func printed() throws -> [String: Any] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let monthly = Product(
            id: "pro.monthly", type: .autoRenewable, price: 4.99, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .month), localizedTitle: "Pro Monthly")
        let catalog = Catalog(
            offerings: [], currentOfferingID: "default", products: [monthly.id: monthly],
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: [monthly.id])])
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let ledger = Ledger([
            LedgerTransaction(
                id: "T1", productID: monthly.id, purchaseDate: now, expiresDate: now.addingTimeInterval(2_678_400),
                willRenew: true)
        ])
        let table = TransactionTable(
            rows: TransactionListing(catalog: catalog, calendar: calendar).rows(of: ledger, at: now), now: now,
            isSandbox: true, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        return try #require(try JSONSerialization.jsonObject(with: Data(table.json().utf8)) as? [String: Any])
    }

    static func rowKeys(_ document: [String: Any]) -> Set<String> {
        Set(((document["transactions"] as? [[String: Any]])?.first ?? [:]).keys)
    }

    @Test func theExampleHasExactlyTheKeysPrinted() throws {
        let example = try Self.documented(after: "### Example")
        let printed = try Self.printed()
        #expect(Set(example.keys) == Set(printed.keys))
        #expect(Self.rowKeys(example) == Self.rowKeys(printed))
        #expect(example["version"] as? Int == TransactionTable.jsonVersion)
    }

    @Test func theSchemaRequiresEveryKeyAndNamesEveryKind() throws {
        let schema = try Self.documented(after: "### JSON Schema")
        let printed = try Self.printed()
        #expect(Set(schema["required"] as? [String] ?? []) == Set(printed.keys))
        let version = (schema["properties"] as? [String: Any])?["version"] as? [String: Any]
        #expect(version?["const"] as? Int == TransactionTable.jsonVersion)
        let row = ((schema["$defs"] as? [String: Any])?["transaction"] as? [String: Any]) ?? [:]
        #expect(Set(row["required"] as? [String] ?? []) == Self.rowKeys(printed))
        #expect(Set((row["properties"] as? [String: Any] ?? [:]).keys) == Self.rowKeys(printed))
        let kinds = ((row["properties"] as? [String: Any])?["kind"] as? [String: Any])?["enum"] as? [String]
        #expect(kinds == TransactionListing.Kind.allCases.map(\.rawValue))
    }
}
