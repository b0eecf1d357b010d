import Foundation
import Testing

/// A state directory beside the store tests' catalog, and the commands the store tests run on
/// them through the built binary: `store`, `status --json`, `has`.
struct StoreFixture {
    /// One subscription group of three levels (Premium 1, Plus 2, Basic 3), each monthly and
    /// annual; a lifetime unlock; a 16-day grace period; a promotional and a win-back offer on
    /// Plus Monthly; two offer codes. "pro" comes with any of them, "premium" only with the
    /// Premium plans and the lifetime unlock.
    static let catalog = """
        {
          "formatVersion": 1,
          "currency": "USD",
          "currentOffering": "default",
          "links": { "privacyPolicy": "https://example.com/privacy", "termsOfUse": "https://example.com/terms" },
          "store": { "gracePeriod": "P16D" },
          "products": [
            { "id": "premium_monthly", "type": "autoRenewable", "price": "9.99", "period": "P1M",
              "subscriptionGroup": "pro", "groupLevel": 1, "title": "Premium Monthly" },
            { "id": "premium_annual", "type": "autoRenewable", "price": "99.99", "period": "P1Y",
              "subscriptionGroup": "pro", "groupLevel": 1, "title": "Premium Annual" },
            { "id": "plus_monthly", "type": "autoRenewable", "price": "5.99", "period": "P1M",
              "subscriptionGroup": "pro", "groupLevel": 2, "title": "Plus Monthly",
              "offers": [
                { "kind": "promotional", "id": "plus_half", "mode": "payAsYouGo", "period": "P1M",
                  "periodCount": 3, "price": "2.99" },
                { "kind": "winBack", "id": "come_back", "mode": "freeTrial", "period": "P1M",
                  "eligibility": ["expired"], "winBack": { "minimumMonthsSinceLapse": 1 } }
              ] },
            { "id": "plus_annual", "type": "autoRenewable", "price": "59.99", "period": "P1Y",
              "subscriptionGroup": "pro", "groupLevel": 2, "title": "Plus Annual" },
            { "id": "basic_monthly", "type": "autoRenewable", "price": "2.99", "period": "P1M",
              "subscriptionGroup": "pro", "groupLevel": 3, "title": "Basic Monthly" },
            { "id": "basic_annual", "type": "autoRenewable", "price": "29.99", "period": "P1Y",
              "subscriptionGroup": "pro", "groupLevel": 3, "title": "Basic Annual" },
            { "id": "pro_lifetime", "type": "nonConsumable", "price": "199.99", "title": "Pro Lifetime" }
          ],
          "offerCodes": [
            { "code": "WELCOME3", "product": "basic_monthly", "mode": "payAsYouGo", "period": "P1M",
              "periodCount": 3, "price": "0.99", "eligibility": ["new"] },
            { "code": "LOYAL-YEAR", "product": "premium_annual", "mode": "payUpFront", "period": "P1Y",
              "price": "49.99", "eligibility": ["existing", "expired"] }
          ],
          "entitlements": [
            { "id": "pro", "displayName": "Pro",
              "products": ["premium_monthly", "premium_annual", "plus_monthly", "plus_annual", "basic_monthly",
                           "basic_annual", "pro_lifetime"] },
            { "id": "premium", "displayName": "Premium",
              "products": ["premium_monthly", "premium_annual", "pro_lifetime"] }
          ],
          "offerings": [
            { "id": "default",
              "packages": [
                { "id": "premium_monthly", "product": "premium_monthly" },
                { "id": "premium_annual", "product": "premium_annual" },
                { "id": "plus_monthly", "product": "plus_monthly" },
                { "id": "plus_annual", "product": "plus_annual" },
                { "id": "basic_monthly", "product": "basic_monthly" },
                { "id": "basic_annual", "product": "basic_annual" },
                { "id": "$rc_lifetime", "product": "pro_lifetime" }
              ] }
          ]
        }
        """

    /// Every key of a row of `store transactions --json`.
    static let rowKeys: Set<String> = [
        "id", "originalID", "productID", "kind", "date", "expiresDate", "price", "currency", "offer", "offerKind",
        "offerID", "refundedAt", "revoked", "reason", "replacedBy", "proratedRefund", "pendingProductID",
        "newPrice", "requiresConsent", "appliesTo",
    ]

    let root: TemporaryDirectory
    let catalogPath: String

    init() throws {
        root = try TemporaryDirectory()
        catalogPath = try root.write(Self.catalog, to: "catalog.json")
    }

    func remove() { root.remove() }

