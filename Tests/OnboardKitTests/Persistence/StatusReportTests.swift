import Foundation
import Testing

@testable import OnboardKit

/// What `status` prints, for people and for programs, for every state an entitlement can be in.
@Suite struct StatusReportTests {
    static let now = Date(timeIntervalSince1970: 1_769_817_600)  // 2026-01-31T00:00:00Z
    static let utc = TimeZone(identifier: "UTC")!
    static let english = Locale(identifier: "en_US")
    static let pro = Entitlement(id: "pro", displayName: "Pro", productIDs: ["pro.monthly"])

    static func report(_ state: EntitlementStatus.State, periodType: EntitlementStatus.PeriodType? = nil)
        -> StatusReport
    {
        StatusReport(
            appID: "com.example.tool", stateDirectory: "/state", now: now,
            onboarding: FirstRunState.Record(
                lastSeenVersion: "1.4.0", completion: .finished, date: Date(timeIntervalSince1970: 1_769_731_200)),
            catalogPath: "/catalog.json",
            entitlements: [
                EntitlementStatus(
                    entitlement: pro, state: state, productID: state == .notPurchased ? nil : "pro.monthly",
                    periodType: periodType)
            ])
    }

    static func object(_ report: StatusReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
    }

    static func entitlement(_ report: StatusReport) throws -> [String: Any] {
        try #require((try object(report)["entitlements"] as? [[String: Any]])?.first)
    }

    static let later = Date(timeIntervalSince1970: 1_772_236_800)  // 2026-02-28T00:00:00Z

