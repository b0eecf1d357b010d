import Foundation
import Testing

/// The store's clock runs through the years 1970 to 8999, and periods and offers last at most
/// 999 years: whatever is bought at its last moment, every date shown, to people and to
/// programs, has a four-digit year.
@Suite("The store's calendar")
struct StoreCalendarEndToEndTests {
    static func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    /// The longest things a catalog may sell, each in a group of its own.
    static let catalog = """
        {
          "formatVersion": 1, "currency": "USD", "currentOffering": "main",
          "products": [
            { "id": "ages", "title": "Ages", "type": "autoRenewable", "price": "1", "period": "P999Y", "subscriptionGroup": "a" },
            { "id": "trial", "title": "Trial", "type": "autoRenewable", "price": "1", "period": "P1M", "subscriptionGroup": "b",
              "introductoryOffer": { "mode": "freeTrial", "period": "P999Y" } },
            { "id": "steps", "title": "Steps", "type": "autoRenewable", "price": "1", "period": "P1Y", "subscriptionGroup": "c",
              "introductoryOffer": { "mode": "payUpFront", "period": "P1Y", "periodCount": 999, "price": "1" } },
            { "id": "weeks", "title": "Weeks", "type": "autoRenewable", "price": "1", "period": "P999W", "subscriptionGroup": "d" },
            { "id": "pass", "title": "Pass", "type": "nonRenewing", "price": "1", "period": "P999Y" }
          ],
          "entitlements": [ { "id": "pro", "displayName": "Pro", "products": ["ages", "trial", "steps", "weeks", "pass"] } ],
          "offerings": [ { "id": "main", "packages": [ { "id": "ages", "product": "ages" } ] } ]
        }
        """

    @Test func everythingBoughtAtTheClocksEndEndsInAFourDigitYear() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let catalog = try files.write(Self.catalog, to: "catalog.json")
        let common = ["--catalog", catalog, "--state-dir", files.path("state")]
        let end = "8999-12-31T23:59:59Z"
        for product in ["ages", "trial", "steps", "weeks", "pass"] {
            let bought = try Self.run(["store", "buy", product, "--now", end] + common)
            #expect(bought.status == 0, "\(product): \(bought)")
        }
        let outputs = try [
            ["status", "--sandbox", "--now", end], ["status", "--sandbox", "--json", "--now", end],
            ["store", "transactions", "--now", end], ["store", "transactions", "--json", "--now", end],
        ].map { try Self.run($0 + common) }
        for output in outputs {
            #expect(output.status == 0, "\(output)")
            #expect(output.standardOutput.contains("8999") || output.standardOutput.contains("9000"))
            // No year of five digits, in RFC 3339 or in a person's words.
            #expect(
                output.standardOutput.firstMatch(of: /\d{5}-\d\d-\d\d|, \d{5}\b/) == nil, "\(output.standardOutput)")
        }
    }

    @Test(arguments: ["9000-01-01", "9999-12-20", "1969-12-31T23:59:59Z", "0000-01-01"])
    func aClockOutsideTheYearsIsRefused(now: String) throws {
        let refused = try Self.run(["status", "--now", now])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("needs a date in the years 1970 to 8999"), "\(refused)")
    }

    @Test func anOfferLongerThanTheLongestPeriodIsACatalogError() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let long = Self.catalog.replacingOccurrences(of: #""periodCount": 999"#, with: #""periodCount": 2, "x": 0"#)
            .replacingOccurrences(of: #""period": "P1Y", "periodCount""#, with: #""period": "P999Y", "periodCount""#)
            .replacingOccurrences(of: #", "x": 0"#, with: "")
        let catalog = try files.write(long, to: "catalog.json")
        let checked = try Self.run(["validate", catalog])
        #expect(checked.status == 65)
        #expect(
            checked.standardError.contains(
                "products[2].introductoryOffer.periodCount: 2 periods of P999Y last longer than P999Y (999 years) in all"
            ),
            "\(checked.standardError)")
    }
}
