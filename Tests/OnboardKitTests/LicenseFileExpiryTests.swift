import Foundation
import Testing

@testable import OnboardKit

/// A keygen file carries two expiries: the license's (the entitlement's end) and the file's own
/// (its check-out TTL). Both are said, apart, wherever a status is shown; once the file has
/// expired the entitlement is inactive and says what to do, never "Not purchased".
@Suite("A license file's own expiry")
struct LicenseFileExpiryTests {
    static let before = StoreFixtures.date(2026, 10, 1)
    static let fileExpires = StoreFixtures.date(2026, 10, 4)
    static let after = StoreFixtures.date(2026, 10, 20)
    static let licenseExpires = StoreFixtures.date(2027, 10, 5)
    static let pro = Entitlement(id: "pro", displayName: "Pro", productIDs: ["pro.monthly"])
    static let account = "https://vendor.example.com/account"
    static let utc = TimeZone(identifier: "UTC")!
    static let english = Locale(identifier: "en_US")

    static func license(expires: Date? = licenseExpires, fileExpires: Date? = fileExpires) -> License {
        License(
            format: .keygen, id: "L-1", appID: "a", issued: StoreFixtures.date(2026, 9, 1),
            licensee: License.Licensee(name: "Ada Lovelace", email: nil),
            grants: [License.Grant(entitlement: "pro", expires: expires)], fileExpires: fileExpires)
    }

    static func status(
        at now: Date, licenses: [License] = [license()], simulated: EntitlementStatus.State = .notPurchased,
        accountURL: String? = account
    ) -> EntitlementStatus {
        let store = EntitlementStatus(
            entitlement: pro, state: simulated, productID: simulated == .notPurchased ? nil : "pro.monthly")
        return EntitlementAnswers.statuses(
            simulated: [store], licenses: licenses, countsSimulated: true, now: now, accountURL: accountURL)[0]
    }

    static func report(_ status: EntitlementStatus, now: Date) -> StatusReport {
        StatusReport(
            appID: "a", stateDirectory: "/state", now: now, onboarding: nil, catalogPath: "/catalog.json",
            entitlements: [status])
    }