    @Test(arguments: [
        (EntitlementStatus.State.notPurchased, "not-purchased", false, nil as String?, nil as Bool?),
        (.lifetime, "lifetime", true, nil, nil),
        (.active(until: later, willRenew: true), "active", true, "2026-02-28T00:00:00Z", true),
        (.active(until: later, willRenew: false), "active", true, "2026-02-28T00:00:00Z", false),
        (.expired(on: later), "expired", false, "2026-02-28T00:00:00Z", false),
        (.awaitingApproval, "awaiting-approval", false, nil, nil),
        (.inGracePeriod(until: later), "in-grace-period", true, "2026-02-28T00:00:00Z", true),
        (.inBillingRetry(since: later), "in-billing-retry", false, "2026-02-28T00:00:00Z", true),
        (.refunded(on: later), "refunded", false, "2026-02-28T00:00:00Z", false),
        (.revoked(on: later), "revoked", false, "2026-02-28T00:00:00Z", false),
        (.licenseFileExpired(on: later), "license-file-expired", false, nil, false),
    ])
    func everyStateHasItsNameAndDates(
        state: EntitlementStatus.State, name: String, active: Bool, expires: String?, renews: Bool?
    ) throws {
        let entry = try Self.entitlement(Self.report(state))
        #expect(entry["state"] as? String == name)
        #expect(entry["active"] as? Bool == active)
        #expect(entry["expiresDate"] as? String == expires)
        #expect((entry["willRenew"] as? Bool) == renews)
        // Without subscription details too, as for a refunded one-time purchase.
        #expect(entry["refundedAt"] as? String == (name == "refunded" || name == "revoked" ? expires : nil))
        // Every key is there, null when it does not apply: programs can rely on the shape.
        #expect(
            Set(entry.keys) == [
                "id", "name", "active", "state", "expiresDate", "willRenew", "periodType", "productID", "source",
                "licenseID", "licensee", "graceEnds", "licenseFileExpiresDate", "licenseAccountURL",
                "originalTransactionID", "unsubscribeDetectedAt",
                "billingIssueDetectedAt", "gracePeriodExpiresDate", "refundedAt", "pendingProductID",
                "pendingChangeDate", "renewalPrice", "priceIncrease",
            ])
    }

    @Test func theWholeDocumentForAFreeTrial() throws {
        let report = Self.report(.active(until: Self.later, willRenew: true), periodType: .trial)
        #expect(
            report.json() == """
                {
                  "app" : "com.example.tool",
                  "assignments" : {

                  },
                  "catalog" : "/catalog.json",
                  "entitlements" : [
                    {
                      "active" : true,
                      "billingIssueDetectedAt" : null,
                      "expiresDate" : "2026-02-28T00:00:00Z",
                      "graceEnds" : null,
                      "gracePeriodExpiresDate" : null,
                      "id" : "pro",
                      "licenseAccountURL" : null,
                      "licenseFileExpiresDate" : null,
                      "licenseID" : null,
                      "licensee" : null,
                      "name" : "Pro",
                      "originalTransactionID" : null,
                      "pendingChangeDate" : null,
                      "pendingProductID" : null,
                      "periodType" : "trial",
                      "priceIncrease" : null,
                      "productID" : "pro.monthly",
                      "refundedAt" : null,
                      "renewalPrice" : null,
                      "source" : "simulated",
                      "state" : "active",
                      "unsubscribeDetectedAt" : null,
                      "willRenew" : true
                    }
                  ],
                  "now" : "2026-01-31T00:00:00Z",
                  "onboarding" : {
                    "answers" : {

                    },
                    "date" : "2026-01-30T00:00:00Z",
                    "lastSeenVersion" : "1.4.0",
                    "outcome" : "completed",
                    "seen" : true
                  },
                  "stateDirectory" : "/state",
                  "version" : 2
                }

                """)
    }

    @Test func anAppNeverSeenHasNullsNotMissingKeys() throws {
        var report = Self.report(.notPurchased)
        report.onboarding = nil
        report.catalogPath = nil
        report.entitlements = []
        let object = try Self.object(report)
        let onboarding = try #require(object["onboarding"] as? [String: Any])
        #expect(onboarding["seen"] as? Bool == false)
        #expect(onboarding["outcome"] is NSNull && onboarding["date"] is NSNull)
        #expect(object["catalog"] is NSNull)
        #expect((object["entitlements"] as? [Any])?.isEmpty == true)
    }

    /// ICU puts a narrow no-break space before "AM".
    @Test func peopleReadOneLinePerEntitlement() {
        let report = Self.report(.active(until: Self.later, willRenew: false))
        #expect(
            report.text(locale: Self.english, timeZone: Self.utc) == """
                com.example.tool (state in /state)
                  onboarding: completed at version 1.4.0, Jan 30, 2026 at 12:00\u{202F}AM
                  entitlements at Jan 31, 2026 at 12:00\u{202F}AM, from /catalog.json:
                    pro  active    Active until Feb 28, 2026 (won't renew) · pro.monthly

                """)
        var skipped = Self.report(.notPurchased)
        skipped.onboarding?.completion = .skipped
        let text = skipped.text(locale: Self.english, timeZone: Self.utc)
        #expect(text.contains("onboarding: skipped at version 1.4.0"))
        #expect(text.contains("pro  inactive  Not purchased\n"))
    }

    /// `status` names a `q` quit as the result JSON did; a plain skip, and a quit recorded
    /// before quits were marked, stay "skipped".
    @Test(arguments: [(true, "quit"), (false, "skipped"), (nil, "skipped")] as [(Bool?, String)])
    func aQuitIsReportedAsTheResultNamedIt(quit: Bool?, expected: String) throws {
        var report = Self.report(.notPurchased)
        report.onboarding?.completion = .skipped
        report.onboarding?.quit = quit
        #expect(
            report.text(locale: Self.english, timeZone: Self.utc).contains("onboarding: \(expected) at version 1.4.0"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let onboarding = try #require(object["onboarding"] as? [String: Any])
        #expect(onboarding["outcome"] as? String == expected)
    }

    /// The answers of the question pages: one line for people, an object for programs, and
    /// typed text never raw to the terminal.
    @Test func theAnswersAreReported() throws {
        var report = Self.report(.notPurchased)
        report.onboarding?.answers = [
            "shell": .text("zsh"), "tools": .choices(["git", "k8s"]), "telemetry": .yesNo(false),
            "name": .text("Ada\u{1B}[2J\nLovelace"),
        ]
        let text = report.text(locale: Self.english, timeZone: Self.utc)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("  answers: ") })
        #expect(line.hasSuffix("shell=zsh, telemetry=false, tools=git,k8s"), "\(line)")
        #expect(text.split(separator: "\n").count == 5 && !text.contains("\u{1B}"), "\(text)")
        let onboarding = try #require(try Self.object(report)["onboarding"] as? [String: Any])
        let answers = try #require(onboarding["answers"] as? [String: Any])
        #expect(answers["tools"] as? [String] == ["git", "k8s"] && answers["telemetry"] as? Bool == false)
        #expect(answers["name"] as? String == "Ada\u{1B}[2J\nLovelace")
        // None stored: no line, and an empty object.
        report.onboarding?.answers = nil
        #expect(!report.text(locale: Self.english, timeZone: Self.utc).contains("answers"))
        #expect((try Self.object(report)["onboarding"] as? [String: Any])?["answers"] as? [String: Any] != nil)
    }

    @Test func namesFromFilesCannotBreakTheLines() {
        var report = Self.report(.lifetime)
        report.appID = "evil\napp\u{1B}[2J"
        let text = report.text(locale: Self.english, timeZone: Self.utc)
        #expect(text.split(separator: "\n").count == 4)
        #expect(!text.contains("\u{1B}"))
    }
}

/// docs/status-json.md shows the document as it is printed.
@Suite struct StatusJSONDocumentationTests {
    @Test func theDocumentedExampleHasExactlyTheKeysPrinted() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/status-json.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text[start.upperBound...].range(of: "\n```"))
        let documented = try #require(
            try JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any])
        let report = StatusReportTests.report(.active(until: StatusReportTests.later, willRenew: true))
        let printed = try StatusReportTests.object(report)
        #expect(Set(documented.keys) == Set(printed.keys))
        let keys = { (object: [String: Any], key: String) -> Set<String> in
            Set(((object[key] as? [[String: Any]])?.first ?? (object[key] as? [String: Any]) ?? [:]).keys)
        }
        #expect(keys(documented, "onboarding") == keys(printed, "onboarding"))
        #expect(keys(documented, "entitlements") == keys(printed, "entitlements"))
        #expect(documented["version"] as? Int == StatusReport.jsonVersion)
    }
}
