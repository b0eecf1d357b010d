import Foundation

@testable import OnboardKit

/// A small catalog with a product of every kind, dates on a UTC Gregorian calendar, and a
/// harness that plays the app's shell: it appends recorded transactions to a ledger.
enum StoreFixtures {
    static let utc = TimeZone(identifier: "UTC")!
    static let enUS = Locale(identifier: "en_US")

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()

    static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0, minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static let coffee = Product(
        id: "tips.coffee", type: .consumable, price: 2.99, currencyCode: "USD", localizedTitle: "Coffee Tip")
    static let lifetime = Product(
        id: "pro.lifetime", type: .nonConsumable, price: 99.99, currencyCode: "USD", localizedTitle: "Pro Lifetime")
    static let season = Product(
        id: "pass.season", type: .nonRenewing, price: 14.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 3, unit: .month), localizedTitle: "Season Pass")
    static let monthly = Product(
        id: "pro.monthly", type: .autoRenewable, price: 4.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .month), subscriptionGroup: "pro",
        subscriptionGroupLevel: 2,
        localizedTitle: "Pro Monthly")
    static let annual = Product(
        id: "pro.annual", type: .autoRenewable, price: 39.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .year), subscriptionGroup: "pro",
        subscriptionGroupLevel: 1,
        introductoryOffer: IntroductoryOffer(
            paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)),
        localizedTitle: "Pro Annual")
    /// Monthly with a 7-day free trial, in a group of its own.
    static let studio = Product(
        id: "studio.monthly", type: .autoRenewable, price: 9.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .month), subscriptionGroup: "studio",
        subscriptionGroupLevel: 1,
        introductoryOffer: IntroductoryOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 7, unit: .day)),
        localizedTitle: "Studio Monthly")
    /// Weekly with two discounted weeks paid as you go.
    static let weekly = Product(
        id: "extras.weekly", type: .autoRenewable, price: 1.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .week), subscriptionGroup: "extras",
        introductoryOffer: IntroductoryOffer(
            paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .week), periodCount: 2, price: 0.99),
        localizedTitle: "Extras Weekly")

    static let products = [coffee, lifetime, season, monthly, annual, studio, weekly]

    static let catalog = Catalog(
        offerings: [
            Offering(
                id: "default",
                packages: [
                    Package(identifier: "$rc_monthly", product: monthly),
                    Package(identifier: "$rc_annual", product: annual),
                    Package(identifier: "$rc_lifetime", product: lifetime),
                    Package(identifier: "season", product: season),
                    Package(identifier: "coffee", product: coffee),
                    Package(identifier: "studio", product: studio),
                    Package(identifier: "extras", product: weekly),
                ], copy: PaywallCopy(title: "Go Pro"))
        ],
        currentOfferingID: "default",
        products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
        entitlements: [
            Entitlement(id: "pro", displayName: "Pro", productIDs: ["pro.monthly", "pro.annual", "pro.lifetime"]),
            Entitlement(id: "studio", displayName: "Studio", productIDs: ["studio.monthly"]),
            Entitlement(id: "season", displayName: "Season", productIDs: ["pass.season"]),
            Entitlement(id: "extras", displayName: "Extras", productIDs: ["extras.weekly"]),
            Entitlement(id: "tips", displayName: "Supporter", productIDs: ["tips.coffee"]),
        ])

    static func package(_ identifier: String) -> Package {
        catalog.currentOffering!.package(identifier: identifier)!
    }
}

/// Plays the app's shell around a `StoreSimulator`: applies its events to a ledger and counts
/// celebrations, at a simulated date the test moves.
struct StoreHarness {
    var simulator: StoreSimulator
    var ledger = Ledger()
    var celebrations = 0
    var now: Date
    let catalog = StoreFixtures.catalog
    let calendar = StoreFixtures.calendar

    init(
        mode: StoreSimulator.SimulationMode, latency: Double = 0, seed: UInt64 = 7,
        now: Date = StoreFixtures.date(2026, 1, 1)
    ) {
        simulator = StoreSimulator(mode: mode, latency: latency, seed: seed)
        self.now = now
    }

    /// When set, the shell answers every record with a held lock, as when another process
    /// keeps the ledger locked.
    var lockIsHeld = false
    /// Every record the simulator asked for, answered or not.
    var recordRequests: [LedgerTransaction] = []

    /// Plays the shell: each record is checked against the ledger by the same gate the real
    /// shell runs under the ledger's lock, and answered.
    mutating func apply(_ events: [StoreEvent]) {
        for event in events {
            switch event {
            case .record(let transaction):
                recordRequests.append(transaction)
                let result: RecordResult
                if lockIsHeld {
                    result = .busy
                } else if let refusal = PurchaseGate(catalog: catalog, calendar: calendar).refusal(
                    of: transaction, in: ledger)
                {
                    result = .refused(refusal, ledger)
                } else {
                    ledger.append(transaction)
                    result = .saved(ledger)
                }
                apply(simulator.finishRecording(transaction.id, result: result))
            case .celebrate: celebrations += 1
            case .openAddress, .verifyLicense, .checkoutOpened: break
            }
        }
    }

    mutating func purchase(_ packageID: String) {
        apply(
            simulator.purchase(StoreFixtures.package(packageID), in: context))
    }

    mutating func choose(_ outcome: StoreSimulator.PurchaseResult) {
        apply(simulator.choose(outcome, in: context))
    }

    mutating func retry() { apply(simulator.retry(in: context)) }

    mutating func restore() { apply(simulator.restore(in: context)) }

    mutating func tick(_ seconds: Double) {
        apply(simulator.tick(seconds: seconds, in: context))
    }

    mutating func approve(_ transactionID: String) {
        apply(
            simulator.approvePending(transactionID: transactionID, in: context))
    }

    mutating func decline(_ transactionID: String) {
        apply(simulator.declinePending(transactionID: transactionID, in: context))
    }

    func status(_ entitlementID: String) -> EntitlementStatus {
        EntitlementResolver.status(of: catalog.entitlement(id: entitlementID)!, in: context)
    }

    var context: StoreContext { StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: calendar) }

    func line(_ entitlementID: String) -> String {
        status(entitlementID).statusLine(locale: StoreFixtures.enUS, timeZone: StoreFixtures.utc)
    }
}