    @Test func beforeTheFileExpiresTheLicensesEndIsTheEntitlementsAndTheFilesIsSaidApart() throws {
        let status = Self.status(at: Self.before)
        #expect(status.state == .active(until: Self.licenseExpires, willRenew: false))
        #expect(status.grantsAccess)
        #expect(status.statusLine(locale: Self.english, timeZone: Self.utc) == "Active until Oct 5, 2027")
        #expect(
            status.licenseFileNote(locale: Self.english, timeZone: Self.utc)
                == "This license file must be renewed by Oct 4, 2026: check out a new one from \(Self.account)")
        let text = Self.report(status, now: Self.before).text(locale: Self.english, timeZone: Self.utc)
        #expect(
            text.contains("pro  active    Active until Oct 5, 2027 · license L-1, licensed to Ada Lovelace\n"),
            "\(text)")
        #expect(text.contains("\n                   This license file must be renewed by Oct 4, 2026"), "\(text)")
        let json = try StatusReportTests.entitlement(Self.report(status, now: Self.before))
        #expect(json["expiresDate"] as? String == "2027-10-05T00:00:00Z")
        #expect(json["licenseFileExpiresDate"] as? String == "2026-10-04T00:00:00Z")
        #expect(json["licenseAccountURL"] as? String == Self.account)
        #expect(json["state"] as? String == "active" && json["active"] as? Bool == true)
    }

    @Test func afterTheFileExpiresTheEntitlementIsInactiveAndSaysWhatToDo() throws {
        let status = Self.status(at: Self.after)
        #expect(status.state == .licenseFileExpired(on: Self.fileExpires))
        #expect(!status.grantsAccess)
        #expect(status.statusLine(locale: Self.english, timeZone: Self.utc) == "License file expired on Oct 4, 2026")
        #expect(
            status.licenseFileNote(locale: Self.english, timeZone: Self.utc)
                == "Check out a new license file from \(Self.account): the license itself is still valid")
        let text = Self.report(status, now: Self.after).text(locale: Self.english, timeZone: Self.utc)
        #expect(text.contains("pro  inactive  License file expired on Oct 4, 2026 · license L-1"), "\(text)")
        #expect(!text.contains("Not purchased"), "\(text)")
        let json = try StatusReportTests.entitlement(Self.report(status, now: Self.after))
        #expect(json["state"] as? String == "license-file-expired" && json["active"] as? Bool == false)
        #expect(json["expiresDate"] as? String == "2027-10-05T00:00:00Z", "the license's own end")
        #expect(json["source"] as? String == "license")
        #expect(json["licenseFileExpiresDate"] as? String == "2026-10-04T00:00:00Z")
    }

    @Test func withoutAnAccountAddressTheNoteSaysWhereToAsk() {
        let valid = Self.status(at: Self.before, accountURL: nil)
        #expect(
            valid.licenseFileNote(locale: Self.english, timeZone: Self.utc)
                == "This license file must be renewed by Oct 4, 2026: ask for a new one where you got it")
        let expired = Self.status(at: Self.after, accountURL: nil)
        #expect(
            expired.licenseFileNote(locale: Self.english, timeZone: Self.utc)
                == "Ask for a new license file where you got this one: the license itself is still valid")
    }

    /// What decides the answer, case by case: a valid file wins; a purchase beats a stale file;
    /// a stale file beats nothing; a license that has itself expired is just expired.
    @Test(
        arguments: [
            ([license()], EntitlementStatus.State.notPurchased, after, "license-file-expired"),
            ([license(fileExpires: nil)], .notPurchased, after, "active"),
            ([license(), license(fileExpires: StoreFixtures.date(2026, 11, 30))], .notPurchased, after, "active"),
            ([license()], .lifetime, after, "lifetime"),
            ([license(expires: StoreFixtures.date(2026, 10, 10))], .notPurchased, after, "expired"),
            ([license(expires: nil)], .notPurchased, after, "license-file-expired"),
            ([license(expires: nil)], .notPurchased, before, "lifetime"),
        ])
    func whichAnswerWins(licenses: [License], simulated: EntitlementStatus.State, now: Date, state: String) {
        let status = Self.status(at: now, licenses: licenses, simulated: simulated)
        #expect(StatusReport.stateName(status.state) == state)
        #expect(status.grantsAccess == (state == "active" || state == "lifetime"))
    }

    /// The paywall says both expiries, and what grants the entitlement, on its status lines.
    @Test func thePaywallSaysBothExpiriesAndWhatGrants() throws {
        var catalog = try CheckoutSheetTests.catalog()
        catalog.licensing?.accountURL = Self.account
        let proName = try #require(catalog.entitlements.first { $0.id == "pro" }).displayName
        let lines = { (now: Date) throws -> [String] in
            let setup = PaywallSetup(
                catalog: catalog, clock: StoreClock(startWallDate: now), licenses: [Self.license()])
            let controller = PaywallController(setup: setup, seed: 1)
            let presentation = try #require(controller.presentation(for: PaywallPage(offeringID: nil)))
            return presentation.statusLines + presentation.statusNotes
        }
        #expect(
            try lines(Self.before) == [
                "\(proName): Active until Oct 5, 2027 · licensed to Ada Lovelace",
                "This license file must be renewed by Oct 4, 2026: check out a new one from \(Self.account)",
            ])
        #expect(
            try lines(Self.after) == [
                "\(proName): License file expired on Oct 4, 2026",
                "Check out a new license file from \(Self.account): the license itself is still valid",
            ])
    }

    /// The note ends with the address to go to: on a narrow screen it wraps, never cut.
    @Test(arguments: [80, 60, 44])
    func theNoteWrapsWholeOnTheScreen(width: Int) throws {
        var catalog = try CheckoutSheetTests.catalog()
        catalog.licensing?.accountURL = Self.account
        let deck = PaywallFixtures.deck([.paywall(PaywallPage(offeringID: "default"))])
        let setup = PaywallSetup(
            catalog: catalog, clock: StoreClock(startWallDate: Self.before), licenses: [Self.license()])
        var app = PaywallFixtures.app(deck, setup: setup, width: width, height: 40)
        _ = app.update(.presented)
        let screen = CheckoutSheetTests.render(app).lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(screen.contains { $0.hasSuffix(Self.account) }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.hasPrefix("This license file must be renewed") })
        #expect(!screen.contains { $0.contains("…") && $0.contains("renewed") })
    }

    /// The paywall wakes when the file expires, and says so then, without being asked.
    @Test func thePaywallWakesWhenTheFileExpires() throws {
        var catalog = try CheckoutSheetTests.catalog()
        catalog.licensing?.accountURL = Self.account
        let setup = PaywallSetup(
            catalog: catalog, clock: StoreClock(startWallDate: Self.before), licenses: [Self.license()])
        var controller = PaywallController(setup: setup, seed: 1)
        let wake = try #require(controller.nextChange)
        #expect(wake == Self.fileExpires)
        #expect(controller.statusLines.allSatisfy { !$0.contains("License file expired") })
        controller.setWallDate(wake)
        #expect(
            controller.statusLines.contains { $0.contains("License file expired on Oct 4, 2026") },
            "\(controller.statusLines)")
        #expect(controller.nextChange == Self.licenseExpires, "the license's own end is the next change")
    }
}