    var stateDirectory: String { root.path("state") }
    var sandboxLedger: String { root.path("state/sandbox/ledger.jsonl") }
    var realLedger: String { root.path("state/ledger.jsonl") }

    /// What every command here is given: the catalog and the state directory.
    var commonArguments: [String] { ["--catalog", catalogPath, "--state-dir", stateDirectory] }

    /// Runs `tui-onboard ARGUMENTS --catalog … --state-dir …`.
    func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments + commonArguments)
    }

    /// `store ACTION… --now DATE` (the real clock without one), which must succeed: its summary.
    @discardableResult
    func store(_ action: [String], now: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = try run(["store"] + action + (now.map { ["--now", $0] } ?? []))
        #expect(output.status == 0, "store \(action) at \(now ?? "now"): \(output)", sourceLocation: sourceLocation)
        #expect(
            output.standardError.isEmpty, "store \(action): \(output.standardError)", sourceLocation: sourceLocation)
        return output.standardOutput
    }

    /// `store ACTION… --now DATE`, which must exit `status` (1, the store refused; 2, a name it
    /// does not know or a usage error) with `reason` on stderr, and "nothing was recorded" after
    /// it unless `isUsage` (the command line was wrong before the store was asked), nothing on
    /// stdout, and every file of the state directory as it was, byte for byte.
    func refuse(
        _ action: [String], now: String, status: Int32 = 1, saying reason: String, isUsage: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = files()
        let output = try run(["store"] + action + ["--now", now])
        #expect(output.status == status, "store \(action) at \(now): \(output)", sourceLocation: sourceLocation)
        #expect(output.standardOutput.isEmpty, "store \(action): \(output)", sourceLocation: sourceLocation)
        #expect(
            output.standardError.contains(reason), "store \(action): \(output.standardError)",
            sourceLocation: sourceLocation)
        #expect(
            output.standardError.contains("; nothing was recorded") == !isUsage,
            "store \(action): \(output.standardError)", sourceLocation: sourceLocation)
        #expect(files() == before, "store \(action) was refused but changed the state directory")
    }

    /// Every file under the state directory, by path relative to it, with its bytes.
    func files() -> [String: Data] {
        let base = URL(fileURLWithPath: stateDirectory)
        guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [:] }
        var found: [String: Data] = [:]
        for case let url as URL in walk
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            found[String(url.path.dropFirst(base.path.count))] = FileManager.default.contents(atPath: url.path)
        }
        return found
    }

    /// The whole lines of a ledger file.
    func lines(of ledger: String) -> [Substring] {
        ((try? String(contentsOfFile: ledger, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// The entitlement `id` in `status --json --now DATE` (`--sandbox` unless told otherwise).
    func entitlement(_ id: String = "pro", at now: String?, sandbox: Bool = true) throws -> [String: Any] {
        let output = try run(
            ["status", "--json"] + (now.map { ["--now", $0] } ?? []) + (sandbox ? ["--sandbox"] : []))
        try #require(output.status == 0, "status at \(now ?? "now"): \(output)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 2)
        let entitlements = try #require(document["entitlements"] as? [[String: Any]])
        return try #require(entitlements.first { $0["id"] as? String == id }, "no \(id) in \(output.standardOutput)")
    }

    /// The exit code of `has ID --now DATE` (`--sandbox` unless told otherwise); it prints nothing.
    func has(_ id: String = "pro", at now: String?, sandbox: Bool = true) throws -> Int32 {
        let output = try run(["has", id] + (now.map { ["--now", $0] } ?? []) + (sandbox ? ["--sandbox"] : []))
        #expect(output.standardOutput.isEmpty && output.standardError.isEmpty, "has \(id): \(output)")
        return output.status
    }

    /// `store transactions --json --now DATE` as printed.
    func transactionsJSON(at now: String?) throws -> String {
        let output = try run(["store", "transactions", "--json"] + (now.map { ["--now", $0] } ?? []))
        try #require(output.status == 0, "store transactions at \(now ?? "now"): \(output)")
        return output.standardOutput
    }

    /// `store transactions --json --now DATE`, parsed.
    func transactions(at now: String?) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(try transactionsJSON(at: now).utf8)) as? [String: Any])
    }

    /// The rows of `store transactions --json --now DATE`.
    func rows(at now: String?) throws -> [[String: Any]] {
        try #require(try transactions(at: now)["transactions"] as? [[String: Any]])
    }
}

/// True for JSON's null as `JSONSerialization` gives it (a key that is there, with no value).
func isNull(_ value: Any?) -> Bool { value is NSNull }
