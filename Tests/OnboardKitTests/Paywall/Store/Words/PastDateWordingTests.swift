import Foundation
import Testing

@testable import OnboardKit

/// Words that look ahead ("renews at … from DATE", "changes on DATE", "applies from the next
/// renewal on DATE", "access lasts until DATE", a plan's "from DATE" tag) never name a day that
/// has passed: in a grace period or billing retry the renewal due is the failed one, and the
/// next charge comes whenever the billing is resolved.
@Suite struct PastDateWordingTests {
    typealias F = StoreFixtures
    typealias L = LifecycleFixtures

    /// Where the subscription stands when the words are asked for.
    enum Standing: String, CaseIterable, CustomTestStringConvertible {
        case active, gracePeriod, billingRetry
        var testDescription: String { rawValue }

        /// A customer of silver.monthly (bought Jan 10 with a week's trial, so first renewing on
        /// Jan 17) in this standing, with a downgrade to bronze.annual waiting when asked; the
        /// grace period is 16 days, none for billing retry.
        func customer(downgrading: Bool = false) -> L.Customer {
            var customer = L.Customer(grace: self == .billingRetry ? nil : SubscriptionPeriod(value: 16, unit: .day))
            customer.buy("silver.monthly")
            customer.now = F.date(2026, 1, 11)
            if downgrading { customer.must(.buy(productID: "bronze.annual", offerID: nil)) }
            if self != .active { customer.must(.billingIssue(productID: "silver.monthly")) }
            customer.now = self == .active ? F.date(2026, 1, 12) : F.date(2026, 1, 25)
            return customer
        }
    }

    /// The actions whose summary looks ahead.
    static let actions: [(name: String, action: LifecycleAction)] = [
        ("price increase", .priceIncrease(productID: "silver.monthly", price: 7.99, consent: false)),
        ("price increase with consent", .priceIncrease(productID: "silver.monthly", price: 7.99, consent: true)),
        ("cancel", .cancel(productID: "silver.monthly")),
        ("downgrade", .buy(productID: "bronze.monthly", offerID: nil)),
        ("promotional offer", .buy(productID: "silver.monthly", offerID: "SAVE50")),
    ]

    /// Every "Mon D, YYYY" in `text`, as dates.
    static func days(in text: String) throws -> [Date] {
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"))
        var utc = style
        utc.timeZone = F.calendar.timeZone
        return try text.matches(of: /[A-Z][a-z]{2} \d{1,2}, \d{4}/).map { try Date(String($0.output), strategy: utc) }
    }

    @Test(arguments: Standing.allCases)
    func noSummaryNamesADayThatHasPassed(standing: Standing) throws {
        let customer = standing.customer()
        let today = F.calendar.startOfDay(for: customer.now)
        var said: [String] = []
        for (name, action) in Self.actions {
            guard case .success(let step) = customer.lifecycle.plan(action, in: customer.context, transactionID: "X")
            else { continue }
            said.append(step.summary)
            for day in try Self.days(in: step.summary) {
                #expect(day >= today, "\(standing) \(name): \(step.summary)")
            }
        }
        #expect(customer.pro.state.isActive == (standing != .billingRetry))
        // Each standing says something that looks ahead, so the check above had words to read.
        #expect(said.contains { $0.contains("renews at") }, "\(said)")
        if standing != .active {
            #expect(said.contains { $0.contains("from the next renewal") }, "\(said)")
        }
    }

    @Test(arguments: Standing.allCases)
    func noPlanOnThePaywallIsOfferedFromADayThatHasPassed(standing: Standing) throws {
        // A downgrade waiting, as well as the plans offered.
        let customer = standing.customer(downgrading: true)
        let snapshot = EntitlementSnapshot(customer.context)
        let today = F.calendar.startOfDay(for: customer.now)
        for (id, change) in snapshot.planChanges {
            if let date = change.effectiveDate { #expect(date > customer.now, "\(standing) \(id)") }
            let tag = change.tag {
                EntitlementStatus.day($0, locale: Locale(identifier: "en_US"), timeZone: F.calendar.timeZone)
            }
            for day in try Self.days(in: tag) { #expect(day >= today, "\(standing) \(id): \(tag)") }
        }
        // A plan is offered or waits wherever the customer has access.
        #expect(snapshot.planChanges.isEmpty == (standing == .billingRetry), "\(snapshot.planChanges)")
    }
}
