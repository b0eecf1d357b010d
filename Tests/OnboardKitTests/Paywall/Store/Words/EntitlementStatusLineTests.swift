import Foundation
import Testing

@testable import OnboardKit

@Suite struct EntitlementStatusLineTests {
    static let pro = StoreFixtures.catalog.entitlements[0]
    static let december3 = StoreFixtures.date(2026, 12, 3, hour: 12)

    @Test(arguments: [
        (EntitlementStatus.State.active(until: december3, willRenew: true), "Active until Dec 3, 2026 (renews)"),
        (.active(until: december3, willRenew: false), "Active until Dec 3, 2026 (won't renew)"),
        (.expired(on: december3), "Expired on Dec 3, 2026"),
        (.lifetime, "Lifetime"),
        (.notPurchased, "Not purchased"),
        (.awaitingApproval, "Awaiting approval"),
    ])
    func everyStateReadsExactlyInEnglishUS(state: EntitlementStatus.State, line: String) {
        let status = EntitlementStatus(entitlement: Self.pro, state: state)
        #expect(status.statusLine(locale: StoreFixtures.enUS, timeZone: StoreFixtures.utc) == line)
    }

    @Test(arguments: [
        ("en_GB", "Expired on 3 Dec 2026"),
        ("fr_FR", "Expired on 3 déc. 2026"),
    ])
    func theLocaleShapesTheDate(identifier: String, line: String) {
        let status = EntitlementStatus(entitlement: Self.pro, state: .expired(on: Self.december3))
        #expect(status.statusLine(locale: Locale(identifier: identifier), timeZone: StoreFixtures.utc) == line)
    }

    @Test func theDayIsTheDayInTheGivenTimeZone() {
        let lateEvening = StoreFixtures.date(2026, 12, 3, hour: 23, minute: 30)
        let status = EntitlementStatus(entitlement: Self.pro, state: .expired(on: lateEvening))
        #expect(status.statusLine(locale: StoreFixtures.enUS, timeZone: StoreFixtures.utc) == "Expired on Dec 3, 2026")
        #expect(
            status.statusLine(locale: StoreFixtures.enUS, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
                == "Expired on Dec 4, 2026")
    }

    @Test func onlyLifetimeAndActiveCountAsActive() {
        let active = EntitlementStatus.State.active(until: Self.december3, willRenew: false)
        #expect(EntitlementStatus.State.lifetime.isActive)
        #expect(active.isActive)
        #expect(!EntitlementStatus.State.expired(on: Self.december3).isActive)
        #expect(!EntitlementStatus.State.awaitingApproval.isActive)
        #expect(!EntitlementStatus.State.notPurchased.isActive)
    }
}
